import CardCulling
import CardFiles
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// Marks the store cannot write (a read-only folder) are kept in the deck's state instead, with
/// one message per folder; the state's `marks` and `filter` are written, read back and preferred
/// over the store at the next start (SPEC §10, docs/formats/state.md).
@Suite struct CullStateTests {
    @Test("an unwritable folder: one message, the marks kept in the state")
    func unwritableFolderKeepsMarksInTheState() throws {
        let store = RecordingCullStore(readOnly: ["/photos"])
        let session = cullingSession(store: store)
        let revision = session.stateRevision
        try play(script([cullKey("p", at: 0.1)], end: 0.2), into: session)
        session.finishCulling()
        // A pick sets the pick label too (green by default, SPEC §10).
        #expect(session.savedCulling.marks["p0.jpg"] == CullMark(stars: 0, flag: .picked, labels: .green, labelsAddedByPick: .green))
        #expect(session.stateRevision > revision)
        let notices = session.takeNotices()
        #expect(notices.count == 1 && notices[0].contains("/photos"))
        // More keys in that folder: no more messages, and no more tries at the store.
        try play(script([cullKey("right", at: 0.1), cullKey("x", at: 0.2), cullKey("4", at: 0.3, mods: ["ctrl"])], end: 0.4), into: session)
        session.finishCulling()
        #expect(session.takeNotices().isEmpty)
        #expect(session.savedCulling.marks["p1.jpg"] == CullMark(stars: 4, flag: .none))
        #expect(store.writes.isEmpty)
        #expect(session.savedLayout.culling?.marks.count == 2)
        // Unmarked again, a picture's entry stays, unmarked: it must still win over a sidecar
        // that the read-only folder may hold.
        try play(script([cullKey("0", at: 0.1, mods: ["ctrl"])], end: 0.2), into: session)
        #expect(session.savedCulling.marks["p1.jpg"] == .unmarked)
    }

    @Test("marks kept in the state are preferred over the store at start")
    func stateMarksArePreferred() throws {
        let store = RecordingCullStore(["/photos/p0.jpg": CullMark(stars: 1, flag: .none)])
        let saved = SavedCulling(filter: .all, marks: ["p0.jpg": CullMark(stars: 4, flag: .rejected)])
        let session = cullingSession(store: store, saved: saved)
        #expect(session.cullMark(of: CardID(0)) == CullMark(stars: 4, flag: .rejected))
        #expect(!store.reads.contains("/photos/p0.jpg"))
        // A later key on it stays in the state (the store is not tried).
        try play(script([cullKey("x", at: 0.1)], end: 0.2), into: session)
        session.finishCulling()
        #expect(session.savedCulling.marks["p0.jpg"] == CullMark(stars: 4, flag: .none))
        #expect(store.writes.isEmpty)
    }

    @Test("the state's marks and filter round-trip, names percent-encoded, readable and compact")
    func stateRoundTrip() throws {
        let dir = try TemporaryFolder("cardviewer-cull-state")
        defer { dir.remove() }
        let path = dir.path("state.json")
        let odd = PathBytes.string(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let cards = [DeckCard(id: CardID(0), source: .file(name: "a b#1.jpg"), title: "a"),
                     DeckCard(id: CardID(1), source: .file(name: odd), title: "odd")]
        let keys = cards.map(SessionCulling.stateKey(of:))
        #expect(keys == ["a%20b%231.jpg", "caf%E9.jpg"])
        #expect(SessionCulling.stateKey(of: DeckCard(id: CardID(7), source: .synthetic(number: 8), title: "8")) == "#7")
        var layout = SavedLayout(name: "grid")
        layout.culling = SavedCulling(filter: .rejectsHidden, marks: [keys[0]: CullMark(stars: 3, flag: .picked),
                                                                      keys[1]: CullMark(stars: 2, flag: .rejected)])
        let deck = Deck(syntheticCount: 2)
        try DeckStore(path: path).save(deck, layout: layout)
        let text = String(decoding: try FileBytes.readAll(path, maximumSize: .max), as: UTF8.self)
        #expect(text.contains(#""filter" : "rejectsHidden""#), "\(text)")
        #expect(text.contains(#""a%20b%231.jpg" : {"#), "\(text)")
        guard case .restored(_, let restored) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == layout)
        // Bad values are a syntax error naming the field, as everywhere in the state.
        for (bad, field) in [(#""filter": "some""#, "layout.filter"),
                             (#""marks": {"x.jpg": {"flag": "maybe"}}"#, "layout.marks.x.jpg.flag"),
                             (#""marks": {"x.jpg": {"stars": 6}}"#, "layout.marks.x.jpg.stars"),
                             (#""marks": {"%zz": {"stars": 1}}"#, "layout.marks.%zz")] {
            let json = #"{"cards": [], "deleted": [], "nextID": 0, "version": 1, "layout": {"name": "grid", "# + bad + "}}"
            let bytes = Array(json.utf8)
            #expect(throws: DeckStateSyntaxError.self) { try bytes.withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) } }
            do {
                _ = try bytes.withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
            } catch {
                #expect("\(error)".contains(field), "\(error)")
            }
        }
    }
}
