/// Prints an expression so that parsing the text gives the same tree's value: parentheses
/// only where precedence or associativity needs them, numbers in their shortest form that
/// reads back to the same Double (negative numbers in parentheses, ±∞ as `(1/0)`/`(-1/0)`,
/// NaN as `(0/0)`).
extension Expression: CustomStringConvertible {
    public var description: String { printed(needing: .conditional) }

    private var precedence: ExpressionPrecedence {
        switch self {
        case .number, .variable, .call: .primary
        case .unary: .unary
        case .binary(let op, _, _): op.precedence
        case .conditional: .conditional
        }
    }

    /// The text, parenthesised unless it binds at least as tightly as `needed`.
    private func printed(needing needed: ExpressionPrecedence) -> String {
        let text = bare
        return precedence < needed ? "(\(text))" : text
    }

    private var bare: String {
        switch self {
        case .number(let value): return Self.number(value)
        case .variable(let name, _): return name
        case let .unary(op, x): return op.rawValue + x.printed(needing: .unary)
        case let .binary(.power, a, b):
            // Right associative, and tighter than unary minus: the base must be a primary,
            // the exponent may be unary (`2^-1`).
            return a.printed(needing: .primary) + "^" + b.printed(needing: .unary)
        case let .binary(op, a, b):
            let level = op.precedence
            let tighter = ExpressionPrecedence(rawValue: level.rawValue + 1) ?? .primary
            return a.printed(needing: level) + " \(op.rawValue) " + b.printed(needing: tighter)
        case let .conditional(c, a, b):
            return c.printed(needing: .or) + " ? " + a.printed(needing: .conditional) + " : " + b.printed(needing: .conditional)
        case let .call(f, arguments):
            return f.rawValue + "(" + arguments.map { $0.printed(needing: .conditional) }.joined(separator: ", ") + ")"
        }
    }

    /// A number as the lexer reads it back exactly.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "(0/0)" }
        if value == .infinity { return "(1/0)" }
        if value == -.infinity { return "(-1/0)" }
        if value.sign == .minus { return "(-\(number(-value)))" }
        if value == value.rounded(), value < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
