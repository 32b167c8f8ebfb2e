import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The carousels (SPEC §8) through the session: drags with the type's multiplier, flings that
/// rest on a whole card, wrapping without ends, a click on a side card centring it and a click
/// on the current card opening it.
@Suite struct CarouselInteractionTests {
    /// The slot length of the carousels' default cards, points.
    static let w = 256.0

    static func session(_ kind: LayoutKind, cards: Int = 12, set: [String] = [], offset: Vec2 = .zero) throws -> ViewerSession {
        let values = try kind.descriptor.values(setting: set)
        return ViewerSession(deck: Deck(syntheticCount: cards),
                             configuration: .init(layout: kind, layoutOptions: values, viewport: testViewport, offset: offset))
    }

    @Test("a drag of Δ points moves the offset by Δ·offsetMultiplier points (Δ·m/w cards)",
          arguments: [(LayoutKind.linear, [String](), 1.0), (.coverflow, [], 2), (.coverflow2, [], 2),
                      (.rotary, ["offsetMultiplier=3"], 3), (.timeMachine, ["vertical=true"], 1)])
    func dragMultiplier(kind: LayoutKind, set: [String], multiplier: Double) throws {
        let vertical = set.contains("vertical=true")
        let session = try Self.session(kind, cards: 30, set: set, offset: vertical ? Vec2(0, 10 * 160) : Vec2(10 * Self.w, 0))
        func point(_ along: Double) -> String { vertical ? #""x": 640, "y": \#(along)"# : #""x": \#(along), "y": 400"# }
        try play(script([#"{"time": 0.1, "type": "down", \#(point(400))}"#, #"{"time": 0.15, "type": "move", \#(point(380))}"#,
                         #"{"time": 0.2, "type": "move", \#(point(360))}"#], end: 0.25), into: session)
        let before = session.offset
        try play(script([#"{"time": 0.05, "type": "move", \#(point(330))}"#, #"{"time": 0.1, "type": "move", \#(point(290))}"#],
                        end: 0.15), into: session)
        let moved = vertical ? session.offset.y - before.y : session.offset.x - before.x
        #expect(closeEnough(moved, 70 * multiplier, absolute: 1e-9), "\(kind): \(moved)")
        #expect((vertical ? session.offset.x : session.offset.y) == 0)
    }

    @Test("a fling rests on a whole card", arguments: [LayoutKind.linear, .coverflow, .rotary, .cylinder, .timeMachine])
    func flingSnaps(kind: LayoutKind) throws {
        let session = try Self.session(kind, cards: 40, offset: Vec2(20 * Self.w, 0))
        try play(script([#"{"time": 0.1, "type": "drag", "x": 900, "y": 400, "toX": 610, "toY": 400, "duration": 0.08}"#],
                        end: 5), into: session)
        let cards = session.offset.x / Self.w
        #expect(closeEnough(cards, cards.rounded(), absolute: 1e-6), "\(kind): \(cards)")
        #expect(cards > 20.5, "\(kind): the fling carried it on")
        #expect(!session.needsFrames)
    }

    @Test("a wrapping carousel goes past its first card to its last: no rubber band, s kept in 0…n")
    func wrapsPastTheEnd() throws {
        let session = try Self.session(.rotary, cards: 12)
        try play(script([#"{"time": 0.1, "type": "drag", "x": 400, "y": 400, "toX": 800, "toY": 400, "duration": 0.6}"#],
                        end: 4), into: session)
        let cards = session.offset.x / Self.w
        #expect(cards >= 0 && cards < 12 && closeEnough(cards, cards.rounded(), absolute: 1e-6))
        // 400 points back (over 1.5 cards) and a fling on: it came round to the deck's last cards.
        #expect(cards >= 7 && cards <= 10.5, "\(cards)")
        // Linear does not wrap: the same drag rubber-bands and comes back to card 0.
        let linear = try Self.session(.linear, cards: 12)
        try play(script([#"{"time": 0.1, "type": "drag", "x": 400, "y": 400, "toX": 800, "toY": 400, "duration": 0.6}"#],
                        end: 4), into: linear)
        #expect(linear.offset.x == 0)
    }

    @Test("a click on a side card brings it to the centre; a click on the centre card opens it; a click closes it")
    func clicks() throws {
        let session = try Self.session(.linear, cards: 12, offset: Vec2(3 * Self.w, 0))
        // Card 4 sits one slot right of the centre.
        try play(script([#"{"time": 0.1, "type": "click", "x": \#(640 + Self.w), "y": 400}"#], end: 2), into: session)
        #expect(closeEnough(session.offset.x, 4 * Self.w, absolute: 1e-6))
        #expect(session.highlightedCard == nil)
        try play(script([#"{"time": 0.1, "type": "click", "x": 640, "y": 400}"#], end: 1.5), into: session)
        #expect(session.photoCard == CardID(4))
        session.prepareFrame()
        let open = try #require(frameCard(session, CardID(4)))
        // Seen through the session's camera: a carousel's own 500 (issue 34 item 6).
        let corners = projectedCorners(open, offset: session.offset, camera: session.camera)
        #expect(fitsTheViewport(corners), "\(corners)")  // the photo view: fitted whole
        #expect(session.frameCards.count == 1)
        try play(script([#"{"time": 0.1, "type": "click", "x": 640, "y": 400}"#], end: 1.5), into: session)
        #expect(session.photoCard == nil && session.currentCardID == CardID(4))
    }

    @Test("on a wrapping carousel a click on the card before the first scrolls the short way round")
    func wrappedClick() throws {
        let session = try Self.session(.coverflow, cards: 12, set: ["wrap=true"])
        session.prepareFrame()
        // Card 11 is the one just left of the centre (o = −1).
        let card = try #require(frameCard(session, CardID(11)))
        let corners = projectedCorners(card, offset: session.offset, camera: session.camera)
        let x = corners.map(\.x).reduce(0, +) / 4, y = corners.map(\.y).reduce(0, +) / 4
        try play(script([#"{"time": 0.1, "type": "click", "x": \#(x), "y": \#(y)}"#], end: 2), into: session)
        #expect(closeEnough(session.offset.x, 11 * Self.w, absolute: 1e-6), "\(session.offset.x / Self.w)")
        #expect(session.highlightedCard == nil)
    }

    @Test("cover flow 2's passing card flips while the current card changes, and rests flat again")
    func coverFlow2Toggle() throws {
        let session = try Self.session(.coverflow2, cards: 20, offset: Vec2(5 * Self.w, 0))
        var toggled = false
        try play(script([#"{"time": 0.1, "type": "drag", "x": 800, "y": 400, "toX": 700, "toY": 400, "duration": 0.3}"#],
                        end: 3), into: session) { _ in
            session.prepareFrame()
            let plain = CarouselLayout(type: .coverflow2)
            let context = LayoutContext(viewport: testViewport, cardCount: 20, offset: session.offset)
            for card in session.frameCards where !closeEnough(card.transform, plain.attributes(at: card.index, in: context).transform) {
                toggled = true
            }
        }
        #expect(toggled, "some frame showed a toggle")
        #expect(!session.needsFrames)
        session.prepareFrame()
        let context = LayoutContext(viewport: testViewport, cardCount: 20, offset: session.offset)
        for card in session.frameCards {
            #expect(closeEnough(card.transform, CarouselLayout(type: .coverflow2).attributes(at: card.index, in: context).transform))
        }
    }

    @Test("arrow keys move one card, round the end of a wrapping deck")
    func keys() throws {
        let session = try Self.session(.cylinder, cards: 12)
        try play(script([#"{"time": 0.1, "type": "key", "key": "left"}"#], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, 11 * Self.w, absolute: 1e-6), "\(session.offset.x / Self.w)")
        try play(script([#"{"time": 0.1, "type": "key", "key": "right"}"#, #"{"time": 0.2, "type": "key", "key": "right"}"#],
                        end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, 1 * Self.w, absolute: 1e-6), "\(session.offset.x / Self.w)")
    }
}
