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
        let valueWidth = max(6, options.map { shortNumbers($0.format(values[$0.name])).count + 1 }.max() ?? 0)
        for (index, option) in options.enumerated() {
            let value = shortNumbers(option.format(values[option.name])) + (values.overrides[option.name] != nil ? "*" : "")
            lines.append((index == picked ? "> " : "  ") + padded(option.name, nameWidth) + "  "
                         + padded(value, valueWidth) + "  " + shortNumbers(ascii(option.rangeDescription)))
        }
        let keys = ["Up/Down pick   Left/Right change (Shift x10)",
                    "drag or wheel on a row changes it",
                    "Backspace default (* set by you)   O/Esc close"]
        // The picked option's help, wrapped within the rows' and keys' width and given as many
        // lines as the longest help takes: the panel keeps one size while Up/Down move the pick.
        let width = max(lines.map(\.count).max() ?? 0, keys.map(\.count).max() ?? 0) - 2
        let helps = options.map { MessageText.wrapped(ascii($0.help), width: max(width, 20)).map { "  " + $0 } }
        let current = helps[min(max(picked, 0), options.count - 1)]
        let helpLines = helps.map(\.count).max() ?? 1
        lines += [""] + current + Array(repeating: "", count: helpLines - current.count) + [""] + keys
        return lines
    }

    /// `text` with each number of more than `decimals` decimals rounded to that many, trailing
    /// zeros dropped: 2π shows as 6.2832, not 6.283185307179586 (the panel's columns stay
    /// narrow; the value itself is not rounded).
    static func shortNumbers(_ text: String, decimals: Int = 4) -> String {
        var out = ""
        var number = ""
        func flush() {
            defer { number = "" }
            guard let dot = number.firstIndex(of: "."), number.distance(from: dot, to: number.endIndex) - 1 > decimals,
                  let value = Double(number) else {
                out += number
                return
            }
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            var rounded = String((value * scale).rounded() / scale)
            while rounded.contains("."), rounded.last == "0" { rounded.removeLast() }
            if rounded.last == "." { rounded.removeLast() }
            out += rounded
        }
        for character in text {
            if character.isASCII, character.isNumber || (character == "." && !number.isEmpty && !number.contains(".")) {
                number.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
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
