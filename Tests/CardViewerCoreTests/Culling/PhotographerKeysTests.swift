import CardCulling
import CardFiles
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// Culling with the keys photographers have in their fingers (SPEC §10, issue 33): in a deck of
/// pictures bare `0`–`5` set the stars and `6`–`9` toggle the colour labels, in the layouts and
/// in the photo view, while `Alt+1`…`Alt+0` switch layouts; generated decks keep the digits for
/// the layouts. `Shift` with a mark, Caps Lock, or `autoAdvance` moves on to the next card; a
/// pick sets the pick label (`--pick-label`), which the state keeps.
@Suite struct PhotographerKeysTests {
    @Test("a picture deck: bare digits mark (stars, labels) and leave the layout; Alt+digits switch it")
    func bareDigitsMarkInAPictureDeck() throws {
        let store = RecordingCullStore()
        let session = cullingSession(store: store)
        try play(script([cullKey("3", at: 0.1), cullKey("6", at: 0.2), cullKey("9", at: 0.3)], end: 0.5), into: session)
        session.finishCulling()
        #expect(session.layoutKind == .grid)
        #expect(session.cullMark(of: CardID(0)) == CullMark(stars: 3, labels: [.red, .blue]))
        #expect(store.stored("/photos/p0.jpg") == CullMark(stars: 3, labels: [.red, .blue]))
        #expect(messageLines(session).contains("blue label: p0"))
        try play(script([cullKey("6", at: 0.1), cullKey("0", at: 0.2)], end: 0.3), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == CullMark(labels: .blue))
        #expect(messageLines(session).contains("no stars: p0"))
        try play(script([cullKey("3", at: 0.1, mods: ["alt"])], end: 1.0), into: session)
        #expect(session.layoutKind == LayoutRegistry.shared.kind(forKey: "3"))
        #expect(session.cullMark(of: CardID(0)) == CullMark(labels: .blue))
    }

    @Test("a generated deck: bare digits switch layouts, Ctrl+digits rate")
    func digitsSwitchLayoutsInAGeneratedDeck() throws {
        let store = RecordingCullStore()
        let session = makeSession(.grid, cards: 4)
        session.attachCulling(store: store, readsFiles: false) { _ in [] }
        try play(script([cullKey("6", at: 0.1)], end: 1.0), into: session)
        #expect(session.layoutKind == LayoutRegistry.shared.kind(forKey: "6"))
        #expect(session.cullMark(of: CardID(0)) == .unmarked)
        try play(script([cullKey("2", at: 0.1, mods: ["ctrl"])], end: 0.2), into: session)
        #expect(session.cullMark(of: session.currentCardID ?? CardID(0)).stars == 2)
    }

    @Test("Shift with a mark, Caps Lock and auto-advance mark and move on; at the end it stays")
    func markAndAdvance() throws {
        let store = RecordingCullStore()
        let session = cullingSession(cards: 4, store: store)
        try play(script([cullKey("p", at: 0.1, mods: ["shift"]), cullKey("4", at: 0.2, mods: ["shift"]),
                         cullKey("x", at: 0.3, mods: ["capslock"])], end: 0.6), into: session)
        session.finishCulling()
        #expect(session.cullMark(of: CardID(0)).flag == .picked)
        #expect(session.cullMark(of: CardID(1)).stars == 4)
        #expect(session.cullMark(of: CardID(2)).flag == .rejected)
        #expect(session.currentCardID == CardID(3))
        // A bare mark stays; with auto-advance it moves on; at the last card it stays there.
        try play(script([cullKey("2", at: 0.1)], end: 0.2), into: session)
        #expect(session.currentCardID == CardID(3))
        session.autoAdvance = true
        try play(script([cullKey("5", at: 0.1)], end: 0.2), into: session)
        #expect(session.currentCardID == CardID(3) && session.cullMark(of: CardID(3)).stars == 5)
        try play(script([cullKey("left", at: 0.1), cullKey("7", at: 0.2)], end: 0.4), into: session)
        #expect(session.cullMark(of: CardID(2)).labels == .yellow && session.currentCardID == CardID(3))
    }

    @Test("the photo view: digits mark the picture shown (not the zoom); Shift+mark shows the next picture")
    func photoViewMarks() throws {
        let store = RecordingCullStore()
        let session = cullingSession(cards: 3, store: store)
        try play(script([cullKey("enter", at: 0.1)], end: 0.5), into: session)
        let fitted = try #require(session.photoGeometry)
        try play(script([cullKey("1", at: 0.1), cullKey("8", at: 0.2), cullKey("4", at: 0.3, mods: ["shift"])], end: 0.4), into: session)
        session.finishCulling()
        #expect(session.cullMark(of: CardID(0)) == CullMark(stars: 4, labels: .green))
        #expect(session.photoCard == CardID(1))
        #expect(session.photoGeometry?.scale == fitted.scale)  // 1 rated, it did not zoom
    }

    @Test("the pick label: green by default, none, another colour; kept in the state")
    func pickLabel() throws {
        let store = RecordingCullStore()
        let session = cullingSession(store: store)
        #expect(session.pickLabel == .green)
        session.pickLabel = []
        try play(script([cullKey("p", at: 0.1)], end: 0.2), into: session)
        #expect(session.cullMark(of: CardID(0)) == CullMark(flag: .picked))
        session.pickLabel = .red
        try play(script([cullKey("right", at: 0.1), cullKey("p", at: 0.2)], end: 0.3), into: session)
        #expect(session.cullMark(of: CardID(1)) == CullMark(flag: .picked, labels: .red, labelsAddedByPick: .red))
        #expect(session.savedLayout.culling?.pickLabel == .red)
        // And back through a state file, with the marks' labels.
        let dir = try TemporaryFolder("cardviewer-pick-label")
        defer { dir.remove() }
        let path = dir.path("state.json")
        var layout = SavedLayout(name: "grid")
        layout.culling = SavedCulling(marks: ["a.jpg": CullMark(stars: 2, flag: .picked, labels: [.red, .blue], labelsAddedByPick: .red)],
                                      pickLabel: .red)
        try DeckStore(path: path).save(Deck(syntheticCount: 1), layout: layout)
        let text = String(decoding: try FileBytes.readAll(path, maximumSize: .max), as: UTF8.self)
        #expect(text.contains(#""pickLabel" : "red""#) && text.contains(#""labels" : 9"#) && text.contains(#""pickLabels" : 1"#), "\(text)")
        guard case .restored(_, let restored) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == layout)
        var none = SavedLayout(name: "grid")
        none.culling = SavedCulling(pickLabel: [])
        try DeckStore(path: path).save(Deck(syntheticCount: 1), layout: none)
        guard case .restored(_, let restoredNone) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restoredNone?.culling?.pickLabel == [])
    }
    @Test("while a filter is on, its counts stay on screen and follow the marks")
    func filterIndicatorCounts() throws {
        let store = RecordingCullStore()
        let session = cullingSession(cards: 5, store: store)
        try play(script([cullKey("p", at: 0.1), cullKey("right", at: 0.2), cullKey("x", at: 0.3), cullKey("right", at: 0.4),
                         cullKey("p", at: 0.5)], end: 0.6), into: session)
        #expect(!messageLines(session).contains { $0.contains("shown") })
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(messageLines(session).contains("picks only: picks 2 | rejects 1 | shown 2 of 5"), "\(messageLines(session))")
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(messageLines(session).contains("rejects hidden: picks 2 | rejects 1 | shown 4 of 5"), "\(messageLines(session))")
        // A reject under "rejects hidden": the card leaves, the counts follow.
        try play(script([cullKey("x", at: 0.1)], end: 1.0), into: session)
        #expect(messageLines(session).contains { $0.hasPrefix("rejects hidden: picks") && $0.hasSuffix("rejects 2 | shown 3 of 5") },
                "\(messageLines(session))")
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(!messageLines(session).contains { $0.contains("shown") })
    }
}
