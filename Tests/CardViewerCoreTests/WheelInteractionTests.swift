import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The wheel (SPEC §2.5) through the session.
@Suite struct WheelInteractionTests {
    @Test(arguments: [(300.0, 0.1), (-200.0, 0.3), (90.0, 0.5)])
    func spinningEndsOnAWholeCard(distance: Double, duration: Double) throws {
        let session = makeSession(.wheel, cards: 30, offset: Vec2(1200, 0))
        try play(script([#"{"time": 0.1, "type": "drag", "x": 700, "y": 400, "toX": \#(700 - distance), "toY": 400, "duration": \#(duration)}"#],
                        end: 4), into: session)
        let step = try #require(WheelLayout().cardStep(viewport: testViewport, cardCount: 30))
        let cards = session.offset.x / step
        #expect(closeEnough(cards, cards.rounded(), absolute: 1e-6))
        #expect(session.offset.x != 1200)
        #expect(!session.needsFrames)
    }

    @Test func bracketsChangeTheRadiusAndRelayoutAnimated() throws {
        let session = makeSession(.wheel, cards: 30)
        try play(script([#"{"time": 0.1, "type": "key", "key": "]"}"#], end: 1), into: session)
        #expect(session.wheelRadius == 625)
        var midway: CardAttributes?
        try play(script([#"{"time": 0.1, "type": "key", "key": "["}"#, #"{"time": 0.2, "type": "key", "key": "["}"#],
                        end: 1.2), into: session) { _ in
            if midway == nil, let card = frameCard(session, CardID(3)), session.needsFrames { midway = card }
        }
        #expect(session.wheelRadius == 400)
        let context = LayoutContext(viewport: testViewport, cardCount: 30, offset: session.offset)
        let expected = WheelLayout(radius: 400).attributes(at: 3, in: context)
        let card = try #require(frameCard(session, CardID(3)))
        #expect(closeEnough(card.anchor, expected.anchor))
        #expect(closeEnough(card.transform, expected.transform))
        // It animated: an in-between frame had neither radius's anchor.
        let between = try #require(midway)
        #expect(!closeEnough(between.anchor, expected.anchor))
    }
}
