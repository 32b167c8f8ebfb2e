import CardJSON
import CardLayout
import CardMath

/// A layout file made usable: parsed, checked, and turned into a `LayoutDescriptor` that the
/// registry takes like any built-in layout (its options set with `--set`, listed by
/// `cardviewer layouts`).
public struct LayoutFile: Sendable {
    public let definition: LayoutFileDefinition
    /// The layout as the registry holds it.
    public let descriptor: LayoutDescriptor

    /// The viewport and count at which computed option defaults are shown (`cardviewer
    /// layouts`); the layout itself computes them for the real viewport every frame.
    public static let referenceViewport = Size(width: 1280, height: 800)
    public static let referenceCardCount = 30

    /// Parses `bytes` (the file `file`, as named in messages) against the layouts in `registry`
    /// (for `base`); warnings about NaN values go to `warn`.
    ///
    /// - Throws: `LayoutFileError` (`FILE:LINE:COLUMN: message`).
    public init(bytes: [UInt8], file: String, registry: LayoutRegistry = .shared,
                warn: @escaping @Sendable (String) -> Void) throws(LayoutFileError) {
        let definition = try LayoutFileParser.parse(bytes, file: file) { name in
            registry.descriptor(named: name).map { $0.options.map { LayoutFileParser.LayoutOptionSummary(name: $0.name, range: $0.range, isWhole: $0.kind == .whole) } }
        }
        let baseDescriptor = definition.base.flatMap { registry.descriptor(named: $0) }
        self.definition = definition
        descriptor = Self.descriptor(definition, base: baseDescriptor, warnings: FileLayoutWarnings(sink: warn))
    }

    static func descriptor(_ definition: LayoutFileDefinition, base: LayoutDescriptor?, warnings: FileLayoutWarnings) -> LayoutDescriptor {
        var options: [LayoutOption] = []
        if !(base?.options.contains { $0.name == "itemWidth" } ?? false) {
            let width = shown(definition.itemWidth?.expression, definition, fallback: FileLayoutDefaults.itemWidth(vertical: definition.vertical))
            options.append(LayoutOption("itemWidth", default: min(max(width, itemWidthRange.lowerBound), itemWidthRange.upperBound),
                                        range: itemWidthRange, help: "the slot's length along the scroll axis (w), points"))
        }
        for var option in base?.options ?? [] {
            if let value = definition.baseOptionValues[option.name] { option.defaultValue = value }
            options.append(option)
        }
        for option in definition.options {
            let value = shown(option.defaultValue.expression, definition, fallback: 0)
            let clamped = min(max(value, option.range.lowerBound), option.range.upperBound)
            options.append(option.isFlag ? .flag(option.name, default: clamped != 0, help: option.help)
                                         : LayoutOption(option.name, default: clamped, range: option.range, help: option.help))
        }
        let behavior: LayoutBehavior
        if let base {
            behavior = LayoutBehavior(resting: base.behavior.resting, wraps: base.behavior.wraps, tap: base.behavior.tap,
                                        picturesFillCards: base.behavior.picturesFillCards, titlesAtTop: base.behavior.titlesAtTop)
        } else {
            behavior = LayoutBehavior(resting: definition.snap > 0 ? .snapsToCards : .free, wraps: definition.wraps, tap: .opensCard)
        }
        let own = Set(definition.options.map(\.name)).union(["itemWidth"])
        // A layout built on another is seen from the eye distance of the one it builds on.
        var descriptor = LayoutDescriptor(name: definition.name, summary: definition.summary, options: options, behavior: behavior) { values in
            var overrides: [String: Double] = [:]
            for (name, value) in values.overrides where own.contains(name) { overrides[name] = value }
            var baseLayout: (any CardLayout)?
            if let base {
                var baseValues = base.defaultValues
                for option in base.options {
                    try? baseValues.set(option.name, to: values[option.name])
                }
                baseLayout = base.makeLayout(baseValues)
            }
            return FileLayout(definition: definition, program: FileLayoutProgram(definition, overrides: overrides),
                              base: baseLayout, warnings: warnings)
        }
        if let base { descriptor.preferredEyeDistance = base.preferredEyeDistance }
        return descriptor
    }

    /// The slot lengths `itemWidth` takes, points: a card at least one point long, at most the
    /// largest viewport side (`--size` allows 8192) many times over.
    public static let itemWidthRange = 1.0...100_000.0

    /// A computed default's value at the reference viewport and count (for listing), or
    /// `fallback` when it is not finite there.
    static func shown(_ expression: Expression?, _ definition: LayoutFileDefinition, fallback: Double) -> Double {
        guard let expression else { return fallback }
        var registers = [Double](repeating: 0, count: LayoutFileScope.variables.count + definition.options.count)
        registers[LayoutFileScope.n] = Double(referenceCardCount)
        registers[LayoutFileScope.W] = referenceViewport.width
        registers[LayoutFileScope.H] = referenceViewport.height
        // Values the default may read: w, h, then the options before it, in order.
        registers[LayoutFileScope.w] = ExpressionProgram.evaluate(definition.itemWidth?.expression ?? .number(FileLayoutDefaults.itemWidth(vertical: definition.vertical)), registers: registers)
        registers[LayoutFileScope.h] = ExpressionProgram.evaluate(definition.slotHeight?.expression ?? FileLayoutDefaults.slotHeight(vertical: definition.vertical), registers: registers)
        for (k, option) in definition.options.enumerated() {
            // Clamped as the frame clamps it: a later default reads the value the option takes.
            let clamped = FileLayoutProgram.clamped(option.defaultValue.expression, to: option.range)
            registers[LayoutFileScope.variables.count + k] = ExpressionProgram.evaluate(clamped, registers: registers)
        }
        let value = ExpressionProgram.evaluate(expression, registers: registers)
        return value.isNaN ? fallback : value
    }
}
