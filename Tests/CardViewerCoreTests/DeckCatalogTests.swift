import CardImaging
import CardInteraction
import CardLayout
import CardPixels
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// Decks: the bundled catalog, folders (listed, never decoded or written), pictures, new cards.
@Suite struct DeckCatalogTests {
    @Test func bundledDeckHasTitledPicturesAndAppendsThemInTurn() throws {
        let (catalog, warnings) = try DeckLoader.catalog(for: .bundled)
        #expect(warnings.isEmpty)
        #expect(catalog.pictures.count == 10)
        #expect(catalog.pictures.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(!catalog.showsTitles && !catalog.usesThumbnailCache)
        #expect(catalog.available.first?.title == "sunset")
        var deck = catalog.freshDeck()
        #expect(deck.count == 10)
        let made = catalog.newCard(deck)
        #expect(made.source == .bundled(index: 0) && made.title == "sunset")
        deck.append(source: made.source, title: made.title)
        #expect(catalog.pictureTable(for: deck) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0])
    }

    @Test func folderDeckListsTitlesWithoutDecodingAndNeverWrites() throws {
        let dir = try TemporaryFolder("cardviewer-catalog")
        defer { dir.remove() }
        try PNGCodec.write(RGBAImage(width: 30, height: 20, fill: (255, 0, 0, 255)), to: dir.path("10 beach.png"))
        try PNGCodec.write(RGBAImage(width: 20, height: 30, fill: (0, 0, 255, 255)), to: dir.path("2 city.PNG"))
        try Data("nope".utf8).write(to: dir.url("3 broken.jpg"))
        try Data("not a picture".utf8).write(to: dir.url("notes.txt"))
        try FileManager.default.createDirectory(at: dir.url("4 folder.png"), withIntermediateDirectories: true)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let (catalog, warnings) = try DeckLoader.catalog(for: .folder(path: dir.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        // Natural order; nothing is decoded, so a broken file keeps its card (the picture
        // pipeline shows it as unreadable when it tries it).
        #expect(catalog.available.map(\.title) == ["2 city.PNG", "3 broken.jpg", "10 beach.png"])
        #expect(catalog.available.map(\.source) == [.file(name: "2 city.PNG"), .file(name: "3 broken.jpg"), .file(name: "10 beach.png")])
        #expect(catalog.pictures.map(\.name) == ["2 city.PNG", "3 broken.jpg", "10 beach.png"])
        #expect(catalog.showsTitles && catalog.usesThumbnailCache)
        #expect(warnings.count == 1 && warnings[0].contains("4 folder.png"), "\(warnings)")
        var deck = catalog.freshDeck()
        let made = catalog.newCard(deck)
        #expect(made.title == "New card 4")
        deck.append(source: made.source, title: made.title)
        // The added card has no picture: its placeholder and title.
        #expect(catalog.pictureTable(for: deck) == [0, 1, 2, -1])
    }

    @Test func missingFoldersAreBadInput() {
        #expect(throws: DeckLoadError.self) {
            try DeckLoader.catalog(for: .folder(path: "/nonexistent-cardviewer-folder"))
        }
    }

    @Test func syntheticDecksUseThePicturesInTurn() throws {
        let (catalog, _) = try DeckLoader.catalog(for: .synthetic(count: 25))
        let deck = catalog.freshDeck()
        #expect(deck.count == 25 && deck[24].title == "25")
        #expect(catalog.pictureTable(for: deck).isEmpty)  // the bundled pictures in turn by id
        #expect(catalog.defaultPicture(forID: 23) == 3 && catalog.picture(of: deck[23]) == 3)
        #expect(!catalog.showsTitles)
        #expect(catalog.newCard(deck).title == "26")
    }

    @Test func restoredDecksAreReconciledWithTheFolder() throws {
        let dir = try TemporaryFolder("cardviewer-reconcile")
        defer { dir.remove() }
        let images = dir.url("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try PNGCodec.write(RGBAImage(width: 4, height: 4, fill: (9, 9, 9, 255)), to: images.appendingPathComponent("\(name).png").path)
        }
        let store = DeckStore(path: dir.path("state.json"))
        var first = try DeckLoader.deck(from: try DeckLoader.catalog(for: .folder(path: images.path)).catalog, store: store)
        #expect(first.needsSave)
        first.deck.delete(CardID(2))
        try store.save(first.deck)
        try FileManager.default.removeItem(at: images.appendingPathComponent("a.png"))
        try PNGCodec.write(RGBAImage(width: 4, height: 4, fill: (1, 1, 1, 255)), to: images.appendingPathComponent("d.png").path)
        let second = try DeckLoader.deck(from: try DeckLoader.catalog(for: .folder(path: images.path)).catalog, store: store)
        #expect(second.needsSave)
        #expect(second.deck.cards.map(\.title) == ["b.png", "d.png"])  // a vanished, c stays deleted, d is new
        #expect(second.deck.deleted.map(\.title) == ["c.png"])
    }
}
