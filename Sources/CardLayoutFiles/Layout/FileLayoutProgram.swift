import CardJSON
import CardMath

/// A layout file compiled for a set of option values: the registers, the programs that fill
/// them and where each value of a card is found (`FileLayout` runs it).
///
/// Registers: the variables (`LayoutFileScope`), the file's options, then one per value the
/// file computes. Three programs fill them: the slot (`w`, `h`), the frame (option defaults,
/// the `visible` range, and every value that does not depend on `o` or `i`, computed once a
/// frame), and the card (the rest, once a card).
public struct FileLayoutProgram: Sendable {
    public var slot = ExpressionProgram()
    public var frame = ExpressionProgram()
    public var card = ExpressionProgram()
    /// Registers in all, and the registers' values before any program runs (set options).
    public var registerCount: Int
    public var initialRegisters: [Double]
    /// The deepest stack of the three programs.
    public var stackSize: Int { max(slot.stackSize, frame.stackSize, card.stackSize, 1) }

    /// The registers of each transform step's values, in the file's order.
    public var steps: [CompiledStep] = []
    public var alpha: Int?
    public var hidden: Int?
    public var zIndex: Int?
    public var depthBias: Int?
    public var visible: (Int, Int)?
    /// The registers the frame and card programs compute, and what computed them (for the
    /// NaN warning; kept apart from the registers, which the per-card loops read by index:
    /// iterating structs allocates in debug builds).
    public var frameOutputs: [Int] = []
    public var frameSources: [SourceExpression] = []
    public var cardOutputs: [Int] = []
    public var cardSources: [SourceExpression] = []
    /// The registers of options computed from their defaults, the ranges they are clamped to
    /// (by the frame program, as each is stored: an option may be ±∞, as `fadeMax` is; NaN is
    /// reported) and their defaults.
    public var optionRegisters: [Int] = []
    public var optionRanges: [ClosedRange<Double>] = []
    public var optionSources: [SourceExpression] = []

    /// A transform step with its values' registers.
    public enum CompiledStep: Sendable {
        case translate(Int, Int, Int)
        case rotateX(Int), rotateY(Int), rotateZ(Int)
        case rotate(Int, Int, Int, angle: Int)
        case scale(Int, Int, Int)
    }

    /// Compiles `definition` with the user's option values (`overrides`, by name; others take
    /// their defaults, computed each frame) and `itemWidth` when the user set it.
    public init(_ definition: LayoutFileDefinition, overrides: [String: Double]) {
        var scope = ExpressionScope(LayoutFileScope.variables)
        for option in definition.options { scope.add(option.name) }
        registerCount = scope.count
        initialRegisters = []
        var outputs = registerCount
        func allocate() -> Int {
            outputs += 1
            return outputs - 1
        }
        var frameOutputs: [(register: Int, source: SourceExpression)] = []
        var cardOutputs: [(register: Int, source: SourceExpression)] = []
        var frame = ExpressionProgram(), card = ExpressionProgram(), slot = ExpressionProgram()
        var cardExpressions: [(Expression, register: Int)] = []
        // A value per frame when it reads neither o nor i, else per card.
        func output(_ source: SourceExpression) -> Int {
            let register = allocate()
            let reads = source.expression.slotsRead
            if reads.contains(LayoutFileScope.o) || reads.contains(LayoutFileScope.i) {
                cardExpressions.append((source.expression, register))
                cardOutputs.append((register, source))
            } else {
                frame.append(source.expression, storingInto: register)
                frameOutputs.append((register, source))
            }
            return register
        }
        let widthSource = definition.itemWidth
            ?? SourceExpression(.number(FileLayoutDefaults.itemWidth(vertical: definition.vertical)), text: "the default item width", position: TextPosition(line: 1, column: 1))
        if overrides["itemWidth"] == nil {
            slot.append(widthSource.expression, storingInto: LayoutFileScope.w)
            frameOutputs.append((LayoutFileScope.w, widthSource))
        }
        let heightSource = definition.slotHeight
            ?? SourceExpression(FileLayoutDefaults.slotHeight(vertical: definition.vertical), text: "the default slot height", position: TextPosition(line: 1, column: 1))
        slot.append(heightSource.expression, storingInto: LayoutFileScope.h)
        frameOutputs.append((LayoutFileScope.h, heightSource))
        var clamps: [(register: Int, range: ClosedRange<Double>, source: SourceExpression)] = []
        for option in definition.options {
            guard let register = scope.slot(of: option.name) else { continue }
            if overrides[option.name] == nil {
                // Clamped as it is stored: every later value of the frame or a card, and every
                // later option's default, reads the one clamped value (issue 34).
                frame.append(Self.clamped(option.defaultValue.expression, to: option.range), storingInto: register)
                clamps.append((register, option.range, option.defaultValue))
            }
        }
        visible = definition.visible.map { (output($0.0), output($0.1)) }
        steps = definition.steps.map { step in
            switch step {
            case let .translate(x, y, z): .translate(output(x), output(y), output(z))
            case let .rotateX(a): .rotateX(output(a))
            case let .rotateY(a): .rotateY(output(a))
            case let .rotateZ(a): .rotateZ(output(a))
            case let .rotate(axis, angle): .rotate(output(axis.0), output(axis.1), output(axis.2), angle: output(angle))
            case let .scale(x, y, z): .scale(output(x), output(y), output(z))
            }
        }
        alpha = definition.alpha.map(output)
        hidden = definition.hidden.map(output)
        zIndex = definition.zIndex.map(output)
        depthBias = definition.depthBias.map(output)
        // The card's values in one program, shared subtrees computed once.
        outputs = card.append(cardExpressions, scratch: outputs)
        self.slot = slot
        self.frame = frame
        self.card = card
        self.frameOutputs = frameOutputs.map(\.register)
        frameSources = frameOutputs.map(\.source)
        self.cardOutputs = cardOutputs.map(\.register)
        cardSources = cardOutputs.map(\.source)
        optionRegisters = clamps.map(\.register)
        optionRanges = clamps.map(\.range)
        optionSources = clamps.map(\.source)
        registerCount = outputs
        initialRegisters = [Double](repeating: 0, count: outputs)
        for option in definition.options {
            if let value = overrides[option.name], let register = scope.slot(of: option.name) { initialRegisters[register] = value }
        }
        if let width = overrides["itemWidth"] { initialRegisters[LayoutFileScope.w] = width }
    }
}

extension FileLayoutProgram {
    /// `clamp(expression, lo, hi)` for an option's computed default, or the expression itself
    /// when the range is the whole line (the program then stays as it was). `clamp` keeps NaN
    /// NaN, so the frame still reports a default that gives NaN.
    static func clamped(_ expression: Expression, to range: ClosedRange<Double>) -> Expression {
        guard range.lowerBound > -.infinity || range.upperBound < .infinity else { return expression }
        return .call(.clamp, [expression, .number(range.lowerBound), .number(range.upperBound)])
    }
}

/// The slot when a file does not give one (SPEC §8): the bundled deck's cards are 640 × 400
/// pictures, shown as 256 × 160-point cards (the carousel layouts' card), so a horizontal slot
/// is 256 points long and 160 across (a vertical one 160 long and 256 across: `w` is always the
/// length along the scroll). To be one definition with the carousels' when both have landed.
public enum FileLayoutDefaults {
    /// The bundled deck's card, points.
    public static let cardSize = Size(width: 256, height: 160)

    /// `w` when `itemWidth` is not given: the card's width, or its height when vertical.
    public static func itemWidth(vertical: Bool) -> Double { vertical ? cardSize.height : cardSize.width }

    /// `h` when `slot.height` is not given: `w` times the card's aspect across the axis.
    public static func slotHeight(vertical: Bool) -> Expression {
        let ratio = vertical ? cardSize.width / cardSize.height : cardSize.height / cardSize.width
        return .binary(.multiply, .variable("w", slot: LayoutFileScope.w), .number(ratio))
    }
}
