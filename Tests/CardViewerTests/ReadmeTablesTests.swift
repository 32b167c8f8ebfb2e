import CardViewerCore
import Foundation
import Testing

/// The README's key and gesture tables follow the viewer: every key of the on-screen help has a
/// row, and the texts the viewer shows (the start hint, Z's message) are quoted as shown.
@Suite struct ReadmeTablesTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The rows of the table under `heading` (first cells).
    func firstCells(under heading: String) -> [String] {
        guard let start = Self.readme.range(of: heading) else { return [] }
        let lines = Self.readme[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }
        return lines.prefix { $0.hasPrefix("|") }.dropFirst(2).compactMap { row in
            row.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func everyKeyOfTheHelpHasARow() {
        let keys = firstCells(under: "### Keys").joined(separator: " ")
        #expect(!keys.isEmpty)
        for key in ["`1`–`5`", "`Z`", "`A`", "`Delete`", "`U`", "`Esc`", "`[` `]`", "`S`", "`H`", "`?`", "`Q`"] {
            #expect(keys.contains(key), "no row for \(key)")
        }
        let gestures = firstCells(under: "### Mouse and trackpad")
        #expect(gestures.contains("click while the content moves"))
    }

    @Test func theViewersTextsAreQuotedAsShown() {
        for text in ViewerSession.hintLines + ["ordering: zindex (Core Animation)", "at rest, last: ", "saved cardviewer-"] {
            #expect(Self.readme.contains(text), "README does not quote \"\(text)\"")
        }
    }
}
