import CardFiles

/// Text made safe to write to a terminal: a file name may hold any bytes, and control
/// characters in it (ESC, BEL, CSI…) would otherwise retitle, recolour or clear the terminal
/// when a warning names the file (SPEC §11: terminal messages escape control characters), and
/// bidirectional controls in it would reorder the rest of the line (U+202E shows what follows
/// it right to left).
public enum TerminalText {
    /// `text` with every control character — C0 (U+0000–U+001F), DEL (U+007F), C1
    /// (U+0080–U+009F) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069) — written as Swift writes it in a string literal, `\u{1B}`, so the line
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

    /// Whether `scalar` is escaped: a C0 or C1 control, DEL, or a bidirectional control.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || bidirectionalControls.contains(where: { $0.contains(scalar.value) })
    }

    /// The bidirectional controls that change the order of the text after them: LRE, RLE, PDF,
    /// LRO, RLO (U+202A–U+202E) and LRI, RLI, FSI, PDI (U+2066–U+2069).
    static let bidirectionalControls: [ClosedRange<UInt32>] = [0x202A...0x202E, 0x2066...0x2069]
}
