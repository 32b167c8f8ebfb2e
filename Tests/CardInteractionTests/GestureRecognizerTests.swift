import CardEvents
import CardInteraction
import CardMath
import CardTestSupport
import Testing

/// Gestures recognised from synthetic event sequences.
@Suite struct GestureRecognizerTests {
    func down(_ x: Double, _ y: Double, _ t: Double) -> PointerEvent { PointerEvent(.down, position: Vec2(x, y), time: t) }
    func move(_ x: Double, _ y: Double, _ t: Double) -> PointerEvent { PointerEvent(.move, position: Vec2(x, y), time: t) }
    func up(_ x: Double, _ y: Double, _ t: Double) -> PointerEvent { PointerEvent(.up, position: Vec2(x, y), time: t) }

    func feed(_ events: [PointerEvent], into recognizer: inout GestureRecognizer) -> [GestureEvent] {
        events.flatMap { recognizer.handle($0) }
    }

    func feed(_ events: [PointerEvent]) -> [GestureEvent] {
        var recognizer = GestureRecognizer()
        return feed(events, into: &recognizer)
    }

    func taps(_ events: [GestureEvent]) -> [TapGesture] { events.compactMap { if case .tap(let g) = $0 { g } else { nil } } }
    func pans(_ events: [GestureEvent]) -> [PanGesture] { events.compactMap { if case .pan(let g) = $0 { g } else { nil } } }
    func swipes(_ events: [GestureEvent]) -> [SwipeGesture] { events.compactMap { if case .swipe(let g) = $0 { g } else { nil } } }
    func longPresses(_ events: [GestureEvent]) -> [LongPressGesture] {
        events.compactMap { if case .longPress(let g) = $0 { g } else { nil } }
    }

    /// A drag from (x0, y0) at `velocity` points/s, sampled at 60 Hz for `duration` seconds,
    /// released at the last sample.
    func drag(from x0: Double, _ y0: Double, velocity: Vec2, duration: Double) -> [PointerEvent] {
        let n = Int((duration * 60).rounded())
        var events = [down(x0, y0, 0)]
        for i in 1...n {
            let t = Double(i) / 60
            events.append(move(x0 + velocity.x * t, y0 + velocity.y * t, t))
        }
        let t = Double(n) / 60
        events.append(up(x0 + velocity.x * t, y0 + velocity.y * t, t))
        return events
    }

    @Test func aShortStillPressIsATap() {
        let events = feed([down(100, 100, 1), move(103, 101, 1.05), up(103, 101, 1.1)])
        #expect(events.first == .pointerDown(position: Vec2(100, 100), button: .primary, time: 1))
        #expect(taps(events) == [TapGesture(position: Vec2(103, 101), button: .primary, time: 1.1)])
        #expect(pans(events).isEmpty && longPresses(events).isEmpty)
    }

    @Test(arguments: [(0.29, 9.9, true), (0.3, 0, false), (0.1, 10, false), (0.1, 9.99, true)])
    func tapBoundaries(duration: Double, distance: Double, isTap: Bool) {
        let events = feed([down(0, 0, 0), move(distance, 0, duration / 2), up(distance, 0, duration)])
        #expect(taps(events).count == (isTap ? 1 : 0))
        // Moving the slop (10 points) makes it a pan instead.
        #expect(pans(events).isEmpty == (distance < 10))
    }

    @Test func holdingStillFiresALongPressOnTickThenItDrags() {
        var recognizer = GestureRecognizer()
        var events = feed([down(200, 300, 0), move(205, 296, 0.2)], into: &recognizer)
        events += recognizer.tick(0.49)
        #expect(longPresses(events).isEmpty)
        events += recognizer.tick(0.51)
        let began = try! #require(longPresses(events).first)
        #expect(began.phase == .began && began.time == 0.5 && began.position == Vec2(205, 296))
        events += feed([move(305, 296, 0.6), move(405, 346, 0.7), up(405, 346, 0.7)], into: &recognizer)
        let presses = longPresses(events)
        #expect(presses.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(presses[2].translation == Vec2(200, 50))
        #expect(taps(events).isEmpty && pans(events).isEmpty)
    }

    @Test func aLongPressDueBeforeALateMoveFiresFirst() {
        let events = feed([down(0, 0, 0), move(40, 0, 0.7), up(40, 0, 0.8)])
        #expect(longPresses(events).map(\.phase) == [.began, .changed, .ended])
        #expect(longPresses(events).first?.time == 0.5)
        #expect(pans(events).isEmpty)
    }

    @Test func movingTheSlopBeforeTheLongPressIsAPanAndCancelsIt() {
        var recognizer = GestureRecognizer()
        var events = feed([down(0, 0, 0), move(10, 0, 0.2)], into: &recognizer)
        events += recognizer.tick(1.0)
        events += feed([up(10, 0, 1.1)], into: &recognizer)
        #expect(longPresses(events).isEmpty && taps(events).isEmpty)
        #expect(pans(events).map(\.phase) == [.began, .ended])
    }

    @Test func panReportsTranslationAndTheVelocityOfRecentSamples() {
        let events = feed(drag(from: 100, 100, velocity: Vec2(300, -120), duration: 0.5))
        let all = pans(events)
        #expect(all.first?.phase == .began && all.last?.phase == .ended)
        #expect(all.dropFirst().dropLast().allSatisfy { $0.phase == .changed })
        let end = try! #require(all.last)
        #expect(closeEnough(end.translation, Vec2(150, -60), absolute: 1e-9))
        #expect(closeEnough(end.velocity, Vec2(300, -120), absolute: 1e-6))
        #expect(end.axis == .horizontal)
        #expect(swipes(events).isEmpty)
    }

    @Test func holdingBeforeReleaseLeavesNoVelocity() {
        var events = drag(from: 100, 100, velocity: Vec2(0, 900), duration: 0.3)
        let last = events.removeLast()
        events.append(PointerEvent(.up, position: last.position, time: last.time + 0.2))
        let end = try! #require(pans(feed(events)).last)
        #expect(end.velocity == .zero)
    }

    @Test(arguments: [(Vec2(-1000, 30), SwipeDirection.left), (Vec2(800, 0), .right),
                      (Vec2(20, -700), .up), (Vec2(-100, 1200), .down)])
    func fastReleasesAreSwipesAlongTheLockedAxis(velocity: Vec2, direction: SwipeDirection) {
        let events = feed(drag(from: 600, 400, velocity: velocity, duration: 0.2))
        let swipe = try! #require(swipes(events).first)
        #expect(swipe.direction == direction)
        let along = direction.axis == .horizontal ? velocity.x : velocity.y
        #expect(closeEnough(swipe.speed, along, absolute: 1e-6))
        // The swipe follows the pan's end.
        let ended = events.firstIndex { if case .pan(let p) = $0 { p.phase == .ended } else { false } }
        let swiped = events.firstIndex { if case .swipe = $0 { true } else { false } }
        #expect(ended! < swiped!)
    }

    @Test func slowReleasesAreNotSwipes() {
        #expect(swipes(feed(drag(from: 600, 400, velocity: Vec2(-390, 0), duration: 0.5))).isEmpty)
        #expect(swipes(feed(drag(from: 600, 400, velocity: Vec2(-410, 0), duration: 0.5))).count == 1)
    }

    @Test func theDominantAxisAtTheSlopLocksTheDirection() {
        let horizontal = pans(feed([down(0, 0, 0), move(9, 5, 0.05), move(30, 200, 0.1), up(30, 200, 0.2)]))
        #expect(horizontal.allSatisfy { $0.axis == .horizontal })
        #expect(horizontal.last?.lockedTranslation == Vec2(30, 0))
        let vertical = pans(feed([down(0, 0, 0), move(6, -9, 0.05), move(300, -20, 0.1), up(300, -20, 0.2)]))
        #expect(vertical.allSatisfy { $0.axis == .vertical })
        #expect(vertical.last?.lockedTranslation == Vec2(0, -20))
    }

    @Test func escapeCancelsAPanAndTheRestOfThePressIsIgnored() {
        var recognizer = GestureRecognizer()
        var events = feed([down(0, 0, 0), move(50, 0, 0.1)], into: &recognizer)
        events += recognizer.handle(KeyEvent(key: .escape, isDown: true, time: 0.15))
        events += feed([move(90, 0, 0.2), up(90, 0, 0.25)], into: &recognizer)
        #expect(pans(events).map(\.phase) == [.began, .cancelled])
        #expect(events.last == .key(KeyEvent(key: .escape, isDown: true, time: 0.15)))
        #expect(swipes(events).isEmpty && taps(events).isEmpty)
    }

    @Test func aPointerCancelCancelsALongPress() {
        var recognizer = GestureRecognizer()
        var events = feed([down(0, 0, 0)], into: &recognizer)
        events += recognizer.tick(0.6)
        events += feed([PointerEvent(.cancel, position: Vec2(0, 0), time: 0.7)], into: &recognizer)
        #expect(longPresses(events).map(\.phase) == [.began, .cancelled])
        #expect(!recognizer.isPressed)
    }

    @Test func wheelNotchesBecomeOffsetPoints() {
        var recognizer = GestureRecognizer()
        _ = recognizer.handle(move(300, 200, 0))
        let events = recognizer.handle(ScrollEvent(delta: Vec2(0, 2), time: 0.1, isPrecise: false))
        #expect(events == [.scroll(ScrollGesture(kind: .wheel, offsetDelta: Vec2(0, -80), velocity: .zero,
                                                  position: Vec2(300, 200), time: 0.1))])
    }

    @Test func aTrackpadStreamBeginsChangesAndEndsAfterAPause() {
        var recognizer = GestureRecognizer()
        var events: [GestureEvent] = []
        for i in 0..<10 {
            events += recognizer.handle(ScrollEvent(delta: Vec2(0, -1.5), time: Double(i) / 60, isPrecise: true))
        }
        events += recognizer.tick(9.0 / 60 + 0.05)
        #expect(events.count == 10)
        events += recognizer.tick(9.0 / 60 + 0.1)
        let scrolls = events.compactMap { if case .scroll(let s) = $0 { s } else { nil } }
        #expect(scrolls.map(\.kind) == [.precise(.began)] + Array(repeating: .precise(.changed), count: 9) + [.precise(.ended)])
        #expect(scrolls[0].offsetDelta == Vec2(0, 15))
        // 15 points per 1/60 s: 900 points per second.
        #expect(closeEnough(scrolls.last!.velocity, Vec2(0, 900), absolute: 1e-6))
        #expect(closeEnough(scrolls.last!.time, 9.0 / 60 + 0.1, absolute: 1e-12))
    }

    @Test func eventsWithNonFiniteNumbersOrRunningBackwardsAreHandledSafely() {
        var recognizer = GestureRecognizer()
        #expect(recognizer.handle(down(.nan, 0, 0)).isEmpty)
        #expect(recognizer.handle(ScrollEvent(delta: Vec2(.infinity, 0), time: 0, isPrecise: true)).isEmpty)
        _ = recognizer.handle(down(0, 0, 5))
        // An event stamped earlier counts as happening now: still a quick tap.
        let events = recognizer.handle(up(1, 1, 4))
        #expect(taps(events).count == 1 && taps(events).first?.time == 5)
    }

    @Test func aSecondButtonDuringAPressIsIgnored() {
        let events = feed([down(0, 0, 0), PointerEvent(.down, position: Vec2(0, 0), time: 0.05, button: .secondary),
                           PointerEvent(.up, position: Vec2(0, 0), time: 0.1, button: .secondary), up(0, 0, 0.15)])
        #expect(taps(events) == [TapGesture(position: .zero, button: .primary, time: 0.15)])
    }

    /// Taps soon after one another, near one another, count up (a double-click is a tap of
    /// count 2); later or elsewhere, they start again at 1.
    @Test func tapsCountUpForDoubleClicks() {
        var recognizer = GestureRecognizer()
        var counts: [Int] = []
        func tap(at time: Double, _ p: Vec2) {
            for event in [PointerEvent(.down, position: p, time: time), PointerEvent(.up, position: p, time: time + 0.05)] {
                for case .tap(let tap) in recognizer.handle(event) { counts.append(tap.count) }
            }
        }
        tap(at: 0, Vec2(100, 100))
        tap(at: 0.2, Vec2(103, 100))   // second click of a double-click
        tap(at: 0.4, Vec2(103, 101))   // a triple click
        tap(at: 1.5, Vec2(103, 101))   // later: a new single tap
        tap(at: 1.7, Vec2(160, 101))   // soon, but elsewhere
        #expect(counts == [1, 2, 3, 1, 1])
    }
}
