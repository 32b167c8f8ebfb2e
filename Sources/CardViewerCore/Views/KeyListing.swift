import Foundation

/// The views' key tables as `cardviewer keys` writes them: the help's lines under each view's
/// name, or Markdown tables (README's keys block).
public enum KeyListing {
    /// Each view's name, then its table's lines as the help draws them; a blank line between views.
    public static func text(_ tables: [ViewerSession.ViewKeyTable]) -> String {
        tables.map { view in
            ([view.name] + view.table.lines.map { "  " + $0 }).joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// A heading per view (`#### Photo view`) and a table per section with rows: a section's
    /// title in its header; keys as code (`L`, `Shift+L`). Lines that are not rows in the table
    /// (a layout's own help line, a wrapped action) become rows or join the row above them; the
    /// layout picker (a section of lines only, key column 0) is left out.
    public static func markdown(_ tables: [ViewerSession.ViewKeyTable]) -> String {
        var blocks: [String] = []
        for view in tables {
            var lines = ["#### \(view.name)"]
            for section in view.table.sections {
                let rows = rows(of: section)
                guard !rows.isEmpty else { continue }
                lines += ["", "| \(cell(section.title)) | |", "| --- | --- |"]
                lines += rows.map { "| \(codeCell($0.keys)) | \(cell($0.action)) |" }
            }
            blocks.append(lines.joined(separator: "\n") + "\n")
        }
        return blocks.joined(separator: "\n")
    }

    /// The section's rows: its `.row`s, and its `.line`s read as the help lays them out — keys
    /// from column 2 up to two spaces, then what they do; a line indented past the keys column
    /// continues the action above it, one with no gap adds keys to the row above it.
    static func rows(of section: KeyTable.Section) -> [(keys: String, action: String)] {
        guard section.keyWidth > 0 else { return [] }
        var rows: [(keys: String, action: String)] = []
        for entry in section.entries {
            switch entry {
            case .row(let keys, let action):
                rows.append((keys, action))
            case .line(let line):
                let indent = line.prefix { $0 == " " }.count
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                if indent > 2 + section.keyWidth / 2, !rows.isEmpty {
                    rows[rows.count - 1].action += " " + text
                } else if let gap = text.range(of: "  ") {
                    rows.append((String(text[..<gap.lowerBound]),
                                 text[gap.upperBound...].trimmingCharacters(in: .whitespaces)))
                } else if !rows.isEmpty {
                    rows[rows.count - 1].keys += ", " + text
                } else {
                    rows.append((text, ""))
                }
            }
        }
        return rows
    }

    /// `keys` ("L, Shift+L") as code, one span a key: "`L`, `Shift+L`".
    static func codeCell(_ keys: String) -> String {
        keys.components(separatedBy: ", ").map { "`" + cell($0) + "`" }.joined(separator: ", ")
    }

    /// `text` safe in a table cell: pipes escaped.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
