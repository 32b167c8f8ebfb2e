import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The reorderable grid (SPEC §2.4) through the session.
@Suite struct GridInteractionTests {
    let layout = GridLayout()

    func center(_ index: Int) -> Vec2 { layout.slotFrame(at: index, viewport: testViewport).center }

    /// A long press on card `from`'s slot, dragged to card `to`'s slot.
    func liftAndDrag(from: Int, to: Int, at time: Double = 0.1) -> String {
        let a = center(from), b = center(to)
        return #"{"time": \#(time), "type": "drag", "x": \#(a.x), "y": \#(a.y), "toX": \#(b.x), "toY": \#(b.y), "hold": 0.6, "duration": 0.5}"#
    }

    @Test func longPressLiftsAndDragReordersLive() throws {
        let session = makeSession(.grid, cards: 30)
        #expect(layout.columns(viewportWidth: 1280) == 4)
        var liftedFrames = 0, orderMidway: [CardID]?
        try play(script([liftAndDrag(from: 0, to: 2)], end: 2), into: session) { time in
            guard session.liftedCard == CardID(0) else { return }
            liftedFrames += 1
            if let card = frameCard(session, CardID(0)), time > 0.8 {
                // Lifted: 1.1 times bigger, 40 points nearer.
                #expect(closeEnough(card.transform.transformVector(Vec3(1, 0, 0)).x, 1.1))
                #expect(card.center.z == 40)
            }
            if orderMidway == nil, time >= 1.1 - 1e-9 { orderMidway = session.deck.cards.prefix(3).map(\.id) }
        }
        #expect(liftedFrames > 20)
        // Live: the order had changed before the release (the pointer 80 % of the way, in slot 2).
        #expect(orderMidway == [CardID(1), CardID(2), CardID(0)])
        #expect(session.liftedCard == nil)
        #expect(session.deck.cards.prefix(4).map(\.id) == [CardID(1), CardID(2), CardID(0), CardID(3)])
        #expect(session.deckRevision == 1)
        // Dropped: card 0 rests in slot 2, flat.
        let card = try #require(frameCard(session, CardID(0)))
        #expect(closeEnough(Vec2(card.center.x, card.center.y), center(2)))
        #expect(closeEnough(card.transform, .identity))
    }

    @Test func escapeCancelsBackToTheOriginalOrder() throws {
        let session = makeSession(.grid, cards: 30)
        let a = center(0), b = center(5)
        try play(script([#"{"time": 0.1, "type": "down", "x": \#(a.x), "y": \#(a.y)}"#,
                         #"{"time": 0.8, "type": "move", "x": \#(b.x), "y": \#(b.y)}"#,
                         #"{"time": 1.0, "type": "keydown", "key": "escape"}"#,
                         #"{"time": 1.2, "type": "up", "x": \#(b.x), "y": \#(b.y)}"#], end: 2), into: session)
        #expect(session.liftedCard == nil)
        #expect(session.deck.cards.map(\.id) == (0..<30).map { CardID(UInt32($0)) })
        #expect(session.deckRevision == 0)
        let card = try #require(frameCard(session, CardID(0)))
        #expect(closeEnough(Vec2(card.center.x, card.center.y), a))
    }

    @Test func edgeAutoScrollMovesWholePointsEveryFrame() throws {
        let session = makeSession(.grid, cards: 80)
        let a = center(4)
        var offsets: [Double] = []
        try play(script([#"{"time": 0.1, "type": "down", "x": \#(a.x), "y": \#(a.y)}"#,
                         #"{"time": 0.7, "type": "move", "x": \#(a.x), "y": 790}"#,
                         #"{"time": 2.0, "type": "up", "x": \#(a.x), "y": 790}"#], end: 2.5), into: session) { time in
            if time > 0.7, time < 2.0 { offsets.append(session.offset.y) }
        }
        // 10 points from the bottom: 300·(1 − 10/50) = 240 points/s, rint(240/60) = 4 per frame.
        let steps = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
        #expect(offsets.allSatisfy { $0 == $0.rounded() })
        #expect(steps.allSatisfy { $0 == 4 })
        #expect(steps.count > 60)
        // The card stayed under the pointer and moved through the grid as it scrolled.
        #expect((session.deck.index(of: CardID(4)) ?? 0) > 4 + 8)
    }
}
