import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The task switcher (SPEC §2.2) through the session.
@Suite struct TasksInteractionTests {
    let layout = TasksLayout()
    var s: Double { layout.slotHeight(viewport: testViewport) }

    /// True for the seed's resting offsets `k·s − s/1.8` and the content's ends.
    func isSnapped(_ y: Double, cardCount: Int) -> Bool {
        let maximum = layout.maximumOffset(viewport: testViewport, cardCount: cardCount).y
        let k = (y + s / 1.8) / s
        return closeEnough(y, 0, absolute: 1e-6) || closeEnough(y, maximum, absolute: 1e-6)
            || closeEnough(k, k.rounded(), absolute: 1e-6)
    }

    @Test(arguments: [(200.0, 0.15), (350.0, 0.6), (60.0, 0.4)])
    func scrollingEndsSnapped(distance: Double, duration: Double) throws {
        let session = makeSession(.tasks, cards: 30)
        try play(script([#"{"time": 0.1, "type": "drag", "x": 640, "y": 600, "toX": 640, "toY": \#(600 - distance), "duration": \#(duration)}"#],
                        end: 4), into: session)
        #expect(!session.needsFrames)
        #expect(session.offset.y > 0)
        #expect(isSnapped(session.offset.y, cardCount: 30), "\(session.offset.y)")
    }

    @Test func wheelNotchesMoveOneCardEach() throws {
        let session = makeSession(.tasks, cards: 30)
        try play(script([#"{"time": 0.1, "type": "scroll", "dx": 0, "dy": -1}"#,
                         #"{"time": 0.15, "type": "scroll", "dx": 0, "dy": -1}"#], end: 2), into: session)
        #expect(isSnapped(session.offset.y, cardCount: 30))
        // Two notches from 0: the resting offsets s − s/1.8, then 2s − s/1.8.
        #expect(closeEnough(session.offset.y, 2 * s - s / 1.8, absolute: 1e-6))
    }

    @Test func tapOpensTheCardVisiblyUnderThePointerNotTheSlotStrip() throws {
        let session = makeSession(.tasks, cards: 30)
        try play(script([#"{"time": 0.1, "type": "drag", "x": 640, "y": 600, "toX": 640, "toY": 300, "duration": 0.5}"#],
                        end: 3), into: session)
        let offset = session.offset
        let cards = layout.visibleAttributes(in: LayoutContext(viewport: testViewport, cardCount: 30, offset: offset))
        // A point where the seed's approximation (the card whose slot strip holds the point)
        // names another card than the one the camera shows there.
        var chosen: (point: Vec2, card: CardID)?
        for y in stride(from: 100.0, to: 780, by: 5) {
            let point = Vec2(640, y)
            guard let visible = expectedHit(point, cards: cards, offset: offset) else { continue }
            let slot = Int(((y + offset.y) / s - layout.leadingSlots).rounded(.down))
            if slot != Int(visible.rawValue) {
                chosen = (point, visible)
                break
            }
        }
        let (point, expected) = try #require(chosen)
        try play(script([#"{"time": 0.1, "type": "click", "x": \#(point.x), "y": \#(point.y)}"#], end: 0.6), into: session)
        #expect(session.photoCard == expected)
        // Open in the photo view: the camera shows it fitted whole in the viewport.
        let card = try #require(frameCard(session, expected))
        let corners = projectedCorners(card, offset: session.offset)
        #expect(fitsTheViewport(corners), "\(corners)")
        // It is the nearest card everywhere: a hit test anywhere finds it.
        #expect(expectedHit(Vec2(20, 20), cards: session.frameCards, offset: session.offset) == expected)
        // No scrolling while open; a tap closes it.
        try play(script([#"{"time": 0.0, "type": "drag", "x": 640, "y": 600, "toX": 640, "toY": 300}"#,
                         #"{"time": 0.6, "type": "click", "x": 640, "y": 400}"#], end: 1.2), into: session)
        // Back, it is the current card: the front-most, scrolled there at once.
        #expect(session.photoCard == nil && session.currentCardID == expected)
        let shown = TasksController().offset(showing: Int(expected.rawValue), in: LayoutContext(viewport: testViewport, cardCount: session.deck.count))
        #expect(closeEnough(session.offset, shown, absolute: 1e-6), "\(offset)")
    }
}
