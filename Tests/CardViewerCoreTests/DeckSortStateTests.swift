import CardCulling
import CardFiles
import CardInteraction
import CardLayout
import CardPictureFolders
import CardTestSupport
import Testing
@testable import CardViewerCore

/// `--sort` in the state (`layout.sort`, docs/formats/state.md) and the deck's reordering.
@Suite struct DeckSortStateTests {
    @Test("layout.sort: written when not by name, read back; by name not written; another word is a wrong value")
    func roundTrip() throws {
        let dir = try TemporaryFolder("cardviewer-sort-state")
        defer { dir.remove() }
        let path = dir.path("state.json")
        for sort in [PictureSort.time, .rating, .size] {
            var layout = SavedLayout(name: "grid")
            layout.sort = sort
            try DeckStore(path: path).save(Deck(syntheticCount: 2), layout: layout)
            let text = String(decoding: try FileBytes.readAll(path, maximumSize: .max), as: UTF8.self)
            #expect(text.contains("\"sort\" : \"\(sort.rawValue)\""), "\(text)")
            guard case .restored(_, let restored) = try DeckStore(path: path).load() else {
                Issue.record("not restored")
                return
            }
            #expect(restored?.sort == sort)
            #expect(restored == layout)
        }
        var byName = SavedLayout(name: "grid")
        byName.sort = .name
        try DeckStore(path: path).save(Deck(syntheticCount: 2), layout: byName)
        #expect(!String(decoding: try FileBytes.readAll(path, maximumSize: .max), as: UTF8.self).contains("\"sort\""))
        guard case .restored(_, let restored) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored?.sort == nil)
        // A word that is no sort: a wrong value (the file is then moved aside as corrupt).
        let bad = #"{"version": 1, "cards": [], "deleted": [], "nextID": 0, "layout": {"name": "grid", "sort": "date"}}"#
        #expect(throws: (any Error).self) { _ = try DeckStore.decodeState(Array(bad.utf8)) }
        do {
            _ = try DeckStore.decodeState(Array(bad.utf8))
        } catch {
            #expect("\(error)" == "wrong value at 'layout.sort'")
        }
    }

    @Test("the session saves its deck's sort; by name it saves none")
    func sessionSavesSort() {
        let session = ViewerSession(deck: Deck(syntheticCount: 3), configuration: .init(layout: .grid, viewport: testViewport))
        #expect(session.savedLayout.sort == nil)
        session.deckSort = .rating
        #expect(session.savedLayout.sort == .rating)
    }

    @Test("Deck.reorder: by rank, stable, unranked cards last; ids kept")
    func reorder() {
        var deck = Deck((0..<5).map { (CardSource.file(name: "p\($0).jpg"), "p\($0)") })
        let ranks: [UInt32: Int?] = [0: 2, 1: 0, 2: nil, 3: 0, 4: 1]
        deck.reorder { ranks[$0.id.rawValue] ?? nil }
        #expect(deck.cards.map(\.id.rawValue) == [1, 3, 4, 0, 2])
        #expect(deck.index(of: CardID(4)) == 2 && deck.index(of: CardID(2)) == 4)
        #expect(deck.nextID == 5)
    }
}
