/// The operators of the expression language, loosest first: `?:` (right associative), `||`,
/// `&&`, `== !=`, `< <= > >=`, `+ -`, `* /`, unary `- !`, `^` (right associative, tighter than
/// unary minus: `-2^2` is −4, `2^-1` is 0.5). True is 1, false 0; a NaN operand of `&&`, `||`
/// or `!` gives NaN, and comparisons with NaN are false (IEEE 754).
public enum BinaryOperator: String, CaseIterable, Sendable, Hashable {
    case or = "||", and = "&&"
    case equal = "==", notEqual = "!="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case add = "+", subtract = "-", multiply = "*", divide = "/", power = "^"

    /// Binding strength: larger binds tighter (`ExpressionPrecedence`).
    public var precedence: ExpressionPrecedence {
        switch self {
        case .or: .or
        case .and: .and
        case .equal, .notEqual: .equality
        case .less, .lessOrEqual, .greater, .greaterOrEqual: .comparison
        case .add, .subtract: .sum
        case .multiply, .divide: .product
        case .power: .power
        }
    }

    /// The operator applied to `a` and `b`.
    @inlinable public static func apply(_ op: BinaryOperator, _ a: Double, _ b: Double) -> Double {
        switch op {
        case .or: a.isNaN || b.isNaN ? .nan : (a != 0 || b != 0 ? 1 : 0)
        case .and: a.isNaN || b.isNaN ? .nan : (a != 0 && b != 0 ? 1 : 0)
        case .equal: a == b ? 1 : 0
        case .notEqual: a != b ? 1 : 0
        case .less: a < b ? 1 : 0
        case .lessOrEqual: a <= b ? 1 : 0
        case .greater: a > b ? 1 : 0
        case .greaterOrEqual: a >= b ? 1 : 0
        case .add: a + b
        case .subtract: a - b
        case .multiply: a * b
        case .divide: a / b
        case .power: ExpressionFunction.apply(.pow, a, b)
        }
    }
}

/// Unary minus and logical not.
public enum UnaryOperator: String, CaseIterable, Sendable, Hashable {
    case negate = "-", not = "!"

    @inlinable public static func apply(_ op: UnaryOperator, _ x: Double) -> Double {
        switch op {
        case .negate: -x
        case .not: x.isNaN ? .nan : (x == 0 ? 1 : 0)
        }
    }
}

/// How tightly a form binds, loosest first.
public enum ExpressionPrecedence: Int, Comparable, Sendable {
    case conditional, or, and, equality, comparison, sum, product, unary, power, primary

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
