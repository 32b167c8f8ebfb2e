import CardImaging
import CardInteraction
import CardLayout
@testable import CardViewerCore
import Foundation
import Testing

/// Decks: the bundled catalog, folders (titles, skipped files, read only), layers, new cards.
@Suite struct DeckCatalogTests {
    @Test func bundledDeckHasTitledPicturesAndAppendsThemInTurn() throws {
        let (catalog, warnings) = try DeckLoader.catalog(for: .bundled, layerSize: (64, 40))
        #expect(warnings.isEmpty)
        #expect(catalog.images.count == 10)
        #expect(catalog.images.allSatisfy { $0.width == 64 && $0.height == 40 })
        #expect(catalog.available.first?.title == "sunset")
        var deck = catalog.freshDeck()
        #expect(deck.count == 10)
        let made = catalog.newCard(deck)
        #expect(made.source == .bundled(index: 0) && made.title == "sunset")
        deck.append(source: made.source, title: made.title)
        #expect(catalog.layerTable(for: deck) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0])
    }

    @Test func folderDeckTitlesSkipsAndNeverWrites() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(RGBAImage(width: 30, height: 20, fill: (255, 0, 0, 255)), to: dir.appendingPathComponent("10 beach.png").path)
        try PNGCodec.write(RGBAImage(width: 20, height: 30, fill: (0, 0, 255, 255)), to: dir.appendingPathComponent("2 city.PNG").path)
        try Data("nope".utf8).write(to: dir.appendingPathComponent("3 broken.png"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("4 folder.png"), withIntermediateDirectories: true)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let (catalog, warnings) = try DeckLoader.catalog(for: .folder(path: dir.path), layerSize: (64, 40))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(catalog.available.map(\.title) == ["2 city", "10 beach"])  // natural order
        #expect(catalog.available.map(\.source) == [.file(name: "2 city.PNG"), .file(name: "10 beach.png")])
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("3 broken.png") } && warnings.contains { $0.contains("4 folder.png") })
        // Two pictures and the plain picture of added cards, all at the layer size, titled.
        #expect(catalog.images.count == 3)
        let city = catalog.images[0]
        #expect(city[32, 5].b == 255 && city[32, 5].r == 0)  // filled, centre-cropped
        #expect(city[32, 38] != city[32, 5])  // the title strip along the bottom
        var deck = catalog.freshDeck()
        let made = catalog.newCard(deck)
        #expect(made.title == "New card 3")
        deck.append(source: made.source, title: made.title)
        #expect(catalog.layerTable(for: deck) == [0, 1, 2])
    }

    @Test func missingFoldersAreBadInput() {
        #expect(throws: DeckLoadError.self) {
            try DeckLoader.catalog(for: .folder(path: "/nonexistent-cardviewer-folder"), layerSize: (64, 40))
        }
    }

    @Test func syntheticDecksUseThePicturesInTurn() throws {
        let (catalog, _) = try DeckLoader.catalog(for: .synthetic(count: 25), layerSize: (64, 40))
        let deck = catalog.freshDeck()
        #expect(deck.count == 25 && deck[24].title == "25")
        #expect(catalog.layerTable(for: deck).isEmpty)  // the renderer's id % layers
        #expect(catalog.newCard(deck).title == "26")
    }

    @Test func restoredDecksAreReconciledWithTheFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-reconcile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = dir.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try PNGCodec.write(RGBAImage(width: 4, height: 4, fill: (9, 9, 9, 255)), to: images.appendingPathComponent("\(name).png").path)
        }
        let store = DeckStore(path: dir.appendingPathComponent("state.json").path)
        var first = try DeckLoader.deck(from: try DeckLoader.catalog(for: .folder(path: images.path), layerSize: (8, 8)).catalog, store: store)
        #expect(first.needsSave)
        first.deck.delete(CardID(2))
        try store.save(first.deck)
        try FileManager.default.removeItem(at: images.appendingPathComponent("a.png"))
        try PNGCodec.write(RGBAImage(width: 4, height: 4, fill: (1, 1, 1, 255)), to: images.appendingPathComponent("d.png").path)
        let second = try DeckLoader.deck(from: try DeckLoader.catalog(for: .folder(path: images.path), layerSize: (8, 8)).catalog, store: store)
        #expect(second.needsSave)
        #expect(second.deck.cards.map(\.title) == ["b", "d"])  // a vanished, c stays deleted, d is new
        #expect(second.deck.deleted.map(\.title) == ["c"])
    }
}
