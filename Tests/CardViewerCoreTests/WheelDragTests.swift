import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The wheel's drag (SPEC §2.5) through the session: it follows the pointer 1:1, one card per
/// 133 points, and a release rests on the card nearest to where the velocity would carry it (a
/// slow 300-point drag, 2.26 cards, ended three cards on; one at walking pace four or five).
@Suite struct WheelDragTests {
    let layout = WheelLayout()

    /// Down at `from`, moves at 60 Hz to `to` over `duration`, still for `hold` seconds, up.
    func drag(from: Vec2, to: Vec2, duration: Double, hold: Double) -> [String] {
        var events = [#"{"time": 0.1, "type": "down", "x": \#(from.x), "y": \#(from.y)}"#]
        let steps = Int((duration * 60).rounded())
        for i in 1...steps {
            let p = from + (to - from) * (Double(i) / Double(steps))
            events.append(#"{"time": \#(0.1 + Double(i) / 60), "type": "move", "x": \#(p.x), "y": \#(p.y)}"#)
        }
        events.append(#"{"time": \#(0.1 + duration + hold), "type": "up", "x": \#(to.x), "y": \#(to.y)}"#)
        return events
    }

    @Test(arguments: [(Vec2(840, 400), Vec2(540, 400)), (Vec2(1150, 420), Vec2(900, 300)), (Vec2(300, 350), Vec2(500, 500))])
    func aDragTurnsTheWheelOneCardPer133PointsOfPointer(from: Vec2, to: Vec2) throws {
        let session = makeSession(.wheel, cards: 30, offset: Vec2(10 * 133, 0))
        var samples: [(pointer: Vec2, offset: Double)] = []
        let events = drag(from: from, to: to, duration: 0.5, hold: 0.3)
        try play(script(events, end: 2), into: session) { t in
            // During the drag, after the slop (the pan has begun once the offset moved).
            if t > 0.2, t < 0.6 { samples.append((session.scene.pointer, session.offset.x)) }
        }
        try #require(samples.count > 10)
        let first = samples[0]
        for sample in samples.dropFirst() {
            // The offset moves against the pointer's x, 1:1; the wheel turns by
            // anglePerItem per 133 points of it.
            #expect(closeEnough(sample.offset - first.offset, -(sample.pointer.x - first.pointer.x), absolute: 1e-9))
        }
        let cards = (samples.last!.offset - first.offset) / layout.itemSize.width
        #expect(closeEnough(cards, -(samples.last!.pointer.x - first.pointer.x) / 133, absolute: 1e-9))
    }

    @Test func aThreeHundredPointDragReleasedAtRestEndsOnTheNearestCard() throws {
        let session = makeSession(.wheel, cards: 30, offset: Vec2(10 * 133, 0))
        var atRelease = 0.0
        // 300 points across the top of the wheel, then still for 0.3 s (no velocity) and up.
        try play(script(drag(from: Vec2(790, 400), to: Vec2(490, 400), duration: 0.5, hold: 0.3), end: 3),
                 into: session) { t in
            if t < 0.85 { atRelease = session.offset.x }
        }
        let cardsAtRelease = atRelease / 133 - 10
        // 300 points, 2.26 cards, less the slop's 10 points (the content does not jump by it).
        #expect(closeEnough(cardsAtRelease, 290.0 / 133, absolute: 0.02), "\(cardsAtRelease)")
        #expect(closeEnough(session.offset.x, (10 + cardsAtRelease.rounded()) * 133, absolute: 1e-6))
        #expect(!session.needsFrames)
    }

    @Test func aFlickGoesAsFarAsItsProjectionRoundedToTheNearestCard() throws {
        let session = makeSession(.wheel, cards: 30, offset: Vec2(10 * 133, 0))
        try play(script([#"{"time": 0.1, "type": "drag", "x": 790, "y": 400, "toX": 490, "toY": 400, "duration": 0.3}"#],
                        end: 0.42), into: session)
        // Just after the release: heading for a whole card, beyond where the pointer left it.
        let released = session.offset.x
        let destination = session.scene.physics.destination.x
        #expect(destination > released)
        #expect(closeEnough(destination / 133, (destination / 133).rounded(), absolute: 1e-9))
        try play(script([], end: 2), into: session)
        #expect(session.offset.x == destination)
    }
}
