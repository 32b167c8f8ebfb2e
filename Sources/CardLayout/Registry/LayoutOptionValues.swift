/// The values of a layout's options: the defaults, with what the user set on top.
///
/// Values are looked up by name; an option that was never set reads as its default.
public struct LayoutOptionValues: Sendable, Hashable {
    /// The options these values are for, in the layout's order.
    public let options: [LayoutOption]
    /// The values set by the user, by option name.
    public private(set) var overrides: [String: Double] = [:]

    public init(options: [LayoutOption]) {
        self.options = options
    }

    /// The value of option `name`: what was set, else its default. Asking for an option the
    /// layout does not declare is a programming error.
    public subscript(name: String) -> Double {
        if let value = overrides[name] { return value }
        guard let option = options.first(where: { $0.name == name }) else {
            preconditionFailure("no layout option named \(name)")
        }
        return option.defaultValue
    }

    /// Option `name` as a flag.
    public func flag(_ name: String) -> Bool { self[name] != 0 }

    /// Sets option `name` to `value` (checked against its range).
    public mutating func set(_ name: String, to value: Double) throws(LayoutOptionError) {
        guard let option = options.first(where: { $0.name == name }) else {
            throw .unknownOption(name, known: options)
        }
        guard option.accepts(value) else {
            throw .badValue(name, value: option.format(value), option: option)
        }
        overrides[name] = value
    }

    /// Forgets what was set for option `name`: it reads as its default again (and a layout
    /// file's new default follows it on a reload).
    public mutating func reset(_ name: String) {
        overrides[name] = nil
    }

    /// Sets options from `NAME=VALUE` assignments as given to `--set`, in order (a later one
    /// wins); the first wrong name or value throws, naming the options and their ranges.
    public mutating func apply(assignments: [String], layout: String) throws(LayoutOptionError) {
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw .malformed(assignment, layout: layout, known: options)
            }
            let name = String(assignment[..<equals]).trimmingSpaces
            let text = String(assignment[assignment.index(after: equals)...]).trimmingSpaces
            guard let option = options.first(where: { $0.name == name }) else {
                throw .unknownOption(name, layout: layout, known: options)
            }
            guard let value = option.parse(text) else { throw .badValue(name, value: text, option: option) }
            overrides[name] = value
        }
    }
}

/// A wrong `--set`: one line naming what is wrong and what would be right.
public enum LayoutOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String, layout: String = "", known: [LayoutOption])
    case unknownOption(String, layout: String = "", known: [LayoutOption])
    case badValue(String, value: String, option: LayoutOption)

    public var description: String {
        switch self {
        case let .malformed(text, layout, known):
            "'\(text)' is not NAME=VALUE; \(Self.listing(layout: layout, known))"
        case let .unknownOption(name, layout, known):
            "unknown option '\(name)'; \(Self.listing(layout: layout, known))"
        case let .badValue(name, value, option):
            "'\(value)' is not a value of \(name): \(option.kind == .flag ? "true or false" : !option.choices.isEmpty ? "one of \(option.rangeDescription)" : "\(option.kind == .whole ? "a whole number" : "a number") in \(option.rangeDescription)")"
        }
    }

    private static func listing(layout: String, _ known: [LayoutOption]) -> String {
        let owner = layout.isEmpty ? "the layout" : "layout \(layout)"
        guard !known.isEmpty else { return "\(owner) has no options" }
        return "\(owner) has " + known.map { "\($0.name) (\($0.rangeDescription))" }.joined(separator: ", ")
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
