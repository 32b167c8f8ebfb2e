import CardInteraction
import CardMath
import CardTestSupport
import RealModule
import Testing

/// Scroll physics against UIScrollView's formulas, recomputed here.
@Suite struct ScrollPhysicsTests {
    let viewport = Size(width: 1280, height: 800)
    let dt = 1.0 / 60

    /// UIKit's rule: the velocity keeps 0.998 of itself per millisecond.
    func velocity(_ v0: Double, after t: Double) -> Double { v0 * Double.pow(0.998, 1000 * t) }
    /// Its integral from 0 to t.
    func distance(_ v0: Double, after t: Double) -> Double {
        v0 * (Double.pow(0.998, 1000 * t) - 1) / (1000 * Double.log(0.998))
    }
    /// UIScrollView's rubber band, f(x) = (1 − 1/(x·0.55/d + 1))·d.
    func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

    func vertical(offset: Double, maximum: Double = 4000,
                  target: ScrollPhysics.TargetOffset? = nil) -> ScrollPhysics {
        ScrollPhysics(axes: .vertical, viewport: viewport, maximumOffset: Vec2(0, maximum),
                      offset: Vec2(0, offset), targetOffset: target)
    }

    /// Steps until settled (at most `limit` steps); returns the offsets after each step.
    func settle(_ physics: inout ScrollPhysics, dt: Double = 1.0 / 60, limit: Int = 2000) -> [Double] {
        var trajectory: [Double] = []
        for _ in 0..<limit where !physics.isSettled {
            physics.step(dt)
            trajectory.append(physics.offset.y)
        }
        return trajectory
    }

    /// A drag of `distance` points (pointer moving up for positive) released at `pointerSpeed`.
    func fling(_ physics: inout ScrollPhysics, by distance: Double, pointerSpeed: Double) {
        physics.beginDrag(at: Vec2(640, 600))
        physics.drag(to: Vec2(640, 600 - distance))
        physics.endDrag(pointerVelocity: Vec2(0, -pointerSpeed))
    }

    @Test func flingDeceleratesAtTheNormalRateAndStopsWhereTheClosedFormSays() {
        var physics = vertical(offset: 1000, maximum: 10_000)
        fling(&physics, by: 100, pointerSpeed: 1500)
        let x0 = 1100.0, v0 = 1500.0
        #expect(closeEnough(physics.velocity.y, v0))
        let stopTime = Double.log(0.5 / v0) / (1000 * Double.log(0.998))
        var t = 0.0
        for step in 1...1000 {
            physics.step(dt)
            t = Double(step) * dt
            if t < stopTime {
                #expect(!physics.isSettled)
                #expect(closeEnough(physics.offset.y, x0 + distance(v0, after: t), absolute: 1e-9))
                #expect(closeEnough(physics.velocity.y, velocity(v0, after: t), absolute: 1e-9))
            } else {
                #expect(physics.isSettled)
                break
            }
        }
        #expect(t >= stopTime && t < stopTime + dt)
        #expect(closeEnough(physics.offset.y, x0 + distance(v0, after: stopTime), absolute: 1e-9))
        #expect(physics.velocity.y == 0)
    }

    @Test func closedFormAgreesWithUIKitsPerMillisecondRule() {
        // Simulate UIKit literally: every millisecond move by v·1 ms, then v *= 0.998. The sum
        // and the integral differ by the ratio k / (1 − 0.998) = 2.002 / 2: 0.1 %.
        var x = 0.0, v = 2000.0
        for _ in 0..<700 { x += v * 0.001; v *= 0.998 }
        let d = Deceleration(start: 0, velocity: 2000)
        #expect(abs(d.position(at: 0.7) - x) <= 0.0011 * x)
    }

    @Test func dragFollowsThePointerOneToOneInsideTheBounds() {
        var physics = vertical(offset: 1000)
        physics.beginDrag(at: Vec2(640, 600))
        for dy in [-10.0, -123.5, 40, 300, -900] {
            physics.drag(to: Vec2(640 + 77, 600 + dy))
            #expect(closeEnough(physics.offset.y, 1000 - dy))
            #expect(physics.offset.x == 0)
        }
    }

    @Test(arguments: [1.0, 50, 200, 799, 5000])
    func dragPastTheTopRubberBands(overshoot: Double) {
        var physics = vertical(offset: 40)
        physics.beginDrag(at: Vec2(640, 100))
        physics.drag(to: Vec2(640, 100 + 40 + overshoot))
        #expect(closeEnough(physics.offset.y, -rubberBand(overshoot, 800), absolute: 1e-9))
        #expect(physics.offset.y > -800)
    }

    @Test func dragPastTheBottomRubberBandsAndComesBackOneToOne() {
        var physics = vertical(offset: 3900)
        physics.beginDrag(at: Vec2(640, 500))
        physics.drag(to: Vec2(640, 500 - 350))
        #expect(closeEnough(physics.offset.y, 4000 + rubberBand(250, 800), absolute: 1e-9))
        physics.drag(to: Vec2(640, 500 - 20))
        #expect(closeEnough(physics.offset.y, 3920, absolute: 1e-9))
    }

    @Test func releasePastTheEndBouncesBackToTheEndWithoutOvershoot() {
        var physics = vertical(offset: 0)
        physics.beginDrag(at: Vec2(640, 100))
        physics.drag(to: Vec2(640, 400))
        let start = physics.offset.y
        #expect(closeEnough(start, -rubberBand(300, 800)))
        physics.endDrag(pointerVelocity: .zero)
        let trajectory = settle(&physics)
        #expect(physics.isSettled)
        #expect(physics.offset.y == 0)
        #expect(trajectory.count < 120)
        #expect(trajectory.allSatisfy { $0 <= 2 })
        #expect(zip(trajectory, trajectory.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func flingIntoTheEndOvershootsALittleThenSettlesThere() {
        var physics = vertical(offset: 3800)
        fling(&physics, by: 50, pointerSpeed: 4000)
        let trajectory = settle(&physics)
        #expect(physics.offset.y == 4000)
        let peak = trajectory.max() ?? 0
        #expect(peak > 4000)
        #expect(peak <= 4000 + 0.12 * 800 + 1e-9)
    }

    @Test func releasedPastTheEndAndFlungBackInItDecelerates() {
        var physics = vertical(offset: 0)
        physics.beginDrag(at: Vec2(640, 100))
        physics.drag(to: Vec2(640, 160))
        let slope = 0.55 * 800 * 800 / ((0.55 * 60 + 800) * (0.55 * 60 + 800))
        physics.endDrag(pointerVelocity: Vec2(0, -2000))
        #expect(closeEnough(physics.velocity.y, 2000 * slope, absolute: 1e-9))
        _ = settle(&physics)
        let expected = physics.offset.y
        #expect(expected > 100)
        #expect(closeEnough(expected, -rubberBand(60, 800) + distance(2000 * slope,
            after: Double.log(0.5 / (2000 * slope)) / (1000 * Double.log(0.998))), absolute: 1e-6))
    }

    @Test func aLayoutsTargetIsReachedExactly() {
        // Pages of 500 points: the target is the page nearest the proposed resting offset.
        var physics = vertical(offset: 1000, maximum: 10_000) { release in
            Vec2(0, (release.proposed.y / 500).rounded() * 500)
        }
        fling(&physics, by: 120, pointerSpeed: 900)
        let proposed = 1120 + distance(900, after: Double.log(0.5 / 900) / (1000 * Double.log(0.998)))
        let target = (proposed / 500).rounded() * 500
        #expect(physics.destination.y == target)
        let trajectory = settle(&physics)
        #expect(physics.offset.y == target)
        #expect(trajectory.count < 100)
        #expect(trajectory.allSatisfy { $0 <= target + 1e-9 })
    }

    @Test func pagingByDragStartAndVelocitySign() {
        // SlideBox: one page per swipe by the velocity's sign, from where the drag started.
        let page = 1408.0
        var physics = vertical(offset: page * 2, maximum: page * 5) { r in
            Vec2(0, r.dragStart.y + (r.velocity.y > 0 ? page : -page))
        }
        fling(&physics, by: -40, pointerSpeed: -300)
        _ = settle(&physics)
        #expect(physics.offset.y == page)
    }

    @Test func sameEventsGiveTheSameTrajectoryForAnyStepSize() {
        func run(_ dt: Double, total: Double) -> Double {
            var physics = vertical(offset: 3500)
            fling(&physics, by: 20, pointerSpeed: 2500)
            let steps = Int((total / dt).rounded())
            for _ in 0..<steps { physics.step(dt) }
            return physics.offset.y
        }
        let a = run(1.0 / 60, total: 0.5), b = run(1.0 / 60, total: 0.5)
        #expect(a == b)
        // The deceleration crosses the end at an exact instant, whatever the step.
        #expect(closeEnough(run(1.0 / 240, total: 0.5), a, absolute: 1e-6))
        #expect(closeEnough(run(0.05, total: 0.5), a, absolute: 1e-6))
    }

    @Test func nonFiniteInputIsIgnored() {
        var physics = vertical(offset: 1000)
        physics.beginDrag(at: Vec2(640, 400))
        physics.drag(to: Vec2(.nan, 300))
        physics.drag(to: Vec2(640, .infinity))
        #expect(physics.offset.y == 1000)
        physics.endDrag(pointerVelocity: Vec2(0, .infinity))
        physics.step(.nan)
        physics.step(-1)
        physics.step(.infinity)
        #expect(physics.offset.y == 1000)
        physics.scrollWheel(by: Vec2(0, .nan))
        physics.scrollPrecise(by: Vec2(.infinity, 0))
        _ = settle(&physics)
        #expect(physics.offset.y == 1000 && physics.isSettled)
    }

    @Test func wheelNotchesAnimateAndAddUpWithinTheBounds() {
        var physics = vertical(offset: 100)
        physics.scrollWheel(by: Vec2(0, 120))
        physics.step(dt)
        physics.scrollWheel(by: Vec2(0, 120))
        #expect(physics.destination.y == 340)
        _ = settle(&physics)
        #expect(physics.offset.y == 340)
        physics.scrollWheel(by: Vec2(0, -1000))
        let trajectory = settle(&physics)
        #expect(physics.offset.y == 0)
        #expect(trajectory.allSatisfy { $0 >= -1e-9 })
    }

    @Test func trackpadTracksOneToOneThenRubberBandsAndBouncesBack() {
        var physics = vertical(offset: 60)
        physics.scrollPrecise(by: Vec2(0, -40))
        #expect(closeEnough(physics.offset.y, 20))
        physics.scrollPrecise(by: Vec2(0, -220))
        #expect(closeEnough(physics.offset.y, -rubberBand(200, 800)))
        physics.endPreciseScroll(velocity: .zero)
        _ = settle(&physics)
        #expect(physics.offset.y == 0)
    }

    @Test func anEmptyViewportNeverProducesNaN() {
        var physics = ScrollPhysics(axes: .both, viewport: .zero, maximumOffset: .zero)
        physics.beginDrag(at: Vec2(0, 0))
        physics.drag(to: Vec2(300, 300))
        #expect(physics.offset == .zero)
        physics.endDrag(pointerVelocity: Vec2(5000, 5000))
        _ = settle(&physics)
        #expect(physics.offset == .zero)
    }

    @Test func shrinkingContentSpringsBackToTheNewEnd() {
        var physics = vertical(offset: 4000)
        physics.setBounds(viewport: viewport, maximumOffset: Vec2(0, 3840))
        #expect(!physics.isSettled)
        _ = settle(&physics)
        #expect(physics.offset.y == 3840)
    }

    /// A drag recognized past the slop: the content does not jump, but the release's drag
    /// start is where the offset would have been at the press, so the layout sees the whole drag.
    @Test func theSlopCountsTowardTheReleasedDragButDoesNotMoveTheContent() {
        final class Box: @unchecked Sendable { var release: ScrollPhysics.Release? }
        let seen = Box()
        var physics = vertical(offset: 1000, target: { release in
            seen.release = release
            return release.current
        })
        physics.beginDrag(at: Vec2(640, 590), pressedAt: Vec2(640, 600))
        #expect(physics.offset.y == 1000)
        physics.drag(to: Vec2(640, 570))
        #expect(physics.offset.y == 1020)
        physics.endDrag(pointerVelocity: .zero)
        #expect(seen.release?.current.y == 1020)
        #expect(seen.release?.dragStart.y == 990)  // 30 points of drag, the slop's 10 included
        // Without the press, the drag starts where the pan did.
        physics = vertical(offset: 1000, target: { release in
            seen.release = release
            return release.current
        })
        physics.beginDrag(at: Vec2(640, 590))
        physics.drag(to: Vec2(640, 570))
        physics.endDrag(pointerVelocity: .zero)
        #expect(seen.release?.dragStart.y == 1000)
    }
}
