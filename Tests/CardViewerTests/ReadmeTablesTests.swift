import CardInteraction
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The README's key and gesture tables follow the viewer: its keys block is every view's key
/// table (`cardviewer keys --markdown`), docs/KEYS.md (the detailed table) has a row for every key
/// of the on-screen help, and the texts the viewer shows (the start hint, Z's message) are quoted
/// as shown.
@Suite struct ReadmeTablesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let readme: String = {
        (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()
    /// docs/KEYS.md: what each key does in detail (README's hand-written keys table until the
    /// keys block was generated).
    static let keysDoc: String = {
        (try? String(contentsOf: root.appendingPathComponent("docs/KEYS.md"), encoding: .utf8)) ?? ""
    }()

    /// The rows of the table under `heading` of `text` (README by default; first cells).
    func firstCells(under heading: String, in text: String = Self.readme) -> [String] {
        guard let start = text.range(of: heading) else { return [] }
        let lines = text[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }
        return lines.prefix { $0.hasPrefix("|") }.dropFirst(2).compactMap { row in
            row.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func everyKeyOfTheHelpHasARow() {
        let keys = firstCells(under: "## Keys", in: Self.keysDoc).joined(separator: " ")
        #expect(!keys.isEmpty)
        for key in ["`1`–`5`", "`L`", "`Shift+L`", "`O`", "`Z`", "`A`", "`Delete`", "`U`", "`Esc`", "`[` `]`", "`S`", "`H`", "`?`", "`Q`"] {
            #expect(keys.contains(key), "no row for \(key)")
        }
        let gestures = firstCells(under: "## Mouse and trackpad", in: Self.keysDoc)
        #expect(gestures.contains("click while the content moves"))
    }

    @Test func theViewersTextsAreQuotedAsShown() {
        for text in ViewerSession.hintLines + ["ordering: zindex (Core Animation)", "at rest, last: ", "saved cardviewer-"] {
            #expect(Self.readme.contains(text) || Self.keysDoc.contains(text), "README and docs/KEYS.md do not quote \"\(text)\"")
        }
    }

    /// README's layout table is `cardviewer layouts --markdown`, between its markers: the
    /// registry is the one list of layouts.
    @Test func theLayoutTableIsTheRegistrys() throws {
        let table = try Self.block("layouts")
        let outcome = try ChildProcess.runViewer(["layouts", "--markdown"])
        #expect(outcome.status == 0)
        #expect(table == outcome.stdout, """
            README's layout table differs from `cardviewer layouts --markdown`: regenerate it with \
            scripts/update-readme-tables.sh (make test runs it after its build)
            """)
    }

    /// README's generated block `name`: what lies between `<!-- NAME:begin … -->` and
    /// `<!-- NAME:end -->`.
    static func block(_ name: String) throws -> String {
        let begin = try #require(readme.range(of: "<!-- \(name):begin"))
        let afterMarker = try #require(readme[begin.upperBound...].range(of: "-->\n"))
        let end = try #require(readme.range(of: "<!-- \(name):end -->"))
        return String(readme[afterMarker.upperBound..<end.lowerBound])
    }

    /// README's keys block is `cardviewer keys --markdown`, between its markers: the views' key
    /// tables (the help's) are the one list of keys.
    @Test func theKeysBlockIsTheViews() throws {
        let block = try Self.block("keys")
        let outcome = try ChildProcess.runViewer(["keys", "--markdown"])
        #expect(outcome.status == 0)
        #expect(!block.isEmpty)
        #expect(block == outcome.stdout, """
            README's keys block differs from `cardviewer keys --markdown`: regenerate it with \
            scripts/update-readme-tables.sh (make test runs it after its build)
            """)
    }

    /// Every view of a session (its list, which the help draws from) has its section in
    /// `cardviewer keys` and `cardviewer keys --markdown`, in that order, with every row's keys
    /// and action; the layout view's picker lines are in the text, not in the Markdown.
    @Test func everyViewsTableIsListed() throws {
        let text = try ChildProcess.runViewer(["keys"])
        let markdown = try ChildProcess.runViewer(["keys", "--markdown"])
        #expect(text.status == 0 && markdown.status == 0)
        let views = Array(ViewerSession(deck: Deck(syntheticCount: 3)).views.reversed())
        #expect(views.count >= 10)
        let headings = markdown.stdout.split(separator: "\n").filter { $0.hasPrefix("#### ") }.map { String($0.dropFirst(5)) }
        #expect(headings == views.map { ViewerSession.name(ofViewType: String(describing: type(of: $0))) })
        let textNames = text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(textNames == headings)
        for view in views {
            // The layout view's picker and gesture lines name every registered layout: in this
            // process other suites register test layouts ("strip", "reload-first") while this one
            // runs, so of its table only the fixed keys are compared with the program's.
            var table = view is LayoutView ? LayoutView.keyTable(current: nil) : view.keyTable
            if view is LayoutView { table.sections = table.sections.filter { $0.title == "Keys" } }
            for line in table.lines {
                #expect(text.stdout.contains("  " + line + "\n"), "`cardviewer keys` lacks \"\(line)\"")
            }
            for section in table.sections {
                for case .row(let keys, let action) in section.entries {
                    let cell = keys.components(separatedBy: ", ").map { "`\($0)`" }.joined(separator: ", ")
                    // A line below the row may add keys to it ("drag, flick" then "wheel").
                    let rows = markdown.stdout.split(separator: "\n")
                    #expect(rows.contains { $0.hasPrefix("| \(cell)") && $0.hasSuffix(" | \(action) |") }, "no Markdown row for \(keys)")
                }
            }
        }
        let picker = LayoutView.pickerLines(["pages", "tasks"]).first ?? ""
        #expect(text.stdout.contains("1 pages"))
        #expect(!markdown.stdout.contains("1 pages") && !picker.isEmpty)
    }

    @Test("a view's type name in words", arguments: [
        ("OptionsPanelView", "Options panel view"), ("HUDView", "HUD view"), ("PhotoView", "Photo view"),
        ("ExportPromptView", "Export prompt view"),
    ])
    func viewNames(_ type: String, _ name: String) {
        #expect(ViewerSession.name(ofViewType: type) == name)
    }

    /// The help's lines that are not rows (a layout's own help, a wrapped action) become rows
    /// or join the row above in the Markdown; the picker (key column 0) is left out.
    @Test func linesBecomeRows() {
        let section = KeyTable.Section("Mouse", keyWidth: 6, [
            .row(keys: "drag", action: "scroll"),
            .line("  wheel"),
            .line("  click  open a card / close it (pages,"),
            .line("         tasks)"),
        ])
        let rows = KeyListing.rows(of: section)
        #expect(rows.map(\.keys) == ["drag, wheel", "click"])
        #expect(rows.map(\.action) == ["scroll", "open a card / close it (pages, tasks)"])
        #expect(KeyListing.rows(of: KeyTable.Section("Layouts", keyWidth: 0, [.line("  1 pages")])).isEmpty)
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
