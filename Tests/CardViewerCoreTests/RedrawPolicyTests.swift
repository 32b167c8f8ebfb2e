import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The session's half of the window's redraw policy (SPEC §7), through `WindowLoopSimulation`:
/// the last frame of every motion is drawn, nothing is drawn at rest, and timers wake the loop.
/// (The real loop is exercised in a real window by `ViewerWindowTests`.)
@Suite struct RedrawPolicyTests {
    func click(_ time: Double, _ x: Double, _ y: Double) -> String {
        #"{"time": \#(time), "type": "click", "x": \#(x), "y": \#(y)}"#
    }

    func key(_ name: String, _ time: Double) -> String {
        #"{"time": \#(time), "type": "key", "key": "\#(name)"}"#
    }

    func drag(_ time: Double, from: Vec2, to: Vec2, duration: Double = 0.3) -> String {
        #"{"time": \#(time), "type": "drag", "x": \#(from.x), "y": \#(from.y), "toX": \#(to.x), "toY": \#(to.y), "duration": \#(duration)}"#
    }

    /// Plays `events`, then checks that the window shows what a forced redraw would, and that
    /// nothing was drawn in the last second (everything at rest by then).
    func expectRestingFrameDrawn(_ loop: inout WindowLoopSimulation, _ events: [String], end: Double,
                                 _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try loop.play(script(events, end: end))
        let session = loop.session
        #expect(!session.needsFrames, comment, sourceLocation: sourceLocation)
        let lastDraw = loop.drawTimes.last ?? 0
        #expect(session.time - lastDraw >= 1, "frames drawn at rest: \(comment)", sourceLocation: sourceLocation)
        let shown = loop.shown
        let redrawn = loop.redrawn()
        #expect(shown.count == redrawn.count, comment, sourceLocation: sourceLocation)
        for (a, b) in zip(shown, redrawn) {
            #expect(a.id == b.id && closeEnough(a.center, b.center, absolute: 1e-9)
                        && closeEnough(a.transform, b.transform, absolute: 1e-9) && a.alpha == b.alpha,
                    "\(comment): card \(a.id) shown \(a.center), at rest \(b.center)", sourceLocation: sourceLocation)
        }
    }

    @Test("open, close, layout switch, SlideBox spring-back, append: the resting frame is the last drawn")
    func everyAnimationsLastFrameIsDrawn() throws {
        let session = makeSession(.pages, cards: 12)
        var loop = WindowLoopSimulation(session: session)
        try expectRestingFrameDrawn(&loop, [click(0.2, 640, 700)], end: 2, "open")
        #expect(session.photoCard != nil)
        try expectRestingFrameDrawn(&loop, [key("escape", 0.1)], end: 2, "close")
        try expectRestingFrameDrawn(&loop, [key("3", 0.1)], end: 2, "layout switch")
        try expectRestingFrameDrawn(&loop, [drag(0.1, from: Vec2(640, 400), to: Vec2(640, 300))], end: 2,
                                    "SlideBox spring-back")
        #expect(session.deck.count == 12)
        try expectRestingFrameDrawn(&loop, [drag(0.1, from: Vec2(900, 400), to: Vec2(500, 400), duration: 0.1)], end: 3,
                                    "SlideBox paging")
        try expectRestingFrameDrawn(&loop, [key("1", 0.1), key("a", 1.0)], end: 5, "append and its auto-open")
        #expect(session.deck.count == 13 && session.highlightedCard == CardID(12))
        try expectRestingFrameDrawn(&loop, [key("escape", 0.1), drag(0.5, from: Vec2(640, 700), to: Vec2(640, 100), duration: 0.08)],
                                    end: 8, "fling")
        try expectRestingFrameDrawn(&loop, [key("5", 0.1), drag(0.8, from: Vec2(900, 400), to: Vec2(600, 400), duration: 0.1)],
                                    end: 5, "wheel spin")
        try expectRestingFrameDrawn(&loop, [key("4", 0.1), drag(1.0, from: Vec2(200, 150), to: Vec2(200, 790), duration: 1.0)],
                                    end: 6, "grid scroll")
    }

    @Test("hovering draws nothing; a press held still sleeps until its long press fires")
    func hoveringAndTimers() throws {
        let session = makeSession(.grid, cards: 30)
        var loop = WindowLoopSimulation(session: session)
        try loop.play(script([], end: 0.5))
        let before = loop.drawTimes.count
        let moves = (0..<30).map { i in #"{"time": \#(0.1 + Double(i) * 0.02), "type": "move", "x": \#(100 + i * 10), "y": 300}"# }
        try loop.play(script(moves, end: 1))
        #expect(loop.drawTimes.count == before)
        // Held still on a card: the loop sleeps (the press draws one frame), wakes when the long
        // press is due, and the card lifts.
        let slot = GridLayout().slotFrame(at: 0, viewport: testViewport).center
        let held = loop.drawTimes.count
        try loop.play(script([#"{"time": 0.1, "type": "down", "x": \#(slot.x), "y": \#(slot.y)}"#], end: 0.55))
        #expect(loop.drawTimes.count - held <= 2)
        #expect(session.liftedCard == nil)
        try loop.play(script([], end: 0.1))
        #expect(session.liftedCard == CardID(0))
    }

    @Test("a redraw request from the window (expose, focus) asks for exactly one frame")
    func redrawEvents() throws {
        let session = makeSession(.tasks)
        var loop = WindowLoopSimulation(session: session)
        try loop.play(script([], end: 1))
        let before = loop.drawTimes.count
        session.handle(.redraw(time: session.time + 0.5))
        #expect(session.needsDisplay)
        #expect(session.waitBeforeNextFrame(now: session.time, canDraw: true) == 0)
        // Minimised, the owed frame waits for the window to come back.
        #expect(session.waitBeforeNextFrame(now: session.time, canDraw: false) == nil)
        try loop.play(script([], end: 1))
        #expect(loop.drawTimes.count == before + 1)
        #expect(session.waitBeforeNextFrame(now: session.time, canDraw: true) == nil)
    }
}
