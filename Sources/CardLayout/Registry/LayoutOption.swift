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
    /// The value that means "computed by the layout" (iCarousel's defaults that are formulas:
    /// a carousel's radius, count, item width), written and read as `auto`; `nil` when every
    /// value is taken as it is.
    public var automaticValue: Double?
    /// Names of the values of a choice (a whole number 0…count−1, written and read by name:
    /// SlideBox's `swipeUp=reject`); empty for other options.
    public var choices: [String] = []

    public init(_ name: String, default defaultValue: Double, range: ClosedRange<Double>, kind: Kind = .number,
                automatic automaticValue: Double? = nil, help: String) {
        precondition(range.contains(defaultValue), "the default of \(name) lies outside its range")
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.kind = kind
        self.automaticValue = automaticValue
        self.help = help
    }

    /// An option whose default the layout computes: `auto` stands for `automaticValue` (which
    /// lies in `range`), and is the default.
    public static func automatic(_ name: String, range: ClosedRange<Double>, kind: Kind = .number,
                                 automaticValue: Double = 0, help: String) -> LayoutOption {
        LayoutOption(name, default: automaticValue, range: range, kind: kind, automatic: automaticValue, help: help)
    }

    /// True when `value` means "computed by the layout".
    public func isAutomatic(_ value: Double) -> Bool { automaticValue == value }

    /// A choice among `names` (stored as their index), `defaultName` by default.
    public static func choice(_ name: String, _ names: [String], default defaultName: String, help: String) -> LayoutOption {
        var option = LayoutOption(name, default: Double(names.firstIndex(of: defaultName) ?? 0),
                                  range: 0...Double(max(names.count - 1, 0)), kind: .whole, help: help)
        option.choices = names
        return option
    }

    /// A flag: false (0) or true (1).
    public static func flag(_ name: String, default value: Bool, help: String) -> LayoutOption {
        LayoutOption(name, default: value ? 1 : 0, range: 0...1, kind: .flag, help: help)
    }

    /// `value` written as a user writes it: `true`/`false` for flags, `inf`/`-inf`, else the
    /// shortest decimal that reads back the same.
    public func format(_ value: Double) -> String {
        if kind == .flag { return value != 0 ? "true" : "false" }
        if !choices.isEmpty, let index = Int(exactly: value), choices.indices.contains(index) { return choices[index] }
        if isAutomatic(value) { return "auto" }
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
    /// `auto, 0…100` for an option with an automatic value (`auto` is that value).
    public var rangeDescription: String {
        if kind == .flag { return "true/false" }
        if !choices.isEmpty { return choices.joined(separator: "/") }
        let span = "\(LayoutOption.format(number: range.lowerBound))…\(LayoutOption.format(number: range.upperBound))"
        return automaticValue == nil ? span : "auto, " + span
    }

    /// Reads a value as written on a command line: numbers, `true`/`false`, `inf`/`-inf`, `auto`
    /// where the option has an automatic value;
    /// `nil` when it is none of these or outside the range.
    public func parse(_ text: String) -> Double? {
        let value: Double
        switch text.lowercased() {
        case "true": value = 1
        case "false": value = 0
        case "inf", "+inf", "infinity": value = .infinity
        case "-inf", "-infinity": value = -.infinity
        case "auto" where automaticValue != nil: value = automaticValue ?? 0
        case let name where choices.contains(name): value = Double(choices.firstIndex(of: name) ?? 0)
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
