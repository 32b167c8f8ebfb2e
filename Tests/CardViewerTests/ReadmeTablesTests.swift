import CardTestSupport
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
        for key in ["`1`–`5`", "`L`", "`Shift+L`", "`O`", "`Z`", "`A`", "`Delete`", "`U`", "`Esc`", "`[` `]`", "`S`", "`H`", "`?`", "`Q`"] {
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

    /// README's layout table is `cardviewer layouts --markdown`, between its markers: the
    /// registry is the one list of layouts.
    @Test func theLayoutTableIsTheRegistrys() throws {
        let begin = try #require(Self.readme.range(of: "<!-- layouts:begin"))
        let afterMarker = try #require(Self.readme[begin.upperBound...].range(of: "-->\n"))
        let end = try #require(Self.readme.range(of: "<!-- layouts:end -->"))
        let table = String(Self.readme[afterMarker.upperBound..<end.lowerBound])
        let outcome = try ChildProcess.runViewer(["layouts", "--markdown"])
        #expect(outcome.status == 0)
        #expect(table == outcome.stdout, """
            README's layout table differs from `cardviewer layouts --markdown`: regenerate it with \
            scripts/update-readme-tables.sh (make test runs it after its build)
            """)
    }

    /// README's lines outside its generated blocks (`<!-- NAME:begin … -->` … `<!-- NAME:end -->`,
    /// the markers themselves counted): what a person writes, however long the tables grow.
    static func writtenLines(of text: String) -> Int {
        var inBlock = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if inBlock, line.hasPrefix("<!-- "), line.contains(":end -->") { inBlock = false }
            defer { if !inBlock, line.hasPrefix("<!-- "), line.contains(":begin") { inBlock = true } }
            return !inBlock
        }.count
    }

    /// README is for users: at most 250 written lines (generated tables not counted: a new layout's
    /// row must not push it over); measurements and design live in docs/.
    @Test func readmeIsShort() {
        let lines = Self.writtenLines(of: Self.readme)
        #expect(lines > 50 && lines <= 251, "README.md has \(lines) lines outside its generated blocks")
    }

    @Test("only the lines between a generated block's markers go uncounted")
    func generatedBlocksAreNotCounted() {
        let text = "a\n<!-- layouts:begin (generated) -->\n| x |\n| y |\n<!-- layouts:end -->\nb\n"
        #expect(Self.writtenLines(of: text) == 5)
        #expect(Self.writtenLines(of: "a\nb\n") == 3)
        #expect(Self.writtenLines(of: Self.readme) < Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count)
    }
}
