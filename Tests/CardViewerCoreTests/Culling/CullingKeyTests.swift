import CardCulling
import CardInteraction
import CardLayout
import CardPacking
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SPEC §10's culling keys in the session: P and X toggle, Ctrl+0…5 set the stars, on the
/// current card in the layout view and on the picture shown in the photo view; every change
/// goes through the store off the frame thread, to the picture and each of its companions.
@Suite struct CullingKeyTests {
    @Test("P and X toggle, Ctrl+1…5 and Ctrl+0 set the stars; each change reaches the store")
    func keysMarkTheCurrentCard() throws {
        let store = RecordingCullStore()
        let session = cullingSession(store: store)
        #expect(session.currentCardID == CardID(0))
        // A pick sets the pick label too (green by default, SPEC §10).
        func picked(_ stars: Int) -> CullMark { CullMark(stars: stars, flag: .picked, labels: .green, labelsAddedByPick: .green) }
        try play(script([cullKey("p", at: 0.1)], end: 0.2), into: session)
        session.finishCulling()
        #expect(session.cullMark(of: CardID(0)) == picked(0))
        #expect(store.stored("/photos/p0.jpg") == picked(0))
        #expect(messageLines(session).contains("picked: p0"))

        try play(script([cullKey("3", at: 0.1, mods: ["ctrl"])], end: 0.2), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == picked(3))
        #expect(messageLines(session).contains("***: p0"))
        #expect(session.cullMark(of: CardID(0)).stars == 3)

        // X rejects, keeping the stars; X again brings them back, unrejected.
        try play(script([cullKey("x", at: 0.1)], end: 0.2), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == CullMark(stars: 3, flag: .rejected))
        try play(script([cullKey("x", at: 0.1)], end: 0.2), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == CullMark(stars: 3, flag: .none))
        #expect(messageLines(session).contains("reject cleared: p0"))

        // Ctrl+0 clears the stars; P twice is back where it was.
        try play(script([cullKey("0", at: 0.1, mods: ["ctrl"]), cullKey("p", at: 0.2), cullKey("p", at: 0.3)], end: 0.4), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == .unmarked)
        #expect(store.writes.map(\.mark) == [
            picked(0), picked(3), CullMark(stars: 3, flag: .rejected),
            CullMark(stars: 3, flag: .none), .unmarked, picked(0), .unmarked,
        ])
        // Only card 0 was touched.
        #expect(Set(store.writes.map(\.path)) == ["/photos/p0.jpg"])
    }

    @Test("the keys act on the current card after the arrows move it, and on the photo view's picture")
    func keysFollowTheCurrentCardAndThePhotoView() throws {
        let store = RecordingCullStore()
        let session = cullingSession(store: store)
        try play(script([cullKey("right", at: 0.1), cullKey("right", at: 0.2), cullKey("x", at: 0.3)], end: 0.5), into: session)
        session.finishCulling()
        #expect(session.currentCardID == CardID(2))
        #expect(store.stored("/photos/p2.jpg")?.flag == .rejected)
        // The photo view: Ctrl+5 on the picture shown, after Space went on to the next one.
        try play(script([cullKey("enter", at: 0.1), cullKey("space", at: 0.5), cullKey("5", at: 0.6, mods: ["ctrl"])], end: 0.8), into: session)
        session.finishCulling()
        #expect(session.photoCard == CardID(3))
        #expect(store.stored("/photos/p3.jpg") == CullMark(stars: 5, flag: .none))
        #expect(session.photoGeometry.map { $0.scale == $0.fitScale } ?? false)  // Ctrl+0…5 is not the photo view's 0/1 zoom
    }

    @Test("a card's companions (the RAW of a RAW+JPEG pair) get the same mark written")
    func companionsGetTheSameMark() throws {
        let store = RecordingCullStore()
        let session = cullingSession(store: store, companions: [0: ["/photos/p0.cr2"]])
        try play(script([cullKey("x", at: 0.1)], end: 0.2), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg")?.flag == .rejected)
        #expect(store.stored("/photos/p0.cr2")?.flag == .rejected)
        // Marks are read from the picture itself, not its companion.
        #expect(!store.reads.contains("/photos/p0.cr2"))
    }

    @Test("marks are read in the background, the current card's neighbours first, and drawn as record bits")
    func marksAreReadInTheBackground() throws {
        let store = RecordingCullStore(["/photos/p1.jpg": CullMark(stars: 4, flag: .picked),
                                        "/photos/p2.jpg": CullMark(stars: 2, flag: .rejected)])
        let session = cullingSession(cards: 40, store: store)
        #expect(store.reads.count == 40 && store.reads.first == "/photos/p0.jpg")
        #expect(session.cullMark(of: CardID(1)) == CullMark(stars: 4, flag: .picked))
        #expect(session.cullBits(ofID: 1) == InstanceFlags.cullBits(stars: 4, picked: true, rejected: false))
        #expect(session.cullBits(ofID: 1) == (6 + 4) << 4)
        #expect(session.cullBits(ofID: 2) == 15 << 4)
        #expect(session.cullBits(ofID: 3) == 0)
        #expect(!session.isCullingBusy)
    }

    @Test("while marks are read the window wakes every 0.25 s (at most 4 redraws a second), and a key never waits")
    func slowReadsAreBatched() throws {
        let store = RecordingCullStore(["/photos/p39.jpg": CullMark(stars: 2)], readDelay: 0.005)
        let deck = Deck((0..<40).map { (CardSource.file(name: "p\($0).jpg"), "p\($0)") })
        let session = ViewerSession(deck: deck, configuration: .init(layout: .grid, viewport: testViewport))
        session.attachCulling(store: store) { card in
            guard case .file(let name) = card.source else { return [] }
            return ["/photos/\(name)"]
        }
        session.pickLabel = []  // these tests are about flags and stars; the pick label has its own
        // 40 reads of 5 ms: still going now.
        #expect(session.isCullingBusy)
        session.advance(to: 0.01)
        #expect(session.nextDeadline.map { closeEnough($0, 0.01 + ViewerSession.cullPollInterval, absolute: 1e-9) } ?? false)
        #expect(!session.needsFrames)
        // A key is handled at once, whatever the reads are doing.
        try play(script([cullKey("x", at: 0.01)], end: 0.02), into: session)
        #expect(session.cullMark(of: CardID(0)).flag == .rejected)
        session.finishCulling()
        #expect(session.cullMark(of: CardID(39)) == CullMark(stars: 2))
        #expect(!session.isCullingBusy && session.cullDeadline == nil)  // the message's fade is the only deadline left
    }

    @Test("a key before the background read arrives wins over the read")
    func aKeyWinsOverALateRead() throws {
        let store = RecordingCullStore(["/photos/p0.jpg": CullMark(stars: 1, flag: .none)])
        let deck = Deck((0..<3).map { (CardSource.file(name: "p\($0).jpg"), "p\($0)") })
        let session = ViewerSession(deck: deck, configuration: .init(layout: .grid, viewport: testViewport))
        session.attachCulling(store: store) { card in
            guard case .file(let name) = card.source else { return [] }
            return ["/photos/\(name)"]
        }
        session.pickLabel = []  // these tests are about flags and stars; the pick label has its own
        // The read may or may not have arrived: P is on what the session knows, and stays.
        try play(script([cullKey("p", at: 0.01)], end: 0.02), into: session)
        session.finishCulling()
        #expect(session.cullMark(of: CardID(0)).flag == .picked)
        #expect(store.stored("/photos/p0.jpg")?.flag == .picked)
    }

    @Test("cards without files (a generated deck) keep their marks in the state")
    func generatedDecksKeepMarksInTheState() throws {
        let store = RecordingCullStore()
        let session = makeSession(.grid, cards: 4)
        session.attachCulling(store: store) { _ in [] }
        session.pickLabel = []  // these tests are about flags and stars; the pick label has its own
        try play(script([cullKey("p", at: 0.1), cullKey("right", at: 0.2), cullKey("2", at: 0.3, mods: ["ctrl"])], end: 0.4), into: session)
        session.finishCulling()
        #expect(store.writes.isEmpty)
        #expect(session.savedCulling.marks == ["#0": CullMark(stars: 0, flag: .picked), "#1": CullMark(stars: 2, flag: .none)])
        #expect(session.savedLayout.culling == session.savedCulling)
        // Unmarked again: gone from the state.
        try play(script([cullKey("0", at: 0.1, mods: ["ctrl"])], end: 0.2), into: session)
        #expect(session.savedCulling.marks == ["#0": CullMark(stars: 0, flag: .picked)])
    }

    @Test("the help of both views lists the culling keys")
    func helpListsTheKeys() {
        #expect(ViewerSession.helpLines.contains { $0.contains("P, X") && $0.contains("pick") })
        #expect(ViewerSession.helpLines.contains { $0.contains("Ctrl+0..5") && $0.contains("stars") })
        #expect(ViewerSession.helpLines.contains { $0.hasPrefix("  V ") && $0.contains("filter") })
        #expect(ViewerSession.photoViewHelpLines.contains { $0.contains("P, X") })
        #expect(ViewerSession.photoViewHelpLines.contains { $0.contains("V") && $0.contains("filter") })
    }
}
