import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// Input rules across layouts (SPEC §7, issue 12): a tap during an inertial scroll only stops
/// it, a double-click does one thing, SlideBox pages from 30 points of drag, queued appends,
/// and the wheel's one card per 133 points at every window and deck size.
@Suite struct InputRulesTests {
    func click(_ time: Double, _ x: Double, _ y: Double) -> String {
        #"{"time": \#(time), "type": "click", "x": \#(x), "y": \#(y)}"#
    }

    func key(_ name: String, _ time: Double) -> String {
        #"{"time": \#(time), "type": "key", "key": "\#(name)"}"#
    }

    /// A pointer drag by `delta` over `duration`, moving at 60 Hz, held still for `hold` before
    /// the release (0.1 s lets the velocity fall to zero).
    func slowDrag(_ time: Double, from: Vec2, by delta: Vec2, duration: Double, hold: Double = 0.1) -> [String] {
        let steps = max(1, Int((duration * 60).rounded()))
        var events = [#"{"time": \#(time), "type": "down", "x": \#(from.x), "y": \#(from.y)}"#]
        for i in 1...steps {
            let p = from + delta * (Double(i) / Double(steps))
            events.append(#"{"time": \#(time + duration * Double(i) / Double(steps)), "type": "move", "x": \#(p.x), "y": \#(p.y)}"#)
        }
        let end = from + delta
        events.append(#"{"time": \#(time + duration + hold), "type": "up", "x": \#(end.x), "y": \#(end.y)}"#)
        return events
    }

    // MARK: Taps during inertia

    @Test("a tap during a fling stops it and opens nothing", arguments: LayoutKind.builtIn)
    func aTapDuringAFlingOnlyStopsIt(kind: LayoutKind) throws {
        let session = makeSession(kind, cards: 200)
        let horizontal = kind.makeLayout().scrollAxis == .horizontal
        let from = Vec2(900, 600), to = horizontal ? Vec2(300, 600) : Vec2(900, 100)
        let fling = #"{"time": 0.1, "type": "drag", "x": \#(from.x), "y": \#(from.y), "toX": \#(to.x), "toY": \#(to.y), "duration": 0.08}"#
        var atClick: Vec2?
        try play(script([fling, click(0.35, 640, 500)], end: 3), into: session) { time in
            if atClick == nil, time >= 0.35 { atClick = session.offset }
        }
        #expect(session.highlightedCard == nil && session.photoCard == nil, "\(kind): the tap opened a card")
        #expect(!session.needsFrames)
        let caught = try #require(atClick)
        #expect(caught != .zero, "\(kind): the fling had not started")
        // Stopped where it was caught: on the nearest card or page in the layouts that snap.
        let moved = (session.offset - caught).length
        switch kind {
        case .pages, .grid:
            #expect(moved < 1e-9, "\(kind) moved \(moved) after the tap")
        case .tasks:
            #expect(moved <= TasksLayout().slotHeight(viewport: testViewport) / 2 + 1e-6)
        case .slidebox:
            #expect(moved <= SlideBoxLayout().pageDistance(viewport: testViewport) / 2 + 1e-6)
        case .wheel:
            #expect(moved <= 133 / 2 + 1e-6)
            #expect(abs(session.offset.x / 133 - (session.offset.x / 133).rounded()) < 1e-6)
        default:
            guard let carousel = kind.makeLayout() as? CarouselLayout else {
                // Any other layout: stopped where it was caught, or on the resting place its own
                // rule (`targetOffset`) picks for a release there with no velocity.
                let layout = kind.makeLayout()
                let context = LayoutContext(viewport: testViewport, cardCount: 200, offset: caught)
                let rest = layout.targetOffset(for: ScrollRelease(current: caught, proposed: caught), in: context)
                #expect(moved < 1e-9 || (session.offset - rest).length < 1e-6,
                        "\(kind) moved \(moved) after the tap, to \(session.offset); its resting place there is \(rest)")
                break
            }
            let w = carousel.geometry(viewport: testViewport, cardCount: 200).itemWidth
            #expect(moved <= w / 2 + 1e-6, "\(kind) moved \(moved) after the tap")
            #expect(abs(session.offset.x / w - (session.offset.x / w).rounded()) < 1e-6)
        }
        // At rest, the same tap opens (where the layout has opening).
        if kind == .pages || kind == .tasks {
            try play(script([click(0.1, 640, 500)], end: 1), into: session)
            #expect(session.photoCard != nil, "\(kind)")
        }
    }

    // MARK: Double-clicks

    @Test("a double-click opens, or closes: not both", arguments: [LayoutKind.pages, .tasks])
    func aDoubleClickDoesOneThing(kind: LayoutKind) throws {
        let session = makeSession(kind, cards: 12)
        try play(script([click(0.1, 640, 600), click(0.3, 641, 601)], end: 1.5), into: session)
        let opened = try #require(session.photoCard, "\(kind): the double-click closed what it opened")
        try play(script([click(0.1, 640, 600), click(0.3, 640, 600)], end: 1.5), into: session)
        #expect(session.photoCard == nil, "\(kind): \(opened) stayed open")
        // Two clicks further apart in time are two taps: open, then close.
        try play(script([click(0.1, 640, 600), click(0.7, 640, 600)], end: 1.5), into: session)
        #expect(session.photoCard == nil)
    }

    // MARK: SlideBox threshold

    @Test("SlideBox pages from 30 points of drag, the slop included", arguments: [(30.0, true), (-30.0, true), (25.0, false)])
    func slideBoxPagesFrom30Points(distance: Double, pages: Bool) throws {
        let session = makeSession(.slidebox, cards: 10, offset: Vec2(1408, 0))
        try play(script(slowDrag(0.1, from: Vec2(640, 400), by: Vec2(-distance, 0), duration: 0.5), end: 2), into: session)
        let page = SlideBoxLayout().pageDistance(viewport: testViewport)
        let expected = pages ? 1408 + (distance > 0 ? page : -page) : 1408
        #expect(closeEnough(session.offset.x, expected, absolute: 1e-6), "\(session.offset.x)")
    }

    // MARK: Appends

    @Test("A three times quickly appends three cards, one after the other", arguments: [LayoutKind.pages, .grid])
    func queuedAppends(kind: LayoutKind) throws {
        let session = makeSession(kind, cards: 12)
        try play(script([key("a", 0.1), key("a", 0.2), key("a", 0.3)], end: 8), into: session)
        #expect(session.deck.count == 15)
        #expect(!session.isAppending && !session.needsFrames)
        #expect((12..<15).allSatisfy { session.deck.index(of: CardID(UInt32($0))) == $0 })
        #expect(session.frameCards.filter { $0.id.rawValue >= 12 }.allSatisfy { !$0.isHidden })
        if kind == .pages { #expect(session.highlightedCard == CardID(14)) }
    }

    // MARK: The wheel

    @Test("the wheel turns one card per 133 points of drag at every window and deck size",
          arguments: [(Size(width: 1280, height: 800), 30), (Size(width: 1440, height: 900), 30),
                      (Size(width: 1280, height: 800), 9), (Size(width: 800, height: 500), 3),
                      (Size(width: 2560, height: 1440), 10)])
    func wheelScrollsOneCardPer133Points(viewport: Size, count: Int) throws {
        let session = ViewerSession(deck: Deck(syntheticCount: count),
                                    configuration: .init(layout: .wheel, viewport: viewport))
        let start = Vec2(viewport.width / 2 + 200, viewport.height / 2)
        try play(script(slowDrag(0.1, from: start, by: Vec2(-266, 0), duration: 0.6), end: 2), into: session)
        #expect(closeEnough(session.offset.x, 266, absolute: 1e-6), "\(viewport) \(count): \(session.offset.x)")
        // Card 2 is at the top of the wheel.
        let top = try #require(frameCard(session, CardID(2)))
        let x = top.transform.transformVector(Vec3(1, 0, 0))
        #expect(abs(atan2(x.y, x.x)) < 1e-9)
        // A 20-point drag turns nothing; a 400-point one three cards, never past the end.
        try play(script(slowDrag(0.1, from: start, by: Vec2(-20, 0), duration: 0.3), end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, 266, absolute: 1e-6))
        try play(script(slowDrag(0.1, from: start, by: Vec2(-400, 0), duration: 0.6), end: 2), into: session)
        #expect(closeEnough(session.offset.x, min(266 + 399, Double(count - 1) * 133), absolute: 1e-6))
    }
}
