/// Writing JSON text: the one string escaper for every JSON this project writes by hand (the
/// state's pieces aside, which have their own writer): `list --json`, `layouts --json`,
/// `compare`'s report.
public enum JSONText {
    /// `text` as a JSON string literal: `"` and `\` escaped, newline, carriage return and tab as
    /// `\n`, `\r`, `\t`, the other control characters (below U+0020, and DEL) as `\u00XX`;
    /// everything else as it is (UTF-8, `/` unescaped).
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
