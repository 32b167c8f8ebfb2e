import RealModule

/// The functions of the expression language (SPEC §9), with GLSL's semantics where GLSL has the
/// function: `mod(a, b) = a − b·floor(a/b)`, `clamp(x, lo, hi) = min(max(x, lo), hi)`,
/// `mix(a, b, t) = a·(1 − t) + b·t`, `step(edge, x) = x < edge ? 0 : 1`,
/// `smoothstep(e0, e1, x)` the Hermite `t²(3 − 2t)` of `t = clamp((x − e0)/(e1 − e0), 0, 1)`.
/// `min`, `max` and `clamp` give NaN when an argument is NaN (a NaN never vanishes silently: it
/// hides the card and is reported). `round` rounds halves away from zero; `log` is natural;
/// angles are radians.
public enum ExpressionFunction: String, CaseIterable, Sendable, Hashable {
    case sin, cos, tan, asin, acos, atan, atan2, abs, sign, min, max, clamp, mix, smoothstep, step
    case floor, ceil, round, fract, mod, sqrt, pow, exp, log

    /// How many arguments the function takes.
    public var arity: Int {
        switch self {
        case .atan2, .min, .max, .step, .mod, .pow: 2
        case .clamp, .mix, .smoothstep: 3
        default: 1
        }
    }

    /// How the guide and errors write it: `clamp(x, lo, hi)`.
    public var signature: String {
        switch self {
        case .atan2: "atan2(y, x)"
        case .min, .max: "\(rawValue)(a, b)"
        case .step: "step(edge, x)"
        case .mod: "mod(a, b)"
        case .pow: "pow(a, b)"
        case .clamp: "clamp(x, lo, hi)"
        case .mix: "mix(a, b, t)"
        case .smoothstep: "smoothstep(e0, e1, x)"
        default: "\(rawValue)(x)"
        }
    }

    /// The function of one argument.
    @inlinable public static func apply(_ f: ExpressionFunction, _ x: Double) -> Double {
        switch f {
        case .sin: Double.sin(x)
        case .cos: Double.cos(x)
        case .tan: Double.tan(x)
        case .asin: Double.asin(x)
        case .acos: Double.acos(x)
        case .atan: Double.atan(x)
        case .abs: Swift.abs(x)
        case .sign: x > 0 ? 1 : x < 0 ? -1 : x  // ±0 and NaN stay as they are
        case .floor: x.rounded(.down)
        case .ceil: x.rounded(.up)
        case .round: x.rounded(.toNearestOrAwayFromZero)
        case .fract: x - x.rounded(.down)
        case .sqrt: x.squareRoot()
        case .exp: Double.exp(x)
        case .log: Double.log(x)
        default: .nan
        }
    }

    /// The function of two arguments.
    @inlinable public static func apply(_ f: ExpressionFunction, _ a: Double, _ b: Double) -> Double {
        switch f {
        case .atan2: Double.atan2(y: a, x: b)
        case .min: a.isNaN || b.isNaN ? .nan : Swift.min(a, b)
        case .max: a.isNaN || b.isNaN ? .nan : Swift.max(a, b)
        case .step: a.isNaN || b.isNaN ? .nan : (b < a ? 0 : 1)
        case .mod: a - b * (a / b).rounded(.down)
        case .pow: power(a, b)
        default: .nan
        }
    }

    /// The function of three arguments.
    @inlinable public static func apply(_ f: ExpressionFunction, _ a: Double, _ b: Double, _ c: Double) -> Double {
        switch f {
        case .clamp: apply(.min, apply(.max, a, b), c)
        case .mix: a * (1 - c) + b * c
        case .smoothstep: hermite(apply(.clamp, (c - a) / (b - a), 0, 1))
        default: .nan
        }
    }

    /// `a` to the power `b` as C's `pow`: a whole exponent takes any base (`(-2)^3` is −8),
    /// `x^0` is 1 and `1^y` is 1 even for NaN; a negative base with a fractional exponent is NaN.
    @inlinable static func power(_ a: Double, _ b: Double) -> Double {
        if b == 0 || a == 1 { return 1 }
        if b == b.rounded(), Swift.abs(b) < 9.0e15 { return Double.pow(a, Int(b)) }
        return Double.pow(a, b)
    }

    /// `t²(3 − 2t)`.
    @inlinable static func hermite(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}
