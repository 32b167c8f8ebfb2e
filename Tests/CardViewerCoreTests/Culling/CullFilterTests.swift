import CardCulling
import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SPEC §10's filter (V: all → picks only → rejects hidden → all) in the session: cards leave
/// the layout animated and come back; the deck's order and the state's deck never change; the
/// current card moves to an admitted one; the photo view skips hidden pictures; nothing to show
/// says so.
@Suite struct CullFilterTests {
    /// Cards 1 and 3 picked, 2 rejected, of six.
    func markedStore() -> RecordingCullStore {
        RecordingCullStore(["/photos/p1.jpg": CullMark(stars: 2, flag: .picked), "/photos/p3.jpg": CullMark(flag: .picked),
                            "/photos/p2.jpg": CullMark(stars: 5, flag: .rejected)])
    }

    @Test("V cycles the filter; the cards shown follow; the saved deck keeps every card in order")
    func vCyclesTheFilter() throws {
        let session = cullingSession(store: markedStore())
        let whole = session.deck
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(session.cullFilter == .picksOnly)
        #expect(shownIDs(session) == [1, 3])
        #expect(session.savedDeck == whole)
        #expect(messageLines(session).contains("filter: picks only"))
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(session.cullFilter == .rejectsHidden)
        #expect(shownIDs(session) == [0, 1, 3, 4, 5])
        #expect(session.savedDeck == whole)
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(session.cullFilter == .all)
        #expect(session.deck == whole)
        #expect(session.savedLayout.culling == nil)  // nothing to keep: all shown, marks in the store
    }

    @Test("hidden cards leave animated, as a delete does, and come back animated")
    func theFilterAnimates() throws {
        let session = cullingSession(store: markedStore())
        session.prepareFrame()
        let before = session.frameCards.first { $0.id == CardID(0) }
        #expect(before != nil)
        var midway: [CardAttributes] = []
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session) { time in
            if time > 0.15, time < 0.25, midway.isEmpty { midway = session.frameCards }
        }
        // Midway, card 0 is still drawn (fading out as the grid's disappearing attributes say) and
        // card 1 is on its way to card 0's place.
        let leaving = try #require(midway.first { $0.id == CardID(0) })
        #expect(leaving.alpha < 1 && leaving.alpha > 0)
        let resting = session.frameCards
        #expect(!resting.contains { $0.id == CardID(0) && !$0.isHidden && $0.alpha > 0 })
        let card1 = try #require(resting.first { $0.id == CardID(1) })
        #expect(closeEnough(card1.center, before!.center, absolute: 1e-6))
        #expect(!session.needsFrames)
        // Back: card 0 appears again where it was.
        try play(script([cullKey("v", at: 0.1), cullKey("v", at: 0.2)], end: 1.5), into: session)
        session.prepareFrame()
        let back = try #require(session.frameCards.first { $0.id == CardID(0) })
        #expect(closeEnough(back.center, before!.center, absolute: 1e-6) && back.alpha == 1)
    }

    @Test("a hidden current card gives its place to the next admitted card (else the one before)")
    func theCurrentCardMovesToAnAdmittedOne() throws {
        let session = cullingSession(store: markedStore())
        try play(script([cullKey("right", at: 0.1), cullKey("right", at: 0.2)], end: 0.5), into: session)
        #expect(session.currentCardID == CardID(2))
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(session.currentCardID == CardID(3))
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)  // rejects hidden: 3 stays
        #expect(session.currentCardID == CardID(3))
        // Rejecting the current card under "rejects hidden" moves on to the next one.
        try play(script([cullKey("x", at: 0.1)], end: 1.0), into: session)
        #expect(session.currentCardID == CardID(4))
        #expect(shownIDs(session) == [0, 1, 4, 5])
        // The last card rejected: the one before it.
        try play(script([cullKey("right", at: 0.1), cullKey("x", at: 0.2)], end: 1.0), into: session)
        #expect(session.currentCardID == CardID(4))
    }

    @Test("the photo view's next and previous skip hidden pictures")
    func photoViewSkipsHiddenPictures() throws {
        let session = cullingSession(store: markedStore())
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        try play(script([cullKey("enter", at: 0.1)], end: 0.5), into: session)
        #expect(session.photoCard == CardID(1))
        try play(script([cullKey("space", at: 0.1)], end: 0.3), into: session)
        #expect(session.photoCard == CardID(3))
        try play(script([cullKey("space", at: 0.1)], end: 0.3), into: session)
        #expect(session.photoCard == CardID(3))
        #expect(messageLines(session).contains("the last picture"))
        try play(script([cullKey("backspace", at: 0.1)], end: 0.3), into: session)
        #expect(session.photoCard == CardID(1))
        // Unpicking the shown picture under "picks only" shows the next admitted one.
        try play(script([cullKey("p", at: 0.1)], end: 0.8), into: session)
        #expect(session.photoCard == CardID(3))
        #expect(shownIDs(session) == [3])
    }

    @Test("no picks: an empty layout and a message that says how to get back")
    func anEmptyResultSaysSo() throws {
        let session = cullingSession(store: RecordingCullStore())
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(session.deck.isEmpty && session.currentCardID == nil)
        #expect(messageLines(session).contains("no picks - V for all"))
        #expect(session.overlayPanels.contains { $0.placement == .center && $0.lines == ["No picks", "V shows all the pictures"] })
        #expect(!session.overlayPanels.contains { $0.lines == ViewerSession.emptyDeckLines })
        #expect(session.savedDeck.count == 6)
        try play(script([cullKey("v", at: 0.1), cullKey("v", at: 0.2)], end: 1.0), into: session)
        #expect(session.deck.count == 6 && session.currentCardID != nil)
    }

    @Test("deleting and undoing under a filter keeps the hidden cards where they were")
    func editsUnderAFilter() throws {
        let session = cullingSession(store: markedStore())
        try play(script([cullKey("v", at: 0.1), cullKey("v", at: 0.2)], end: 1.0), into: session)  // rejects hidden
        #expect(session.currentCardID == CardID(1))  // picks only moved it from 0 to the first pick
        try play(script([cullKey("left", at: 0.1)], end: 0.5), into: session)
        #expect(session.currentCardID == CardID(0))
        try play(script([cullKey("delete", at: 0.1)], end: 1.0), into: session)
        #expect(session.savedDeck.cards.map(\.id.rawValue) == [1, 2, 3, 4, 5])
        try play(script([cullKey("u", at: 0.1)], end: 1.0), into: session)
        #expect(session.savedDeck.cards.map(\.id.rawValue) == [0, 1, 2, 3, 4, 5])
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(shownIDs(session) == [0, 1, 2, 3, 4, 5])
    }

    @Test("cards listed or dropped under a filter obey it; their marks, once read, bring them in")
    func appendsObeyTheFilter() throws {
        let store = markedStore()
        try store.store(CullMark(flag: .picked), forPicture: "/photos/p7.jpg")
        let session = cullingSession(store: store)
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        session.appendListed([(.file(name: "p6.jpg"), "p6"), (.file(name: "p7.jpg"), "p7")])
        session.finishCulling()
        try play(script([], end: 1.0), into: session)
        #expect(shownIDs(session) == [1, 3, 7])
        #expect(session.savedDeck.cards.map(\.id.rawValue) == [0, 1, 2, 3, 4, 5, 6, 7])
        session.appendDropped([(.file(name: "p8.jpg"), "p8")])
        #expect(shownIDs(session) == [1, 3, 7])
        #expect(session.savedDeck.count == 9)
    }

    @Test("the filter is saved with the state and restored at start")
    func theFilterIsSavedAndRestored() throws {
        let store = markedStore()
        let session = cullingSession(store: store)
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        let saved = try #require(session.savedLayout.culling)
        #expect(saved.filter == .picksOnly)
        let restarted = cullingSession(store: store, saved: saved)
        #expect(restarted.cullFilter == .picksOnly)
        #expect(shownIDs(restarted) == [1, 3])
        #expect(restarted.savedDeck.count == 6)
    }

    @Test("SlideBox with swipeUp=reject: the swiped photo is rejected, stays in the deck, and the deck moves on")
    func swipeUpRejects() throws {
        let options = try LayoutDescriptor.slidebox.values(setting: ["swipeUp=reject"])
        let store = RecordingCullStore()
        let session = cullingSession(.slidebox, store: store, options: options)
        let drag = #"{"time": 0.1, "type": "drag", "x": 640, "y": 400, "toX": 640, "toY": 50, "duration": 0.3}"#
        try play(script([drag], end: 1.5), into: session)
        session.finishCulling()
        #expect(session.deck.count == 6)
        #expect(store.stored("/photos/p0.jpg")?.flag == .rejected)
        #expect(session.currentCardID == CardID(1))
        #expect(messageLines(session).contains("rejected: p0"))
        // The default still removes the card from the deck (never the file).
        let removing = cullingSession(.slidebox, store: RecordingCullStore())
        try play(script([drag], end: 1.5), into: removing)
        #expect(removing.deck.count == 5)
        #expect(LayoutDescriptor.slidebox.options.first { $0.name == "swipeUp" }?.format(1) == "reject")
        // The options panel sets it too: O, down to swipeUp, Right.
        let paneled = cullingSession(.slidebox, store: store)
        try play(script([cullKey("o", at: 0.1), cullKey("down", at: 0.2), cullKey("down", at: 0.3), cullKey("right", at: 0.4),
                         cullKey("o", at: 0.5)], end: 1.0), into: paneled)
        #expect(paneled.savedLayout.options["swipeUp"] == 1)
        try play(script([drag], end: 1.5), into: paneled)
        paneled.finishCulling()
        #expect(paneled.deck.count == 6 && paneled.cullMark(of: CardID(0)).flag == .rejected)
        #expect(throws: LayoutOptionError.self) { try LayoutDescriptor.slidebox.values(setting: ["swipeUp=maybe"]) }
    }
}
