import CardFiles

/// Text made safe to write to a terminal: a file name may hold any bytes, and control
/// characters in it (ESC, BEL, CSI…) would otherwise retitle, recolour or clear the terminal
/// when a warning names the file (SPEC §11: terminal messages escape control characters).
public enum TerminalText {
    /// `text` with every control character — C0 (U+0000–U+001F), DEL (U+007F) and C1
    /// (U+0080–U+009F) — written as Swift writes it in a string literal, `\u{1B}`, so the line
    /// stays readable and says which byte was there. Newlines are kept when `keepingNewlines`
    /// (multi-line messages), else escaped too. Backslashes are left as they are, so escaping
    /// twice changes nothing. Bytes of a file name that are not UTF-8 (`PathBytes`' escapes)
    /// are shown as U+FFFD.
    /// - Complexity: O(length of `text`).
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        let text = PathBytes.displayed(text)
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingNewlines && scalar == "\n") {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
