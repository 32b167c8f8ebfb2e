import CardLayoutFiles
import Foundation
import Testing

/// Every function of the language against Foundation's (the C library's) functions, and the
/// GLSL definitions where GLSL defines them.
@Suite struct ExpressionFunctionTests {
    static let samples: [Double] = [-7.25, -2.5, -1, -0.5, -0.3, 0, 0.25, 0.5, 0.99, 1, 1.5, 2.5, 3.75, 10]

    static func close(_ a: Double, _ b: Double) -> Bool {
        (a.isNaN && b.isNaN) || a == b || abs(a - b) <= 1e-12 * max(1, abs(b))
    }

    static var unary: [(String, (Double) -> Double)] { [
        ("sin", Foundation.sin), ("cos", Foundation.cos), ("tan", Foundation.tan), ("asin", Foundation.asin),
        ("acos", Foundation.acos), ("atan", Foundation.atan), ("abs", Foundation.fabs), ("floor", Foundation.floor),
        ("ceil", Foundation.ceil), ("round", Foundation.round), ("sqrt", Foundation.sqrt), ("exp", Foundation.exp),
        ("log", Foundation.log), ("fract", { $0 - Foundation.floor($0) }),
        ("sign", { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) }),
    ] }

    @Test func oneArgument() throws {
        for (name, reference) in Self.unary {
            for x in Self.samples {
                let value = try Evaluate.value("\(name)(\(Expression.number(x)))")
                #expect(Self.close(value, reference(x)), "\(name)(\(x)) = \(value), Foundation \(reference(x))")
            }
        }
    }

    static var binary: [(String, (Double, Double) -> Double)] { [
        ("atan2", Foundation.atan2), ("pow", Foundation.pow), ("min", Foundation.fmin), ("max", Foundation.fmax),
        ("mod", { $0 - $1 * Foundation.floor($0 / $1) }), ("step", { $1 < $0 ? 0 : 1 }),
    ] }

    @Test func twoArguments() throws {
        for (name, reference) in Self.binary {
            for a in Self.samples {
                for b in Self.samples.reversed() {
                    let value = try Evaluate.value("\(name)(\(Expression.number(a)), \(Expression.number(b)))")
                    #expect(Self.close(value, reference(a, b)), "\(name)(\(a), \(b)) = \(value), expected \(reference(a, b))")
                }
            }
        }
        // `^` is pow.
        #expect(try Evaluate.value("2.5^1.5") == Foundation.pow(2.5, 1.5))
        // GLSL's mod takes the divisor's sign (C's fmod the dividend's).
        #expect(try Evaluate.value("mod(-1, 3)") == 2)
        #expect(Foundation.fmod(-1, 3) == -1)
    }

    @Test func threeArguments() throws {
        for a in Self.samples {
            for b in [-1.0, 0.25, 2] {
                for c in [-0.5, 0, 0.3, 1, 4] {
                    let args = "\(Expression.number(a)), \(Expression.number(b)), \(Expression.number(c))"
                    let clamp = Foundation.fmin(Foundation.fmax(a, b), c)
                    #expect(Self.close(try Evaluate.value("clamp(\(args))"), clamp))
                    #expect(Self.close(try Evaluate.value("mix(\(args))"), a * (1 - c) + b * c))
                    let t = Foundation.fmin(Foundation.fmax((c - a) / (b - a), 0), 1)
                    #expect(Self.close(try Evaluate.value("smoothstep(\(args))"), t * t * (3 - 2 * t)), "smoothstep(\(args))")
                }
            }
        }
    }

    /// Each function named in the guide exists with its arity, and a wrong count is refused.
    @Test func arity() {
        #expect(ExpressionFunction.allCases.count == 24)
        for f in ExpressionFunction.allCases {
            let args = Array(repeating: "1", count: f.arity + 1).joined(separator: ", ")
            let error = Evaluate.error("\(f.rawValue)(\(args))")
            #expect(error?.message.contains("\(f.rawValue) takes \(f.arity) argument") == true, "\(f.rawValue): \(String(describing: error))")
        }
    }
}
