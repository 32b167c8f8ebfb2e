import CardLayout

/// The options panel (O, SPEC §10) while it is open: which option is picked and the drag in
/// progress over it. Its text is a pure function of the layout's options and their values.
struct OptionsPanel {
    /// The picked option, an index into the layout's options.
    var picked = 0
    /// A drag over the panel: where it went down (viewport x, points) and the picked value then.
    var drag: (startX: Double, startValue: Double)?
    /// Wheel notches over the panel not yet turned into a step (trackpads send fractions).
    var wheel = 0.0

    /// Lines above the first option's row.
    static let headerLines = 2

    /// The panel's text: a title, one row per option (name, value, range; the picked one marked
    /// with `>`, values the user set with `*`), the picked option's help, and the keys.
    static func lines(layout name: String, options: [LayoutOption], values: LayoutOptionValues, picked: Int) -> [String] {
        var lines = ["Options of \(name)", ""]
        guard !options.isEmpty else {
            return lines + ["  \(name) has no options", "", "O or Esc closes"]
        }
        let nameWidth = options.map(\.name.count).max() ?? 0
        let valueWidth = max(6, options.map { $0.format(values[$0.name]).count + 1 }.max() ?? 0)
        for (index, option) in options.enumerated() {
            let value = option.format(values[option.name]) + (values.overrides[option.name] != nil ? "*" : "")
            lines.append((index == picked ? "> " : "  ") + padded(option.name, nameWidth) + "  "
                         + padded(value, valueWidth) + "  " + ascii(option.rangeDescription))
        }
        let current = options[min(max(picked, 0), options.count - 1)]
        lines += ["", "  " + ascii(current.help), "",
                  "Up/Down pick   Left/Right change (Shift x10)",
                  "drag or wheel on a row changes it",
                  "Backspace default (* set by you)   O/Esc close"]
        return lines
    }

    /// `text` in the pixel font's printable ASCII: the typographic characters of ranges and
    /// help lines spelled out ("40…4000" as "40..4000", "2π" as "2pi").
    static func ascii(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "…": out += ".."
            case "−", "–", "—": out += "-"
            case "×": out += "x"
            case "π": out += "pi"
            case "∞": out += "inf"
            case "°": out += " deg"
            case "²": out += "^2"
            case "·": out += "*"
            case "⌈": out += "ceil("
            case "⌉": out += ")"
            case "≤": out += "<="
            case "≥": out += ">="
            default: out.append(character)
            }
        }
        return out
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
