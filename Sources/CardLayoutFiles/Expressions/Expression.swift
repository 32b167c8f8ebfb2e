/// A parsed expression: a tree of numbers, variables, operators and calls (SPEC §9). Compile it
/// (`ExpressionProgram`) to evaluate it per card; print it (`description`) to read it back.
public indirect enum Expression: Sendable, Hashable {
    case number(Double)
    /// A variable by name and its register (`ExpressionScope`).
    case variable(String, slot: Int)
    case unary(UnaryOperator, Expression)
    case binary(BinaryOperator, Expression, Expression)
    /// `condition ? then : otherwise`.
    case conditional(Expression, Expression, Expression)
    case call(ExpressionFunction, [Expression])

    /// The value with `registers` holding the variables (a slow, direct evaluation: the
    /// reference the compiled form is tested against).
    public func evaluate(_ registers: [Double]) -> Double {
        switch self {
        case .number(let value): return value
        case .variable(_, let slot): return registers[slot]
        case let .unary(op, x): return UnaryOperator.apply(op, x.evaluate(registers))
        case let .binary(op, a, b): return BinaryOperator.apply(op, a.evaluate(registers), b.evaluate(registers))
        case let .conditional(c, a, b):
            let test = c.evaluate(registers)
            let yes = a.evaluate(registers), no = b.evaluate(registers)
            return test.isNaN ? .nan : (test != 0 ? yes : no)
        case let .call(f, arguments):
            let values = arguments.map { $0.evaluate(registers) }
            switch values.count {
            case 1: return ExpressionFunction.apply(f, values[0])
            case 2: return ExpressionFunction.apply(f, values[0], values[1])
            default: return ExpressionFunction.apply(f, values[0], values[1], values[2])
            }
        }
    }

    /// The registers the expression reads.
    public var slotsRead: Set<Int> {
        switch self {
        case .number: []
        case .variable(_, let slot): [slot]
        case .unary(_, let x): x.slotsRead
        case let .binary(_, a, b): a.slotsRead.union(b.slotsRead)
        case let .conditional(c, a, b): c.slotsRead.union(a.slotsRead).union(b.slotsRead)
        case let .call(_, arguments): arguments.reduce(into: []) { $0.formUnion($1.slotsRead) }
        }
    }

    /// How deeply the tree nests (a number is 1).
    public var depth: Int {
        switch self {
        case .number, .variable: 1
        case .unary(_, let x): 1 + x.depth
        case let .binary(_, a, b): 1 + Swift.max(a.depth, b.depth)
        case let .conditional(c, a, b): 1 + Swift.max(c.depth, a.depth, b.depth)
        case let .call(_, arguments): 1 + (arguments.map(\.depth).max() ?? 0)
        }
    }
}
