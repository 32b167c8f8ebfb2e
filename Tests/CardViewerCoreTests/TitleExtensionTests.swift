import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// Issue 34 item 4: a folder card's title is its file name with the extension, so pictures that
/// differ only by type are told apart; a state saved when titles dropped it still loads.
@Suite struct TitleExtensionTests {
    static func folder(_ dir: TemporaryFolder) throws -> String {
        let images = dir.url("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for name in ["swap.jpg", "swap.png", "swap.tif", "Beach.JPG"] {
            try Data("not decoded".utf8).write(to: images.appendingPathComponent(name))
        }
        return images.path
    }

    @Test("swap.jpg, swap.png and swap.tif are three titles; the bundled deck's titles stay as they were")
    func titlesKeepTheExtension() throws {
        let dir = try TemporaryFolder("cardviewer-title-ext")
        defer { dir.remove() }
        let catalog = try DeckLoader.catalog(for: .folder(path: try Self.folder(dir))).catalog
        #expect(catalog.available.map(\.title) == ["Beach.JPG", "swap.jpg", "swap.png", "swap.tif"])
        #expect(catalog.freshDeck().cards.map(\.title) == ["Beach.JPG", "swap.jpg", "swap.png", "swap.tif"])
        #expect(catalog.pictures.map(\.displayedName) == ["Beach.JPG", "swap.jpg", "swap.png", "swap.tif"])
        let bundled = try DeckLoader.catalog(for: .bundled).catalog
        #expect(bundled.available.first?.title == "sunset")
    }

    @Test("a state saved with titles without the extension loads: same ids, order and deletion, titles from the files")
    func oldStateLoads() throws {
        let dir = try TemporaryFolder("cardviewer-title-ext-state")
        defer { dir.remove() }
        let images = try Self.folder(dir)
        // The state as the viewer wrote it before: titles "swap" ×3 and "Beach"; swap.png deleted.
        var old = Deck([(CardSource.file(name: "swap.tif"), "swap"), (.file(name: "Beach.JPG"), "Beach"),
                        (.file(name: "swap.jpg"), "swap"), (.file(name: "swap.png"), "swap")])
        old.delete(CardID(3))
        let store = DeckStore(path: dir.path("state.json"))
        try store.save(old)
        let loaded = try DeckLoader.deck(from: try DeckLoader.catalog(for: .folder(path: images)).catalog, store: store)
        #expect(loaded.restored)
        #expect(loaded.deck.cards.map(\.id.rawValue) == [0, 1, 2])
        #expect(loaded.deck.cards.map(\.title) == ["swap.tif", "Beach.JPG", "swap.jpg"])
        #expect(loaded.deck.deleted.map(\.title) == ["swap.png"])
        var deck = loaded.deck
        #expect(deck.undoDelete()?.index == 3)
        #expect(deck.cards.map(\.title) == ["swap.tif", "Beach.JPG", "swap.jpg", "swap.png"])
    }
}
