import CardJSON
import CardLayout

/// The listings of `cardviewer layouts`: text for people, JSON for tools, Markdown for README.
enum LayoutListing {
    /// One block per layout: name, key and summary, its behaviour, then one line per option.
    static func text(_ layouts: [LayoutDescriptor]) -> String {
        var out = ""
        for (position, layout) in layouts.enumerated() {
            let key = LayoutRegistry.key(forPosition: position).map { "key \($0)" } ?? "key L"
            out += "\(layout.name) (\(key)): \(layout.summary)\n"
            out += "  \(behaviorLine(layout))\n"
            for option in layout.options {
                let value = option.format(option.defaultValue)
                out += "  \(padded(option.name, 18)) \(padded(value, 6)) \(padded(option.rangeDescription, 12)) \(option.help)\n"
            }
            if layout.options.isEmpty { out += "  (no options)\n" }
        }
        return out
    }

    /// README's table: layout, key, summary.
    static func markdown(_ layouts: [LayoutDescriptor]) -> String {
        var out = "| layout | key | what it is |\n| --- | --- | --- |\n"
        for (position, layout) in layouts.enumerated() {
            let key = LayoutRegistry.key(forPosition: position).map(String.init) ?? "L"
            out += "| `\(layout.name)` | \(key) | \(layout.summary) |\n"
        }
        return out
    }

    /// `{"layouts":[…]}`, keys in a fixed order, one layout per line.
    static func json(_ layouts: [LayoutDescriptor]) -> String {
        let entries = layouts.enumerated().map { position, layout in
            let key = LayoutRegistry.key(forPosition: position).map { string(String($0)) } ?? "null"
            let behavior = layout.behavior
            let options = layout.options.map { option in
                "{\"name\":\(string(option.name)),\"kind\":\(string(option.kind.rawValue)),"
                    + "\"default\":\(number(option.defaultValue, option)),"
                    + "\"minimum\":\(number(option.range.lowerBound, option)),"
                    + "\"maximum\":\(number(option.range.upperBound, option)),"
                    + (option.automaticValue.map { "\"auto\":\(number($0, option))," } ?? "")
                    + (option.choices.isEmpty ? "" : "\"choices\":[\(option.choices.map(string).joined(separator: ","))],")
                    + "\"help\":\(string(option.help))}"
            }
            return "{\"name\":\(string(layout.name)),\"summary\":\(string(layout.summary)),\"key\":\(key),"
                + "\"scrollAxis\":\(string(layout.makeLayout().scrollAxis.rawValue)),"
                + "\"resting\":\(string(behavior.resting.rawValue)),\"wraps\":\(behavior.wraps),"
                + "\"tap\":\(string(behavior.tap.rawValue)),\"interaction\":\(string(behavior.interaction.rawValue)),"
                + "\"options\":[\(options.joined(separator: ","))]}"
        }
        return "{\"layouts\":[\n" + entries.joined(separator: ",\n") + "\n]}"
    }

    private static func behaviorLine(_ layout: LayoutDescriptor) -> String {
        let b = layout.behavior
        var parts = [layout.makeLayout().scrollAxis.rawValue, "rests: \(b.resting.rawValue)"]
        if b.wraps { parts.append("wraps") }
        parts.append("tap: \(b.tap.rawValue)")
        if b.interaction != .standard { parts.append("gestures: \(b.interaction.rawValue)") }
        return parts.joined(separator: ", ")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    /// A JSON number; ±∞ as the strings "inf"/"-inf", flags as true/false.
    private static func number(_ value: Double, _ option: LayoutOption) -> String {
        if option.kind == .flag { return value != 0 ? "true" : "false" }
        if value.isInfinite { return value > 0 ? "\"inf\"" : "\"-inf\"" }
        return LayoutOption.format(number: value)
    }

    /// A JSON string literal (`JSONText`).
    static func string(_ text: String) -> String { JSONText.string(text) }
}
