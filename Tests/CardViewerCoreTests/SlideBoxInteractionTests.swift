import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SlideBox (SPEC §2.3) through the session.
@Suite struct SlideBoxInteractionTests {
    let layout = SlideBoxLayout()
    var page: Double { layout.pageDistance(viewport: testViewport) }  // ceil(1.1 · 1280) = 1408

    func drag(_ time: Double, from: Vec2, to: Vec2, duration: Double = 0.3) -> String {
        #"{"time": \#(time), "type": "drag", "x": \#(from.x), "y": \#(from.y), "toX": \#(to.x), "toY": \#(to.y), "duration": \#(duration)}"#
    }

    @Test func onePagePerSwipeInBothDirections() throws {
        let session = makeSession(.slidebox, cards: 10)
        #expect(page == 1408)
        try play(script([drag(0.1, from: Vec2(900, 400), to: Vec2(600, 400))], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, page, absolute: 1e-6))
        // A long fast fling still moves one page.
        try play(script([drag(0.1, from: Vec2(1200, 400), to: Vec2(100, 400), duration: 0.1)], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, 2 * page, absolute: 1e-6))
        try play(script([drag(0.1, from: Vec2(300, 400), to: Vec2(700, 400))], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, page, absolute: 1e-6))
        // Under 30 points: back to the same page.
        try play(script([drag(0.1, from: Vec2(600, 400), to: Vec2(580, 400))], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, page, absolute: 1e-6))
    }

    @Test func wheelNotchesPageToo() throws {
        let session = makeSession(.slidebox, cards: 10)
        try play(script([#"{"time": 0.1, "type": "scroll", "dx": 0, "dy": -1}"#], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, page, absolute: 1e-6))
    }

    @Test func swipingTheFrontCardUpDeletesItWhileTheNextOneGrows() throws {
        let session = makeSession(.slidebox, cards: 10)
        let cardHeight = layout.cardSize(viewport: testViewport).height  // 480
        var grown: Double?
        try play(script([drag(0.1, from: Vec2(640, 400), to: Vec2(640, 400 - 300), duration: 0.5)], end: 1.2), into: session) { time in
            // Mid-drag (pointer 180 points up): the next card has grown to 0.9 + |ty/pageDistance|/10.
            if grown == nil, time >= 0.1 + 0.3, let next = frameCard(session, CardID(1)) {
                grown = next.transform.transformVector(Vec3(1, 0, 0)).x
            }
        }
        let expected = clamp(0.9 + 180 / page / 10, 0, 1)
        #expect(closeEnough(try #require(grown), expected, absolute: 0.004))
        #expect(300 > cardHeight / 2)
        #expect(session.deck.count == 9)
        #expect(session.deck.deleted.map(\.id) == [CardID(0)])
        #expect(session.offset.x == 0)
        // The next card is now the front card, at full size.
        let front = try #require(frameCard(session, CardID(1)))
        let rest = layout.restingAttributes(at: 0, in: LayoutContext(viewport: testViewport, cardCount: 9))
        #expect(closeEnough(front.transform, rest.transform, absolute: 1e-9))
    }

    @Test func aShortSwipeUpSpringsBack() throws {
        let session = makeSession(.slidebox, cards: 10)
        try play(script([drag(0.1, from: Vec2(640, 400), to: Vec2(640, 250))], end: 1.2), into: session)
        #expect(session.deck.count == 10)
        let front = try #require(frameCard(session, CardID(0)))
        let rest = layout.restingAttributes(at: 0, in: LayoutContext(viewport: testViewport, cardCount: 10))
        #expect(closeEnough(front.transform, rest.transform, absolute: 1e-9))
        let next = try #require(frameCard(session, CardID(1)))
        #expect(closeEnough(next.transform.transformVector(Vec3(1, 0, 0)).x, 0.9, absolute: 1e-9))
    }

    @Test func deletingTheLastCardShowsThePreviousOne() throws {
        let session = makeSession(.slidebox, cards: 3)
        try play(script([#"{"time": 0.1, "type": "key", "key": "end"}"#], end: 1.5), into: session)
        #expect(closeEnough(session.offset.x, 2 * page, absolute: 1e-6))
        try play(script([drag(0.1, from: Vec2(640, 400), to: Vec2(640, 50))], end: 1.2), into: session)
        #expect(session.deck.cards.map(\.id) == [CardID(0), CardID(1)])
        #expect(closeEnough(session.offset.x, page, absolute: 1e-6))
        #expect(frameCard(session, CardID(1)).map { closeEnough($0.transform.transformVector(Vec3(1, 0, 0)).x, 1) } == true)
    }
}
