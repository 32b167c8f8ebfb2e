import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// Pages (SPEC §2.1) through the session, driven by replay scripts at 60 Hz.
@Suite struct PagesInteractionTests {
    let layout = PagesLayout()

    /// Resting pages for `count` cards at `offset`, ids = indices (a fresh synthetic deck).
    func resting(count: Int = 12, offset: Vec2 = .zero) -> [CardAttributes] {
        layout.visibleAttributes(in: LayoutContext(viewport: testViewport, cardCount: count, offset: offset))
    }

    @Test func tapOpensTheCardUnderThePointerWholeAndTapGoesBack() throws {
        let session = makeSession(.pages)
        let point = Vec2(640, 700)
        let expected = try #require(expectedHit(point, cards: resting(), offset: .zero))
        try play(script([#"{"time": 0.1, "type": "click", "x": 640, "y": 700}"#], end: 0.6), into: session)
        #expect(session.photoCard == expected && session.currentCardID == expected)
        // Alone, fitted whole in the viewport (SPEC §10's photo view).
        let card = try #require(frameCard(session, expected))
        #expect(session.frameCards.count == 1)
        #expect(fitsTheViewport(projectedCorners(card, offset: session.offset)))
        let index = Int(expected.rawValue)
        let context = LayoutContext(viewport: testViewport, cardCount: 12)

        // A tap anywhere goes back; a drag does not scroll the layout meanwhile.
        try play(script([#"{"time": 0.0, "type": "drag", "x": 640, "y": 600, "toX": 640, "toY": 200}"#,
                         #"{"time": 0.5, "type": "click", "x": 100, "y": 100}"#], end: 1.0), into: session)
        #expect(session.photoCard == nil)
        #expect(session.offset == .zero)
        #expect(!session.needsFrames)
        let back = try #require(frameCard(session, expected))
        #expect(closeEnough(back.transform, layout.restingAttributes(at: index, in: context).transform))
    }

    @Test func escapeDismissesTheHighlight() throws {
        let session = makeSession(.pages)
        try play(script([#"{"time": 0.1, "type": "click", "x": 640, "y": 700}"#,
                         #"{"time": 0.6, "type": "key", "key": "escape"}"#], end: 1.0), into: session)
        #expect(session.photoCard == nil && session.highlightedCard == nil)
    }

    @Test(arguments: [
        (dx: -300.0, duration: 0.5, deletes: true),   // past W/6 = 213 points
        (dx: -150.0, duration: 0.08, deletes: true),  // short but flung (≈1900 points/s)
        (dx: -150.0, duration: 1.0, deletes: false),  // short and slow: springs back
    ])
    func swipeLeft(dx: Double, duration: Double, deletes: Bool) throws {
        let session = makeSession(.pages)
        let point = Vec2(640, 700)
        let target = try #require(expectedHit(point, cards: resting(), offset: .zero))
        try play(script([#"{"time": 0.1, "type": "drag", "x": 640, "y": 700, "toX": \#(640 + dx), "toY": 700, "duration": \#(duration)}"#],
                        end: 0.1 + duration + 0.6), into: session)
        #expect(session.deck.count == (deletes ? 11 : 12))
        #expect((session.deck.index(of: target) == nil) == deletes)
        #expect(session.deck.deleted.map(\.id) == (deletes ? [target] : []))
        #expect(session.deckRevision == (deletes ? 1 : 0))
        #expect(session.offset == .zero)  // a horizontal swipe never scrolls
        if !deletes {
            let card = try #require(frameCard(session, target))
            let rest = layout.restingAttributes(at: Int(target.rawValue), in: LayoutContext(viewport: testViewport, cardCount: 12))
            #expect(closeEnough(card.center, rest.center))
        } else {
            // The cards after it closed the gap: the next card is now at the deleted one's place.
            let next = CardID(target.rawValue + 1)
            let card = try #require(frameCard(session, next))
            let rest = layout.restingAttributes(at: Int(target.rawValue), in: LayoutContext(viewport: testViewport, cardCount: 11))
            #expect(closeEnough(card.center, rest.center, absolute: 1e-6))
        }
    }

    @Test func deletedPageSlidesLeftByTheViewportWidth() throws {
        let session = makeSession(.pages)
        let target = try #require(expectedHit(Vec2(640, 700), cards: resting(), offset: .zero))
        var lastSeen: CardAttributes?
        try play(script([#"{"time": 0.1, "type": "drag", "x": 640, "y": 700, "toX": 340, "toY": 700, "duration": 0.5}"#],
                        end: 1.2), into: session) { _ in
            if let card = frameCard(session, target) { lastSeen = card }
        }
        // Its last frame is near its end state: released at dx = −300, then −W more.
        let last = try #require(lastSeen)
        #expect(last.center.x < 640 - 300 - 1280 + 60)
        #expect(frameCard(session, target) == nil)
    }

    @Test func verticalDragScrollsWithInertia() throws {
        let session = makeSession(.pages, cards: 40)
        var released: Double?
        try play(script([#"{"time": 0.1, "type": "drag", "x": 640, "y": 600, "toX": 640, "toY": 200, "duration": 0.2}"#],
                        end: 3), into: session) { time in
            if released == nil, time >= 0.3 { released = session.offset.y }
        }
        let atRelease = try #require(released)
        // Followed the pointer 1:1 from where the pan was recognized: the first 60 Hz move
        // (400/12 points) crossed the slop, the other 11 moved the content.
        #expect(closeEnough(atRelease, 400 - 400.0 / 12, absolute: 1e-6))
        #expect(session.offset.y > atRelease + 200)  // then kept going
    }

    @Test func appendDismissesScrollsInsertsWithAFlipThenHighlights() throws {
        let session = makeSession(.pages)
        var firstSeen: CardAttributes?, firstSeenTime = 0.0, insertedAt: Double?
        try play(script([#"{"time": 0.1, "type": "key", "key": "a"}"#], end: 3.5), into: session) { time in
            if firstSeen == nil, let card = frameCard(session, CardID(12)), !card.isHidden {
                firstSeen = card
                firstSeenTime = time
            }
            if insertedAt == nil, session.highlightedCard == CardID(12) { insertedAt = time }
        }
        #expect(session.deck.count == 13)
        #expect(session.deck.id(at: 12) == CardID(12))
        #expect(session.highlightedCard == CardID(12))
        #expect(session.currentCardID == CardID(12))  // the open page is the current card (SPEC §10)
        #expect(!session.isAppending)
        let maximum = layout.maximumOffset(viewport: testViewport, cardCount: 13)
        #expect(closeEnough(session.offset.y, maximum.y))
        // The first frame that shows it has it edge-on: its normal lies in the screen plane.
        let normal = try #require(firstSeen).transform.transformVector(Vec3(0, 0, 1))
        #expect(closeEnough(normal.z, 0, absolute: 1e-9))
        // Insert (0.3 s) and the seed's 0.3 s pause come before the highlight starts.
        #expect(try #require(insertedAt) >= firstSeenTime + 0.6 - 1e-9)
        // Flat over the viewport at the end.
        let card = try #require(frameCard(session, CardID(12)))
        #expect(closeEnough(card.center, Vec3(640, maximum.y + 400, 0)))
        #expect(session.deckRevision == 1)
    }
}
