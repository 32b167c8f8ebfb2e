import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// First-run guidance and feedback (SPEC §7): the start hint, the empty deck's panel, and the
/// messages of keys without a visible effect.
@Suite struct FeedbackTests {
    func key(_ name: String, _ time: Double) -> String {
        #"{"time": \#(time), "type": "key", "key": "\#(name)"}"#
    }

    func hintSession(cards: Int = 12) -> ViewerSession {
        ViewerSession(deck: Deck(syntheticCount: cards),
                      configuration: .init(layout: .pages, viewport: testViewport, showsStartHint: true))
    }

    func hint(_ session: ViewerSession) -> OverlayPanel? {
        session.overlayPanels.first { $0.lines == ViewerSession.hintLines }
    }

    @Test("the hint shows from the first frame for five seconds, then fades, waking the loop only for that")
    func hintFadesAfterAFewSeconds() throws {
        let session = hintSession()
        session.advance(to: 2)  // the first frame comes late (loading): the hint counts from it
        session.prepareFrame()
        let panel = try #require(hint(session))
        #expect(panel.placement == .bottomCenter && panel.opacity == 1)
        #expect(!session.needsFrames)
        #expect(session.nextDeadline == 7)
        #expect(session.waitBeforeNextFrame(now: 2, canDraw: true) == 5)
        session.advance(to: 6.9)
        #expect(hint(session)?.opacity == 1)
        session.advance(to: 7.3)
        #expect(session.needsFrames)
        #expect(abs((hint(session)?.opacity ?? 0) - 0.5) < 1e-9)
        session.advance(to: 7.6)
        #expect(hint(session) == nil && session.overlayPanels.isEmpty)
        #expect(session.needsDisplay && !session.needsFrames)  // the frame without it is owed
        #expect(session.nextDeadline == nil)
    }

    @Test("the first input fades the hint at once; hovering does not")
    func hintFadesAtTheFirstInput() throws {
        let session = hintSession()
        session.advance(to: 0.5)
        session.handle(.pointer(PointerEvent(.move, position: Vec2(10, 10), time: 0.6)))
        session.advance(to: 0.7)
        #expect(hint(session)?.opacity == 1)
        session.handle(.key(KeyEvent(key: .character("?"), isDown: true, time: 1)))
        session.advance(to: 1.1)
        #expect((hint(session)?.opacity ?? 0) < 1)
        session.advance(to: 1.3)
        #expect(hint(session) == nil)
        #expect(session.showsHelp)
        // Replays leave it out (their frames are their script's).
        #expect(makeSession(.pages).overlayPanels.isEmpty)
    }

    @Test("an empty deck says so, and what to do; the panel goes with the first card and comes back")
    func emptyDeckPanel() throws {
        let lines = ["No PNG or JPEG pictures in", "  /tmp/empty"]
        let session = ViewerSession(deck: Deck(syntheticCount: 0),
                                    configuration: .init(layout: .grid, viewport: testViewport, emptyDeckLines: lines))
        #expect(session.overlayPanels == [OverlayPanel(lines: lines, placement: .center)])
        try play(script([key("a", 0.1)], end: 2), into: session)
        #expect(session.deck.count == 1)
        #expect(!session.overlayPanels.contains { $0.placement == .center })
        // Deleted again (under the pointer): the panel is back.
        let center = GridLayout().slotFrame(at: 0, viewport: testViewport).center
        try play(script([#"{"time": 0.1, "type": "move", "x": \#(center.x), "y": \#(center.y)}"#, key("delete", 0.2)], end: 1.5),
                 into: session)
        #expect(session.deck.count == 0)
        #expect(session.overlayPanels.contains(OverlayPanel(lines: lines, placement: .center)))
        #expect(ViewerSession(deck: Deck(), configuration: .init()).overlayPanels.first?.lines == ViewerSession.emptyDeckLines)
    }

    @Test("Z, U, Delete on nothing, a queued A and the wheel's radius confirm themselves")
    func messages() throws {
        let session = makeSession(.grid, cards: 12)
        try play(script([key("u", 0.1)], end: 0.2), into: session)
        #expect(session.messageText == "nothing to undo")
        // The pointer over the empty space below the last row.
        try play(script([#"{"time": 0.1, "type": "move", "x": 1270, "y": 790}"#, key("delete", 0.2)], end: 0.3), into: session)
        #expect(session.messageText == "no card under the pointer to delete")
        #expect(session.deck.count == 12)
        let slot = GridLayout().slotFrame(at: 2, viewport: testViewport).center
        try play(script([#"{"time": 0.1, "type": "move", "x": \#(slot.x), "y": \#(slot.y)}"#, key("delete", 0.2), key("u", 1.0)],
                        end: 1.1), into: session)
        #expect(session.messageText == "undo: \"3\" is back")
        #expect(session.overlayPanels.last?.placement == .bottomCenter)
        try play(script([key("a", 0.1), key("a", 0.15)], end: 0.2), into: session)
        #expect(session.messageText == "1 more card queued")
        try play(script([key("5", 0.1), key("]", 3.0)], end: 3.1), into: session)
        #expect(session.messageText == "wheel radius 625 points")
        try play(script((0..<8).map { key("]", 0.1 + Double($0) * 0.05) }, end: 1), into: session)
        #expect(session.messageText == "wheel radius 2000 points (the largest)")
    }
}
