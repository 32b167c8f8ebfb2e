/// One named parameter of a layout (iCarousel's `iCarouselOption`): a number with a default, the
/// range it may take and a one-line help, set with `--set NAME=VALUE` and listed by
/// `cardviewer layouts`.
public struct LayoutOption: Sendable, Hashable {
    /// What values the option takes.
    public enum Kind: String, Sendable, Hashable {
        /// Any number in the range (±∞ where the range reaches it).
        case number
        /// A whole number in the range.
        case whole
        /// `true` or `false` (stored as 1 and 0).
        case flag
    }

    /// The name on command lines and in files ("radius").
    public var name: String
    /// The value when nobody sets one, in the option's unit.
    public var defaultValue: Double
    /// The values it may take, inclusive.
    public var range: ClosedRange<Double>
    public var kind: Kind
    /// What it does, one line, with its unit.
    public var help: String

    public init(_ name: String, default defaultValue: Double, range: ClosedRange<Double>, kind: Kind = .number,
                help: String) {
        precondition(range.contains(defaultValue), "the default of \(name) lies outside its range")
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.kind = kind
        self.help = help
    }

    /// A flag: false (0) or true (1).
    public static func flag(_ name: String, default value: Bool, help: String) -> LayoutOption {
        LayoutOption(name, default: value ? 1 : 0, range: 0...1, kind: .flag, help: help)
    }

    /// `value` written as a user writes it: `true`/`false` for flags, `inf`/`-inf`, else the
    /// shortest decimal that reads back the same.
    public func format(_ value: Double) -> String {
        if kind == .flag { return value != 0 ? "true" : "false" }
        return LayoutOption.format(number: value)
    }

    /// A number as a user writes it: `inf`/`-inf`, whole numbers without a fraction.
    public static func format(number value: Double) -> String {
        if value == .infinity { return "inf" }
        if value == -.infinity { return "-inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// The range as users read it: `200…2000`, `0…1`, `true/false`.
    public var rangeDescription: String {
        kind == .flag ? "true/false" : "\(LayoutOption.format(number: range.lowerBound))…\(LayoutOption.format(number: range.upperBound))"
    }

    /// Reads a value as written on a command line: numbers, `true`/`false`, `inf`/`-inf`;
    /// `nil` when it is none of these or outside the range.
    public func parse(_ text: String) -> Double? {
        let value: Double
        switch text.lowercased() {
        case "true": value = 1
        case "false": value = 0
        case "inf", "+inf", "infinity": value = .infinity
        case "-inf", "-infinity": value = -.infinity
        default:
            guard let number = Double(text), !number.isNaN else { return nil }
            value = number
        }
        return accepts(value) ? value : nil
    }

    /// True when `value` is one of the option's values: in range, and of its kind.
    public func accepts(_ value: Double) -> Bool {
        switch kind {
        case .flag: guard value == 0 || value == 1 else { return false }
        case .whole: guard value.isFinite, value == value.rounded() else { return false }
        case .number: guard !value.isNaN else { return false }
        }
        return range.contains(value)
    }
}
