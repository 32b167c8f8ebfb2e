import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
import RealModule
import Testing

/// The animator: insert/delete from/to appearing/disappearing attributes, interruption without a
/// jump, decomposed (rigid) interpolation, transitions and completions.
@Suite struct AnimatorTests {
    func card(_ id: UInt32, center: Vec3 = Vec3(300, 200, 0), transform: Mat4 = .identity, alpha: Double = 1,
              zIndex: Int = 0) -> CardAttributes {
        CardAttributes(index: Int(id), id: CardID(id), center: center, size: Size(width: 200, height: 300),
                       transform: transform, alpha: alpha, zIndex: zIndex)
    }

    func expectClose(_ a: CardAttributes?, _ b: CardAttributes, tolerance: Double = 1e-9,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("no attributes", sourceLocation: sourceLocation)
            return
        }
        #expect(a.id == b.id, sourceLocation: sourceLocation)
        #expect(closeEnough(a.center, b.center, absolute: tolerance), sourceLocation: sourceLocation)
        #expect(closeEnough(a.size.vector, b.size.vector, absolute: tolerance), sourceLocation: sourceLocation)
        #expect(closeEnough(a.transform, b.transform, absolute: tolerance), sourceLocation: sourceLocation)
        #expect(closeEnough(a.alpha, b.alpha, absolute: tolerance), sourceLocation: sourceLocation)
    }

    @Test func insertRunsFromTheAppearingToTheFinalAttributes() {
        let final = card(7, transform: .translation(Vec3(0, 0, -300)) * .rotationX(radians(-60)))
        let appearing = card(7, transform: .translation(Vec3(0, 0, -300)) * .rotationX(radians(-90)), alpha: 0)
        var animator = Animator()
        let tag = animator.insert(final, appearing: appearing, timing: AnimationTiming(duration: 0.3), at: 10)
        expectClose(animator.presented(CardID(7), at: 10), appearing)
        var frame = [final]
        animator.apply(at: 10.15, to: &frame)
        #expect(frame.count == 1 && frame[0].alpha > 0 && frame[0].alpha < 1)
        #expect(animator.update(to: 10.29).isEmpty)
        #expect(animator.presented(CardID(7), at: 10.3) == final)
        #expect(animator.update(to: 10.3) == [AnimationCompletion(id: CardID(7), tag: tag, kind: .insert, finished: true)])
        #expect(!animator.isAnimating && !animator.isRunning(tag))
    }

    @Test func deleteRunsToTheDisappearingAttributesThenTheCardIsGone() {
        let current = card(3, transform: .rotationX(radians(-50)))
        let disappearing = card(3, center: Vec3(300 - 1280, 200, 0), transform: .rotationX(radians(-50)), alpha: 0)
        var animator = Animator()
        animator.delete(current, disappearing: disappearing, timing: AnimationTiming(duration: 0.3), at: 0)
        var frame: [CardAttributes] = []
        animator.apply(at: 0, to: &frame)
        #expect(frame.count == 1)
        expectClose(frame.first, current)
        #expect(animator.presented(CardID(3), at: 0.3) == disappearing)
        let completions = animator.update(to: 0.31)
        #expect(completions.map(\.kind) == [.delete] && completions.allSatisfy(\.finished))
        frame = []
        animator.apply(at: 0.31, to: &frame)
        #expect(frame.isEmpty)
    }

    @Test func anInterruptionStartsFromWhatIsShownSoNothingJumps() {
        let a = card(1, center: Vec3(0, 0, 0)), b = card(1, center: Vec3(1000, 0, 0), transform: .rotationZ(1))
        let c = card(1, center: Vec3(0, 500, 0), transform: .rotationX(-1))
        var animator = Animator()
        let first = animator.animate(from: a, to: b, timing: AnimationTiming(duration: 1, curve: .linear), at: 0)
        let shown = try! #require(animator.presented(CardID(1), at: 0.4))
        #expect(closeEnough(shown.center.x, 400))
        // The `from` passed here is ignored: the card is animating, so it starts where it is.
        let second = animator.animate(from: card(1, center: Vec3(-9999, 0, 0)), to: c,
                                      timing: AnimationTiming(duration: 1, curve: .easeInOut), at: 0.4)
        expectClose(animator.presented(CardID(1), at: 0.4), shown)
        let justAfter = try! #require(animator.presented(CardID(1), at: 0.401))
        #expect((justAfter.center - shown.center).length < 1)
        #expect(animator.update(to: 0.5) == [AnimationCompletion(id: CardID(1), tag: first, kind: .move, finished: false)])
        #expect(animator.isRunning(second))
        #expect(animator.presented(CardID(1), at: 1.4) == c)
    }

    @Test func halfwayThroughARotationTheCardIsRigidAtHalfTheAngle() {
        let from = card(1), to = card(1, transform: .rotationY(radians(120)))
        var animator = Animator()
        animator.animate(from: from, to: to, timing: AnimationTiming(duration: 1, curve: .linear), at: 0)
        let half = try! #require(animator.presented(CardID(1), at: 0.5)).transform
        // A 60° turn about Y, written out: cos 60° = 1/2, sin 60° = √3/2.
        let s = 3.0.squareRoot() / 2
        let expected = Mat4(rows: Vec4(0.5, 0, s, 0), Vec4(0, 1, 0, 0), Vec4(-s, 0, 0.5, 0), Vec4(0, 0, 0, 1))
        #expect(closeEnough(half, expected, absolute: 1e-9))
        let column0 = Vec3(half.c0.x, half.c0.y, half.c0.z)
        #expect(closeEnough(column0.length, 1, absolute: 1e-12))
        // A matrix lerp would shrink the card to half its width here.
        let lerped = (Vec3(1, 0, 0) + Vec3(-0.5, 0, -s)) / 2
        #expect(closeEnough(lerped.length, 0.5, absolute: 1e-12))
    }

    @Test func translationScaleAndRotationInterpolateSeparately() {
        let to = card(1, transform: .translation(Vec3(100, 0, -40)) * .rotationZ(radians(90)) * .scale(Vec3(2, 2, 1)))
        var animator = Animator()
        animator.animate(from: card(1), to: to, timing: AnimationTiming(duration: 2, curve: .linear), at: 0)
        let half = try! #require(animator.presented(CardID(1), at: 1)).transform
        let expected = Mat4.translation(Vec3(50, 0, -20)) * .rotationZ(radians(45)) * .scale(Vec3(1.5, 1.5, 1))
        #expect(closeEnough(half, expected, absolute: 1e-9))
    }

    @Test func aLayoutTransitionMovesSharedCardsAndFadesTheOthers() {
        let old = [card(1, center: Vec3(10, 10, 0)), card(2, center: Vec3(20, 20, 0))]
        let new = [card(2, center: Vec3(220, 20, 0)), card(3, center: Vec3(330, 30, 0))]
        var animator = Animator()
        let tag = animator.transition(from: old, to: new, timing: AnimationTiming(duration: 0.5, curve: .linear), at: 0)
        var frame = new
        animator.apply(at: 0, to: &frame)
        #expect(frame.map(\.id) == [CardID(2), CardID(3), CardID(1)])
        expectClose(frame[0], old[1])
        expectClose(frame[1], Animator.fadedOut(new[1]))
        expectClose(frame[2], old[0])
        frame = new
        animator.apply(at: 0.25, to: &frame)
        #expect(closeEnough(frame[0].center.x, 120) && closeEnough(frame[1].alpha, 0.5) && closeEnough(frame[2].alpha, 0.5))
        let done = animator.update(to: 0.5)
        #expect(Set(done.map(\.tag)) == [tag] && done.count == 3)
        #expect(Dictionary(uniqueKeysWithValues: done.map { ($0.id, $0.kind) })
                == [CardID(1): .delete, CardID(2): .move, CardID(3): .insert])
        frame = new
        animator.apply(at: 0.5, to: &frame)
        #expect(frame == new)
    }

    @Test func aDelayedAnimationHoldsItsStartUntilTheDelayIsOver() {
        var animator = Animator()
        let from = card(4), to = card(4, center: Vec3(300, 900, 0))
        animator.animate(from: from, to: to, timing: AnimationTiming(duration: 0.3, curve: .linear, delay: 0.3), at: 1)
        expectClose(animator.presented(CardID(4), at: 1.29), from)
        #expect(closeEnough(animator.presented(CardID(4), at: 1.45)!.center.y, 550))
        #expect(animator.update(to: 1.59).isEmpty)
        #expect(animator.update(to: 1.6).count == 1)
    }

    @Test func hiddenAndZIndexSwitchSensibly() {
        var hidden = card(5, zIndex: 9)
        hidden.isHidden = true
        let shown = card(5, zIndex: 2)
        let middle = CardAttributes.interpolate(hidden, shown, 0.5)
        #expect(!middle.isHidden && closeEnough(middle.alpha, 0.5) && middle.zIndex == 9)
        #expect(CardAttributes.interpolate(hidden, shown, 1).zIndex == 2)
        #expect(CardAttributes.interpolate(hidden, shown, 0).isHidden)
    }

    @Test func nonFiniteTargetsNeverReachTheScreen() {
        var animator = Animator()
        let tag = animator.animate(from: card(1), to: card(1, center: Vec3(.nan, 0, 0)), at: 0)
        #expect(!animator.isRunning(tag) && !animator.isAnimating)
        animator.animate(from: card(2, center: Vec3(.infinity, 0, 0)), to: card(2), at: 0)
        #expect(animator.presented(CardID(2), at: 0)?.isFinite == true)
    }
}

@Suite struct TimingCurveTests {
    /// The CSS Bézier by brute force: sample the parameter finely, take the y whose x is nearest.
    func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        var best = (error: Double.infinity, y: 0.0)
        for i in 0...200_000 {
            let s = Double(i) / 200_000, r = 1 - s
            let bx = 3 * r * r * s * x1 + 3 * r * s * s * x2 + s * s * s
            if abs(bx - x) < best.error { best = (abs(bx - x), 3 * r * r * s * y1 + 3 * r * s * s * y2 + s * s * s) }
        }
        return best.y
    }

    @Test(arguments: [0.1, 0.25, 0.5, 0.8])
    func easingCurvesAreTheCSSBeziers(u: Double) {
        #expect(closeEnough(TimingCurve.easeOut.progress(u), bezier(0, 0, 0.58, 1, at: u), absolute: 1e-5))
        #expect(closeEnough(TimingCurve.easeInOut.progress(u), bezier(0.42, 0, 0.58, 1, at: u), absolute: 1e-5))
        #expect(TimingCurve.linear.progress(u) == u)
    }

    @Test func curvesStartAtZeroAndEndAtOne() {
        for curve in [TimingCurve.linear, .easeOut, .easeInOut, .spring(dampingRatio: 0.4), .spring(dampingRatio: 1)] {
            #expect(curve.progress(0) == 0 && curve.progress(1) == 1)
            #expect(curve.progress(-3) == 0 && curve.progress(7) == 1)
        }
    }

    @Test func aCriticallyDampedSpringDoesNotOvershootAndAnUnderdampedOneDoes() {
        let samples = (0...1000).map { Double($0) / 1000 }
        let critical = samples.map { TimingCurve.spring(dampingRatio: 1).progress($0) }
        #expect(zip(critical, critical.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 } && critical.allSatisfy { $0 <= 1 })
        #expect(abs(critical[999] - 1) < 2e-3)
        let bouncy = samples.map { TimingCurve.spring(dampingRatio: 0.3).progress($0) }
        #expect((bouncy.max() ?? 0) > 1.2)
        #expect(abs(bouncy[999] - 1) < 2e-3)
    }
}
