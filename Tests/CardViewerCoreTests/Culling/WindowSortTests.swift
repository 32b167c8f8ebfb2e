import CardCulling
import CardInteraction
import CardPictureFolders
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SPEC §13's order in the window: the `Shift+V` menu's sorts (`N` name, `T` capture time, `S`
/// rating, `B` file size) reorder the whole deck — the cards a filter hides included — and the
/// state keeps the sort; `R` shows only the rejects.
@Suite struct WindowSortTests {
    /// Card 0 three stars, 1 picked, 2 rejected with five stars, 3 one star, 4 five stars; 5 unmarked.
    func markedStore() -> RecordingCullStore {
        RecordingCullStore([
            "/photos/p0.jpg": CullMark(stars: 3),
            "/photos/p1.jpg": CullMark(flag: .picked),
            "/photos/p2.jpg": CullMark(stars: 5, flag: .rejected),
            "/photos/p3.jpg": CullMark(stars: 1),
            "/photos/p4.jpg": CullMark(stars: 5),
        ])
    }

    /// A session whose glue ranks by name as listed and by `times` (card index → rank) for a
    /// capture-time sort, as `PictureRanks` would from the files.
    func session(times: [Int]) -> ViewerSession {
        let session = cullingSession(store: markedStore())
        session.pictureRanks = { sort in
            switch sort {
            case .time: return { card in times[Int(card.id.rawValue)] }
            case .size: return { card in 5 - Int(card.id.rawValue) }
            default: return { card in Int(card.id.rawValue) }
            }
        }
        return session
    }

    func menu(_ key: String) -> String {
        script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey(key, at: 0.2)], end: 1.0)
    }

    @Test("T sorts by capture time, B by size, N back by name; the state keeps the sort")
    func timeSizeName() throws {
        let session = session(times: [3, 0, 5, 1, 4, 2])
        try play(menu("t"), into: session)
        #expect(shownIDs(session) == [1, 3, 5, 0, 4, 2])
        #expect(session.deckSort == .time)
        #expect(session.savedLayout.sort == .time)
        #expect(messageLines(session).contains("sorted by capture time"))
        try play(menu("b"), into: session)
        #expect(shownIDs(session) == [5, 4, 3, 2, 1, 0])
        try play(menu("n"), into: session)
        #expect(shownIDs(session) == [0, 1, 2, 3, 4, 5])
        #expect(session.savedLayout.sort == nil)  // name is the default: not written
    }

    @Test("S sorts by the marks held now: stars high to low, rejects last, ties by name")
    func rating() throws {
        let session = session(times: [0, 1, 2, 3, 4, 5])
        try play(menu("s"), into: session)
        #expect(shownIDs(session) == [4, 0, 3, 1, 5, 2])
        #expect(session.deckSort == .rating)
    }

    @Test("a sort under a filter orders the hidden cards too: all shows the whole deck sorted")
    func underAFilter() throws {
        let session = session(times: [3, 0, 5, 1, 4, 2])
        try play(menu("x"), into: session)  // rejects hidden: card 2 parked
        #expect(shownIDs(session) == [0, 1, 3, 4, 5])
        try play(menu("t"), into: session)
        #expect(shownIDs(session) == [1, 3, 5, 0, 4])
        try play(menu("a"), into: session)
        #expect(shownIDs(session) == [1, 3, 5, 0, 4, 2])
        #expect(session.savedDeck.cards.map(\.id.rawValue) == [1, 3, 5, 0, 4, 2])
    }

    @Test("R shows only the rejects, saved as rejectsOnly")
    func rejectsOnly() throws {
        let session = session(times: [0, 1, 2, 3, 4, 5])
        try play(menu("r"), into: session)
        #expect(session.cullFilter == .rejectsOnly)
        #expect(shownIDs(session) == [2])
        #expect(session.savedLayout.culling?.filter == .rejectsOnly)
        #expect(CullFilter(rawValue: "rejectsOnly") == .rejectsOnly)
        #expect(session.culling.filterIndicator == "rejects only: picks 1 | rejects 1 | shown 1 of 6")
    }

    @Test("without pictures to rank (a generated deck) a sort says so and changes nothing")
    func noPictures() throws {
        let session = cullingSession(store: markedStore())
        try play(menu("t"), into: session)
        #expect(shownIDs(session) == [0, 1, 2, 3, 4, 5])
        #expect(session.deckSort == .name)
        #expect(messageLines(session).contains("sorting is for decks of pictures"))
    }
}
