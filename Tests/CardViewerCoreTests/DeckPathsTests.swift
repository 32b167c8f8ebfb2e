import CardFiles
import CardImaging
import CardInteraction
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// `cardviewer PATH…` decks (SPEC §12): order, a single file, saved names, drops, the state's
/// scroll and current card, the window's title.
@Suite struct DeckPathsTests {
    func picture(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(RGBAImage(width: 8, height: 6, fill: (255, 0, 0, 255)), to: url.path)
    }

    @Test("folders and files in the order given, each folder in natural order; names relative to the first folder, else absolute")
    func orderAndNames() throws {
        let root = try TemporaryFolder("cardviewer-paths")
        defer { root.remove() }
        for name in ["one/b10.png", "one/b2.png", "two/a.png", "loose/z.png"] { try picture(root.url(name)) }
        let one = root.path("one"), two = root.path("two")
        let loose = root.path("loose/z.png")
        let (catalog, warnings) = try DeckLoader.catalog(for: .paths([one, loose, two], recursive: false))
        #expect(warnings.isEmpty)
        #expect(catalog.pictures.map(\.name) == ["b2.png", "b10.png", "z.png", "a.png"])
        let canonicalRoot = try #require(CanonicalPath.of(root.path))
        #expect(catalog.available.map(\.source) == [.file(name: "b2.png"), .file(name: "b10.png"),
                                                    .file(name: canonicalRoot + "/loose/z.png"), .file(name: canonicalRoot + "/two/a.png")])
        #expect(catalog.canonicalPaths == [canonicalRoot + "/one", canonicalRoot + "/loose/z.png", canonicalRoot + "/two"])
        #expect(catalog.startPicture == nil && catalog.isPhotoDeck)
    }

    @Test("a single file opens its folder at that picture; the deck's identity is the folder")
    func singleFile() throws {
        let root = try TemporaryFolder("cardviewer-paths")
        defer { root.remove() }
        for name in ["a.png", "b.png", "c.png"] { try picture(root.url(name)) }
        let (catalog, _) = try DeckLoader.catalog(for: .paths([root.path("b.png")], recursive: false))
        #expect(catalog.pictures.map(\.name) == ["a.png", "b.png", "c.png"])
        #expect(catalog.startPicture == 1)
        #expect(catalog.canonicalPaths == [CanonicalPath.of(root.path)!])
        #expect(try DeckPaths.canonicalPaths([root.path("b.png")]) == [CanonicalPath.of(root.path)!])
    }

    @Test("a missing path, or one neither folder nor picture, is one line naming it")
    func badPaths() throws {
        let root = try TemporaryFolder("cardviewer-paths")
        defer { root.remove() }
        try Data("x".utf8).write(to: root.url("notes.txt"))
        let missing = root.path("nope")
        #expect(throws: DeckLoadError(description: "'\(missing)' does not exist")) {
            try DeckLoader.catalog(for: .paths([root.path, missing], recursive: false))
        }
        let text = root.path("notes.txt")
        #expect(throws: DeckLoadError(description: "'\(text)' is neither a folder nor a PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF or camera RAW picture")) {
            try DeckLoader.catalog(for: .paths([text], recursive: false))
        }
    }

    @Test("dropped files and folders: new pictures only, non-pictures counted as skipped")
    func dropped() throws {
        let root = try TemporaryFolder("cardviewer-paths")
        defer { root.remove() }
        for name in ["deck/a.png", "more/m2.png", "more/m1.png", "single.png"] { try picture(root.url(name)) }
        try Data("x".utf8).write(to: root.url("readme.txt"))
        var (catalog, _) = try DeckLoader.catalog(for: .paths([root.path("deck")], recursive: false))
        let found = DeckPaths.dropped([root.path("more"), root.path("readme.txt"),
                                       root.path("single.png"), root.path("deck/a.png")],
                                      recursive: false, into: catalog)
        #expect(found.files.map(\.file.name) == ["m1.png", "m2.png", "single.png"])
        #expect(found.skipped.count == 1 && found.skipped[0].contains("readme.txt"))
        for (file, key) in found.files { catalog.add(file, key: key) }
        #expect(catalog.pictures.count == 4 && catalog.has(key: found.files[2].key))
    }

    @Test("the state keeps the scroll offset and the current card with the layout, and reads older files without them")
    func viewInState() throws {
        let dir = try TemporaryFolder("cardviewer-paths")
        defer { dir.remove() }
        let path = dir.path("state.json")
        var layout = SavedLayout(name: "grid", options: [:])
        layout.offset = Vec2(0, 1234.5)
        layout.currentCard = 7
        let deck = Deck(syntheticCount: 10)
        try DeckStore(path: path).save(deck, layout: layout)
        guard case .restored(let restored, let saved) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == deck && saved == layout)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"currentCard\" : 7") && text.contains("\"y\" : 1234.5"), "\(text)")
        // An older file, without either: nil, nil.
        let older = #"{"cards":[],"deleted":[],"nextID":0,"version":1,"layout":{"name":"wheel","options":{}}}"#
        try Data(older.utf8).write(to: URL(fileURLWithPath: path))
        guard case .restored(_, let olderLayout) = try DeckStore(path: path).load() else {
            Issue.record("older state not restored")
            return
        }
        #expect(olderLayout?.offset == nil && olderLayout?.currentCard == nil && olderLayout?.name == "wheel")
    }

    @Test("window title: FILE — FOLDER (i / n) for pictures, CardViewer — LAYOUT (i / n) without files")
    func windowTitle() throws {
        let root = try TemporaryFolder("cardviewer-paths")
        defer { root.remove() }
        for name in ["Holidays/IMG 1.png", "Holidays/IMG 2.PNG"] { try picture(root.url(name)) }
        let (catalog, _) = try DeckLoader.catalog(for: .paths([root.path("Holidays")], recursive: false))
        let deck = catalog.freshDeck()
        #expect(WindowTitle.text(deck: deck, index: 1, catalog: catalog, layoutName: "grid") == "IMG 2.PNG — Holidays (2 / 2)")
        let bundled = try DeckLoader.catalog(for: .bundled).catalog
        #expect(WindowTitle.text(deck: bundled.freshDeck(), index: 0, catalog: bundled, layoutName: "pages") == "CardViewer — pages (1 / 10)")
        #expect(WindowTitle.text(deck: Deck(), index: nil, catalog: catalog, layoutName: "grid") == "CardViewer — grid (0 / 0)")
    }
}
