import CardLayoutFiles
import Foundation
import Testing

/// Operators bind as SPEC §9 says: `^` tighter than unary minus and right associative,
/// `*` over `+`, comparisons over `&&` over `||`, the conditional loosest and right associative.
@Suite struct ExpressionPrecedenceTests {
    @Test(arguments: [
        ("-2^2", -4.0), ("2^3^2", 512), ("(2^3)^2", 64), ("1+2*3", 7), ("(1+2)*3", 9), ("2^-1", 0.5),
        ("-2^-2", -0.25), ("--3", 3), ("10-4-3", 3), ("64/4/2", 8), ("2*3^2", 18), ("-(2)^2", -4),
        ("1 ? 2 : 3 ? 4 : 5", 2), ("0 ? 2 : 3 ? 4 : 5", 4), ("0 ? 2 : 0 ? 4 : 5", 5), ("1 ? 0 ? 6 : 7 : 8", 7),
        ("1 || 0 && 0", 1), ("(1 || 0) && 0", 0), ("0 && 1 || 1", 1), ("!0 + 1", 2), ("!(0 + 1)", 0), ("!2", 0),
        ("1 < 2 == 1", 1), ("3 > 2 > 1", 0), ("2 <= 2", 1), ("2 >= 3", 0), ("1 != 1", 0), ("1 == 1", 1),
        ("1 + 1 < 3 && 2 * 2 == 4", 1), ("o > 0 ? o * w : -1", 200), ("pi", Double.pi), ("-inf < 0", 1),
        ("1e3 + .5", 1000.5), ("2.5e-1", 0.25), ("tilt * spacing", 0.225), ("W / 2 - w / 2", 440),
    ])
    func value(_ text: String, _ expected: Double) throws {
        let value = try Evaluate.value(text)
        #expect(abs(value - expected) <= 1e-12 * max(1, abs(expected)), "\(text) = \(value), expected \(expected)")
    }

    /// NaN operands of the logical operators and the conditional give NaN (never silently 0 or 1).
    @Test(arguments: ["(0/0) && 1", "(0/0) || 1", "!(0/0)", "(0/0) ? 1 : 2", "min(0/0, 1)", "max(1, 0/0)", "clamp(0/0, 0, 1)"])
    func nanPropagates(_ text: String) throws {
        #expect(try Evaluate.value(text).isNaN, "\(text)")
    }

    /// The printed form of a parsed expression puts parentheses exactly where needed.
    @Test(arguments: [
        ("-2^2", "-2^2"), ("(-2)^2", "(-2)^2"), ("2^3^2", "2^3^2"), ("(2^3)^2", "(2^3)^2"), ("1+2*3", "1 + 2 * 3"),
        ("(1+2)*3", "(1 + 2) * 3"), ("1-(2-3)", "1 - (2 - 3)"), ("(1-2)-3", "1 - 2 - 3"),
        ("(o ? 1 : 2) ? 3 : 4", "(o ? 1 : 2) ? 3 : 4"), ("clamp(o, -1, 1)", "clamp(o, -1, 1)"),
    ] as [(String, String?)])
    func printing(_ text: String, _ expected: String?) throws {
        guard let expected else { return }
        let tree = try ExpressionParser.parse(text, scope: Evaluate.scope)
        #expect(tree.description == expected)
    }
}
