import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// Wheels, trackpads and appends outside pages, through the session.
@Suite struct ScrollingInputTests {
    @Test func trackpadStreamsTrackThenCoast() throws {
        let session = makeSession(.pages, cards: 60)
        // Ten precise deltas of −2 (GLFW units; 10 points each, content moving up), 60 Hz.
        let events = (0..<10).map { i in
            #"{"time": \#(0.1 + Double(i) / 60), "type": "scroll", "dx": 0, "dy": -2, "precise": true}"#
        }
        var afterStream: Double?
        try play(script(events, end: 5), into: session) { time in
            // The stream ends 0.1 s after its last delta; sample just before that.
            if afterStream == nil, time >= 0.1 + 9.0 / 60 { afterStream = session.offset.y }
        }
        #expect(closeEnough(try #require(afterStream), 200, absolute: 1e-6))  // 1:1 while tracking
        #expect(session.offset.y > 250)  // then it kept going
        #expect(!session.needsFrames)
    }

    @Test func wheelNotchesScrollVerticalAndTurnHorizontalLayouts() throws {
        let pages = makeSession(.pages, cards: 60)
        try play(script([#"{"time": 0.1, "type": "scroll", "dx": 0, "dy": -3}"#], end: 1.5), into: pages)
        #expect(closeEnough(pages.offset.y, 120, absolute: 1e-6))  // 3 notches of 40 points
        let wheel = makeSession(.wheel, cards: 30)
        try play(script([#"{"time": 0.1, "type": "scroll", "dx": 0, "dy": -1}"#], end: 1.5), into: wheel)
        let step = try #require(WheelLayout().cardStep(viewport: testViewport, cardCount: 30))
        #expect(closeEnough(wheel.offset.x, step, absolute: 1e-6))  // one notch, one card
    }

    @Test(arguments: [LayoutKind.tasks, .slidebox, .grid, .wheel])
    func appendShowsTheNewCard(kind: LayoutKind) throws {
        let session = makeSession(kind, cards: 40)
        try play(script([#"{"time": 0.1, "type": "key", "key": "a"}"#], end: 2), into: session)
        #expect(session.deck.count == 41)
        #expect(!session.isAppending)
        let card = try #require(frameCard(session, CardID(40)))
        #expect(card.alpha == 1 && !card.isHidden)
        #expect(session.highlightedCard == nil)
    }
}
