import CardLayoutFiles
import PropertyBased
import Testing

/// Printing then parsing gives the same value, for random expression trees: every operator,
/// function and precedence mix, negative and special constants (NaN-aware: both NaN, or equal).
@Suite struct ExpressionPrinterPropertyTests {
    /// A small deterministic generator (SplitMix64), so a failing seed reproduces the tree.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let constants: [Double] = [0, -0.0, 1, -1, 2, 0.5, -2.5, 1e-5, 1e20, -3.75, .pi, .infinity, -.infinity, .nan, 0.1, 7]

    static func tree(_ random: inout SplitMix, depth: Int) -> Expression {
        let scope = Evaluate.scope
        if depth == 0 || random.below(5) == 0 {
            if random.below(2) == 0 { return .number(constants[random.below(constants.count)]) }
            let name = scope.names[random.below(scope.names.count)]
            return .variable(name, slot: scope.slot(of: name) ?? 0)
        }
        switch random.below(10) {
        case 0: return .unary(random.below(2) == 0 ? .negate : .not, tree(&random, depth: depth - 1))
        case 1: return .conditional(tree(&random, depth: depth - 1), tree(&random, depth: depth - 1), tree(&random, depth: depth - 1))
        case 2, 3:
            let f = ExpressionFunction.allCases[random.below(ExpressionFunction.allCases.count)]
            return .call(f, (0..<f.arity).map { _ in tree(&random, depth: depth - 1) })
        default:
            let op = BinaryOperator.allCases[random.below(BinaryOperator.allCases.count)]
            return .binary(op, tree(&random, depth: depth - 1), tree(&random, depth: depth - 1))
        }
    }

    static func same(_ a: Double, _ b: Double) -> Bool { (a.isNaN && b.isNaN) || a == b }

    @Test func printParseEvaluate() async {
        await propertyCheck(count: 3000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SplitMix(state: UInt64(seed))
            let original = Self.tree(&random, depth: 6)
            let text = original.description
            let registers = (0..<Evaluate.scope.count).map { _ in Self.constants[random.below(Self.constants.count - 3)] }
            do {
                let reparsed = try ExpressionParser.parse(text, scope: Evaluate.scope)
                let direct = original.evaluate(registers)
                let compiled = ExpressionProgram.evaluate(reparsed, registers: registers)
                #expect(Self.same(direct, reparsed.evaluate(registers)), "\(text): tree \(direct)")
                #expect(Self.same(direct, compiled), "\(text): tree \(direct), compiled \(compiled)")
                // Printing a parsed tree is a fixed point (the first print may write a negative or
                // special constant that parses back as an operation).
                let again = reparsed.description
                #expect(try ExpressionParser.parse(again, scope: Evaluate.scope).description == again)
            } catch {
                Issue.record("\(text) does not parse: \(error)")
            }
        }
    }

    /// The compiled program (constants folded) agrees with the tree for every constant.
    @Test func foldingKeepsValues() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SplitMix(state: UInt64(seed))
            let original = Self.tree(&random, depth: 5)
            let folded = ExpressionProgram.folded(original)
            #expect(Self.same(original.evaluate(Evaluate.registers), folded.evaluate(Evaluate.registers)), "\(original)")
        }
    }
}

/// Several expressions compiled into one program, repeated subtrees computed once (the card
/// program), give each expression's own value.
@Suite struct SharedSubtreeTests {
    @Test func sharedSubtreesKeepEachValue() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var random = ExpressionPrinterPropertyTests.SplitMix(state: UInt64(seed))
            let common = ExpressionPrinterPropertyTests.tree(&random, depth: 3)
            let trees = (0..<4).map { _ in
                Expression.binary(.add, common, .binary(.multiply, common, ExpressionPrinterPropertyTests.tree(&random, depth: 3)))
            }
            let base = Evaluate.scope.count
            var program = ExpressionProgram()
            let end = program.append(trees.enumerated().map { ($1, register: base + $0) }, scratch: base + trees.count)
            var registers = Evaluate.registers + [Double](repeating: 0, count: end - base)
            var stack = [Double](repeating: 0, count: max(program.stackSize, 1))
            registers.withUnsafeMutableBufferPointer { r in
                stack.withUnsafeMutableBufferPointer { s in program.run(registers: r.baseAddress!, stack: s.baseAddress!) }
            }
            for (k, tree) in trees.enumerated() {
                #expect(ExpressionPrinterPropertyTests.same(registers[base + k], tree.evaluate(Evaluate.registers)), "\(tree)")
            }
        }
    }
}
