import CardCulling
import CardFormatSamples
import CardInteraction
import CardPictureFolders
import CardTestSupport
import CardViewerCore
import CardViewerFrame
import Foundation
import Testing

/// `DeckSorting` (the viewer's start and `list`): keys gathered as the viewer reads them.
@Suite struct DeckSortingTests {
    @Test("rating: the state's marks before the store's; cards without a picture last; time and size on the same deck")
    func viewerDeck() throws {
        let dir = try TemporaryFolder("cardviewer-deck-sorting")
        defer { dir.remove() }
        let dates = ["p1": "2024:05:01 12:00:00", "p2": "2024:05:01 08:00:00", "p3": "2024:05:01 10:00:00", "p4": "2024:05:01 09:00:00"]
        for (name, date) in dates {
            try Data(ExifTimeSample.jpeg(date: date) + [UInt8](repeating: 0, count: Int(name.dropFirst())! * 100))
                .write(to: dir.url("\(name).jpg"))
        }
        let catalog = try DeckLoader.catalog(for: .paths([dir.path], recursive: false)).catalog
        #expect(catalog.pictures.map(\.title) == ["p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg"])
        let store = MemoryCullMarkStore([dir.path("p1.jpg"): CullMark(stars: 2), dir.path("p2.jpg"): CullMark(stars: 5),
                                         dir.path("p3.jpg"): CullMark(stars: 2), dir.path("p4.jpg"): CullMark(stars: 1)])
        // The state keeps p2 rejected (a read-only folder's mark): it wins over the store's 5 stars.
        let saved = SavedCulling(marks: ["p2.jpg": CullMark(stars: 5, flag: .rejected)])
        var deck = catalog.freshDeck()
        deck.append(source: .synthetic(number: 9), title: "New card 9")
        func titles(_ deck: Deck) -> [String] { deck.cards.map(\.title) }
        DeckSorting.sort(&deck, catalog: catalog, by: .rating, saved: saved, store: store)
        #expect(titles(deck) == ["p1.jpg", "p3.jpg", "p4.jpg", "p2.jpg", "New card 9"])
        DeckSorting.sort(&deck, catalog: catalog, by: .time, saved: nil, store: store)
        #expect(titles(deck) == ["p2.jpg", "p4.jpg", "p3.jpg", "p1.jpg", "New card 9"])
        DeckSorting.sort(&deck, catalog: catalog, by: .size, saved: nil, store: store)
        #expect(titles(deck) == ["p4.jpg", "p3.jpg", "p2.jpg", "p1.jpg", "New card 9"])
        DeckSorting.sort(&deck, catalog: catalog, by: .name, saved: nil, store: store)
        #expect(titles(deck) == ["p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg", "New card 9"])
        // Ids stay with their cards.
        #expect(deck.cards.map(\.id.rawValue) == [0, 1, 2, 3, 4])
    }
}
