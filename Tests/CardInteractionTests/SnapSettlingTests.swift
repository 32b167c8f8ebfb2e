import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
import RealModule
import Testing

/// A release toward a layout's target (paging, snapping) rests as on iOS: a stiff critically
/// damped spring (`snapAngularFrequency`, ω = 22), settled once less than `settleDistance` is
/// left at under `ω·settleDistance` points per second.
@Suite struct SnapSettlingTests {
    let viewport = Size(width: 1280, height: 800)
    let dt = 1.0 / 60

    /// The closed form of a critically damped spring from displacement `a` (start − target) at
    /// velocity `v0`: `x(t) − target = (a + (v0 + ω·a)·t)·e^(−ω·t)`.
    func springOffset(_ a: Double, _ v0: Double, omega: Double, at t: Double) -> Double {
        (a + (v0 + omega * a) * t) * Double.exp(-omega * t)
    }

    /// Snapping to the task switcher's resting offsets (`TasksLayout.targetOffset`).
    func tasksPhysics(offset: Double) -> ScrollPhysics {
        let layout = TasksLayout(), count = 30
        let maximum = layout.maximumOffset(viewport: viewport, cardCount: count)
        let viewport = viewport
        return ScrollPhysics(axes: .vertical, viewport: viewport, maximumOffset: maximum, offset: Vec2(0, offset)) { release in
            layout.targetOffset(for: release, in: LayoutContext(viewport: viewport, cardCount: count))
        }
    }

    @Test(arguments: [(40.0, 0.0), (60.0, 150.0), (90.0, 300.0), (120.0, 600.0)])
    func aShortDragSettlesWithinHalfASecondOnTheSpringsCurve(distance: Double, pointerSpeed: Double) throws {
        var physics = tasksPhysics(offset: 300)
        physics.beginDrag(at: Vec2(640, 600))
        physics.drag(to: Vec2(640, 600 - distance))
        let released = physics.offset.y
        physics.endDrag(pointerVelocity: Vec2(0, -pointerSpeed))
        let target = physics.destination.y
        #expect(target != released)
        let omega = ScrollPhysics.Configuration().snapAngularFrequency
        #expect(omega == 22)
        // The start velocity: the content's (+ when the pointer moves up), capped toward the
        // target at ω·|A| (no overshoot).
        let a = released - target
        let v0 = pointerSpeed * a < 0 ? min(pointerSpeed, omega * abs(a)) : pointerSpeed
        var t = 0.0
        while !physics.isSettled, t < 3 {
            physics.step(dt)
            t += dt
            if !physics.isSettled {
                // On the closed-form spring (the release speed is below ω·|A|: kept as it is).
                let expected = target + springOffset(a, v0, omega: omega, at: t)
                #expect(closeEnough(physics.offset.y, expected, absolute: 1e-6), "t = \(t)")
            }
        }
        #expect(physics.offset.y == target)
        // iOS-like: 0.3–0.5 s after the release (it took 0.7–0.95 s with ω = 14 and stopSpeed).
        #expect(t <= 0.5, "settled after \(t) s")
        #expect(t >= 0.2, "settled after \(t) s")
        // The settling threshold: the first time the spring is within 0.1 point and slower
        // than ω·0.1, to the frame.
        var s = 0.0
        while true {
            s += dt
            let b = v0 + omega * a
            let x = springOffset(a, v0, omega: omega, at: s)
            let v = (v0 - omega * b * s) * Double.exp(-omega * s)
            if abs(x) <= 0.1 && abs(v) <= omega * 0.1 { break }
        }
        #expect(abs(s - t) < dt / 2)
    }

    @Test func aLongFlingToACardFarAwaySettlesWithinSixTenthsOfASecond() {
        var physics = tasksPhysics(offset: 300)
        physics.beginDrag(at: Vec2(640, 600))
        physics.drag(to: Vec2(640, 300))
        physics.endDrag(pointerVelocity: Vec2(0, -3000))
        var t = 0.0
        while !physics.isSettled, t < 3 {
            physics.step(dt)
            t += dt
        }
        #expect(physics.offset.y > 1500)
        #expect(t <= 0.6, "settled after \(t) s")
    }

    @Test func wheelNotchesAndBouncesKeepTheSofterSpring() {
        // A bounce back from past the top: ω = 14, as before.
        var physics = ScrollPhysics(axes: .vertical, viewport: viewport, maximumOffset: Vec2(0, 4000), offset: Vec2(0, 0))
        physics.beginDrag(at: Vec2(640, 300))
        physics.drag(to: Vec2(640, 500))
        let start = physics.offset.y
        physics.endDrag(pointerVelocity: .zero)
        physics.step(0.1)
        #expect(closeEnough(physics.offset.y, springOffset(start, 0, omega: 14, at: 0.1), absolute: 1e-6))
    }
}
