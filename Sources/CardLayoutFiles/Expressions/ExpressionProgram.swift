/// Expressions compiled once into a flat program for a Double stack machine: constants folded,
/// variables resolved to registers, every instruction one `switch` case with no nested
/// dispatch. Running it allocates nothing: the caller lends the registers and the stack
/// (`withUnsafeTemporaryAllocation`, on the thread's stack).
///
/// A program holds several expressions; each ends by storing its value into a register, so one
/// run computes everything a card needs (`FileLayout`).
public struct ExpressionProgram: Sendable {
    /// One step. Operands are popped from the stack, results pushed.
    @usableFromInline enum Instruction: Sendable {
        case constant(Double)
        case load(Int)
        case store(Int)
        case negate, not
        case add, subtract, multiply, divide, power
        case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual, and, or
        /// `c ? a : b` with `c`, `a`, `b` on the stack (both branches are computed: they have no
        /// side effects, and straight-line code needs no jumps).
        case select
        /// `x op constant` and `x op variable` in one step (the commonest shapes: `o * w`,
        /// `x / 2`): fewer dispatches per card.
        case addConstant(Double), subtractConstant(Double), multiplyConstant(Double), divideConstant(Double)
        case addVariable(Int), subtractVariable(Int), multiplyVariable(Int), divideVariable(Int)
        case function1(ExpressionFunction)
        case function2(ExpressionFunction)
        case function3(ExpressionFunction)
    }

    @usableFromInline var code: [Instruction] = []
    /// Subtrees computed more than once across the program's expressions (`clamp(o, -1, 1)` in
    /// each of coverflow's values), with the register that keeps the first result.
    private var shared: [Expression: Int] = [:]
    private var sharedValues: [Expression: Int] = [:]
    /// The deepest the stack gets.
    public private(set) var stackSize = 0
    private var depth = 0

    public init() {}

    /// The number of instructions.
    public var count: Int { code.count }

    /// Appends `expression` (constants folded) and a store of its value into `register`.
    public mutating func append(_ expression: Expression, storingInto register: Int) {
        emit(Self.folded(expression))
        code.append(.store(register))
        depth -= 1
    }

    /// Appends several expressions, each stored into its register; a subtree that occurs more
    /// than once among them is computed once and kept in a scratch register from `scratch` on
    /// (returns the registers used in all). Constants are folded first.
    public mutating func append(_ expressions: [(Expression, register: Int)], scratch: Int) -> Int {
        let folded = expressions.map { (Self.folded($0.0), $0.register) }
        var counts: [Expression: Int] = [:]
        for (expression, _) in folded { Self.count(expression, into: &counts) }
        var next = scratch
        for (tree, count) in counts where count > 1 {
            switch tree {
            case .number, .variable: continue
            default:
                shared[tree] = next
                next += 1
            }
        }
        for (expression, register) in folded {
            emit(expression)
            code.append(.store(register))
            depth -= 1
        }
        shared = [:]
        sharedValues = [:]
        return next
    }

    private static func count(_ expression: Expression, into counts: inout [Expression: Int]) {
        counts[expression, default: 0] += 1
        // The parts of a repeated subtree are computed with it, once.
        guard counts[expression] == 1 else { return }
        switch expression {
        case .number, .variable: break
        case .unary(_, let x): count(x, into: &counts)
        case let .binary(_, a, b): count(a, into: &counts); count(b, into: &counts)
        case let .conditional(c, a, b): count(c, into: &counts); count(a, into: &counts); count(b, into: &counts)
        case let .call(_, arguments): for argument in arguments { count(argument, into: &counts) }
        }
    }

    /// `expression` with every subtree that reads no variable replaced by its value.
    public static func folded(_ expression: Expression) -> Expression {
        if expression.slotsRead.isEmpty { return .number(expression.evaluate([])) }
        switch expression {
        case .number, .variable: return expression
        case let .unary(op, x): return .unary(op, folded(x))
        case let .binary(op, a, b): return .binary(op, folded(a), folded(b))
        case let .conditional(c, a, b): return .conditional(folded(c), folded(a), folded(b))
        case let .call(f, arguments): return .call(f, arguments.map(folded))
        }
    }

    private mutating func push(_ instruction: Instruction, popping: Int = 0) {
        code.append(instruction)
        depth += 1 - popping
        stackSize = max(stackSize, depth)
    }

    private mutating func emit(_ expression: Expression) {
        if let register = sharedValues[expression] {
            push(.load(register))
            return
        }
        emitComputing(expression)
        if let register = shared[expression] {
            // Keep the value for the later occurrences: store it, and load it back for this one.
            code.append(.store(register))
            code.append(.load(register))
            sharedValues[expression] = register
        }
    }

    private mutating func emitComputing(_ expression: Expression) {
        switch expression {
        case .number(let value): push(.constant(value))
        case .variable(_, let slot): push(.load(slot))
        case let .unary(op, x):
            emit(x)
            push(op == .negate ? .negate : .not, popping: 1)
        case let .binary(op, a, .number(c)) where [.add, .subtract, .multiply, .divide].contains(op):
            emit(a)
            let fused: Instruction = switch op {
            case .add: .addConstant(c)
            case .subtract: .subtractConstant(c)
            case .multiply: .multiplyConstant(c)
            // Dividing by a power of two is multiplying by its exact reciprocal: the same result.
            default: Self.hasExactReciprocal(c) ? .multiplyConstant(1 / c) : .divideConstant(c)
            }
            push(fused, popping: 1)
        case let .binary(op, a, .variable(_, slot)) where [.add, .subtract, .multiply, .divide].contains(op):
            emit(a)
            let fused: Instruction = switch op {
            case .add: .addVariable(slot)
            case .subtract: .subtractVariable(slot)
            case .multiply: .multiplyVariable(slot)
            default: .divideVariable(slot)
            }
            push(fused, popping: 1)
        case let .binary(op, a, b):
            emit(a)
            emit(b)
            push(Self.instruction(op), popping: 2)
        case let .conditional(c, a, b):
            emit(c)
            emit(a)
            emit(b)
            push(.select, popping: 3)
        case let .call(f, arguments):
            for argument in arguments { emit(argument) }
            switch arguments.count {
            case 1: push(.function1(f), popping: 1)
            case 2: push(.function2(f), popping: 2)
            default: push(.function3(f), popping: 3)
            }
        }
    }

    /// True when `1/c` is exact and `x / c == x * (1/c)` for every `x`: `c` a power of two whose
    /// reciprocal is a normal number.
    static func hasExactReciprocal(_ c: Double) -> Bool {
        c.isNormal && c.significandBitPattern == 0 && (1 / c).isNormal
    }

    private static func instruction(_ op: BinaryOperator) -> Instruction {
        switch op {
        case .add: .add
        case .subtract: .subtract
        case .multiply: .multiply
        case .divide: .divide
        case .power: .power
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        case .equal: .equal
        case .notEqual: .notEqual
        case .and: .and
        case .or: .or
        }
    }

    /// Runs the program over `registers` (read and written) with `stack` as scratch space of at
    /// least `stackSize` values.
    ///
    /// The top of the stack is kept in a local (`top` value), the rest in `stack`: most steps
    /// then touch no memory but the register they read, instead of a chain of stores and loads
    /// through the stack.
    ///
    /// - Complexity: O(count); allocates nothing.
    @inlinable public func run(registers: UnsafeMutablePointer<Double>, stack: UnsafeMutablePointer<Double>) {
        code.withUnsafeBufferPointer { code in
            // `below` indexes the value under the top; the first push saves a meaningless value.
            var below = -1
            var value = 0.0
            for instruction in code {
                switch instruction {
                case .constant(let constant): below &+= 1; stack[below] = value; value = constant
                case .load(let slot): below &+= 1; stack[below] = value; value = registers[slot]
                case .store(let slot): registers[slot] = value; value = stack[below]; below &-= 1
                case .negate: value = -value
                case .not: value = UnaryOperator.apply(.not, value)
                case .add: value = stack[below] + value; below &-= 1
                case .subtract: value = stack[below] - value; below &-= 1
                case .multiply: value = stack[below] * value; below &-= 1
                case .divide: value = stack[below] / value; below &-= 1
                case .power: value = ExpressionFunction.apply(.pow, stack[below], value); below &-= 1
                case .less: value = stack[below] < value ? 1 : 0; below &-= 1
                case .lessOrEqual: value = stack[below] <= value ? 1 : 0; below &-= 1
                case .greater: value = stack[below] > value ? 1 : 0; below &-= 1
                case .greaterOrEqual: value = stack[below] >= value ? 1 : 0; below &-= 1
                case .equal: value = stack[below] == value ? 1 : 0; below &-= 1
                case .notEqual: value = stack[below] != value ? 1 : 0; below &-= 1
                case .and: value = BinaryOperator.apply(.and, stack[below], value); below &-= 1
                case .or: value = BinaryOperator.apply(.or, stack[below], value); below &-= 1
                case .select:
                    let test = stack[below &- 1], yes = stack[below]
                    value = test.isNaN ? .nan : (test != 0 ? yes : value)
                    below &-= 2
                case .addConstant(let c): value += c
                case .subtractConstant(let c): value -= c
                case .multiplyConstant(let c): value *= c
                case .divideConstant(let c): value /= c
                case .addVariable(let slot): value += registers[slot]
                case .subtractVariable(let slot): value -= registers[slot]
                case .multiplyVariable(let slot): value *= registers[slot]
                case .divideVariable(let slot): value /= registers[slot]
                case .function1(let f): value = ExpressionFunction.apply(f, value)
                case .function2(let f): value = ExpressionFunction.apply(f, stack[below], value); below &-= 1
                case .function3(let f):
                    value = ExpressionFunction.apply(f, stack[below &- 1], stack[below], value)
                    below &-= 2
                }
            }
        }
    }

    /// The value of one expression with `registers` as the variables (a convenience for tests
    /// and option defaults; the per-card path uses `run`).
    public static func evaluate(_ expression: Expression, registers: [Double]) -> Double {
        var program = ExpressionProgram()
        let result = registers.count
        program.append(expression, storingInto: result)
        var values = registers + [0]
        let stack = [Double](repeating: 0, count: max(program.stackSize, 1))
        var scratch = stack
        values.withUnsafeMutableBufferPointer { r in
            scratch.withUnsafeMutableBufferPointer { s in
                program.run(registers: r.baseAddress!, stack: s.baseAddress!)
            }
        }
        return values[result]
    }
}
