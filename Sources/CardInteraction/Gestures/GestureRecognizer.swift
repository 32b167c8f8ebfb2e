import CardEvents
import CardMath

/// Recognizes taps, pans, swipes, long presses and scrolls from plain timestamped events, in the
/// manner of raylib's `rgestures.h`: pure, fed from the platform's callbacks, no window types.
///
/// One press at a time (a second button during a press is ignored). Arbitration:
/// - a press that moves `slop` points before the long-press duration becomes a pan: no tap, no
///   long press;
/// - a press held within the slop for `longPressDuration` fires a long press: no tap, no pan;
///   the long press then follows every move until release;
/// - a press released within the slop before `tapMaximumDuration` is a tap; a tap soon after
///   another, near it, counts up (`TapGesture.count`: 2 for the second click of a double-click);
/// - a pan released fast along its locked axis is also a swipe;
/// - Esc or a pointer cancel cancels a pan or long press in progress (no swipe, no tap).
/// Time moves with the events and with `tick(_:)`, so a long press fires while the pointer is
/// still and a trackpad stream ends when its deltas stop. Events whose time runs backwards are
/// taken to happen at the latest time seen; events with non-finite numbers are ignored.
public struct GestureRecognizer: Sendable {
    public var configuration: Configuration
    /// The latest time seen, seconds.
    public internal(set) var time: Double = -Double.infinity
    /// The pointer's last known position, viewport points.
    public internal(set) var pointerPosition: Vec2 = .zero

    var press: Press?
    var preciseScroll: PreciseScroll?
    /// The last tap: where and when it ended, its button and its count (for double taps).
    var lastTap: TapGesture?
    /// The storage of the last result, reused by the next call (`reusedOutput()`): a steady
    /// stream of events (a drag, a fling's pointer moves) allocates nothing.
    var output: [GestureEvent] = []

    struct Press: Sendable {
        enum State: Sendable {
            case possible
            case panning(GestureAxis)
            case longPressing(firedAt: Vec2)
            /// Cancelled by Esc: ignored until the button goes up.
            case cancelled
        }
        var button: PointerButton
        var start: Vec2
        var startTime: Double
        var state: State = .possible
        var tracker: VelocityTracker
    }

    struct PreciseScroll: Sendable {
        var lastTime: Double
        /// The summed offset deltas: the stream's "position" for the velocity tracker.
        var total: Vec2
        var tracker: VelocityTracker
    }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// True while a button is down.
    public var isPressed: Bool { press != nil }

    /// Handles a pointer event; returns what it recognized, in order.
    public mutating func handle(_ event: PointerEvent) -> [GestureEvent] {
        guard event.position.x.isFinite, event.position.y.isFinite, !event.time.isNaN else { return [] }
        var out = advance(to: event.time)
        let now = time, p = event.position
        pointerPosition = p
        switch event.kind {
        case .down:
            guard press == nil else { break }
            var tracker = VelocityTracker(window: configuration.velocityWindow, stopDelay: configuration.stopDelay)
            tracker.add(p, at: now)
            press = Press(button: event.button, start: p, startTime: now, tracker: tracker)
            out.append(.pointerDown(position: p, button: event.button, time: now))
        case .move:
            guard var current = press else { break }
            press = nil  // `current` holds the tracker's samples alone: adding one copies nothing
            current.tracker.add(p, at: now)
            let velocity = current.tracker.velocity(at: now)
            switch current.state {
            case .possible:
                let moved = p - current.start
                if moved.length >= configuration.slop {
                    let axis: GestureAxis = abs(moved.x) >= abs(moved.y) ? .horizontal : .vertical
                    current.state = .panning(axis)
                    out.append(.pan(pan(current, .began, axis, p, velocity)))
                }
            case .panning(let axis):
                out.append(.pan(pan(current, .changed, axis, p, velocity)))
            case .longPressing(let firedAt):
                out.append(.longPress(longPress(current, .changed, firedAt, p, velocity)))
            case .cancelled:
                break
            }
            press = current
        case .up:
            guard var current = press, current.button == event.button else { break }
            press = nil
            if current.tracker.lastPosition != p { current.tracker.add(p, at: now) }
            let velocity = current.tracker.velocity(at: now)
            switch current.state {
            case .possible:
                if now - current.startTime < configuration.tapMaximumDuration && (p - current.start).length < configuration.slop {
                    var tap = TapGesture(position: p, button: current.button, time: now)
                    if let previous = lastTap, previous.button == tap.button,
                       now - previous.time <= configuration.doubleTapInterval,
                       (p - previous.position).length < configuration.slop {
                        tap.count = previous.count + 1
                    }
                    lastTap = tap
                    out.append(.tap(tap))
                } else {
                    lastTap = nil
                }
            case .panning(let axis):
                lastTap = nil
                out.append(.pan(pan(current, .ended, axis, p, velocity)))
                let speed = axis == .horizontal ? velocity.x : velocity.y
                if abs(speed) >= configuration.swipeMinimumSpeed {
                    let direction: SwipeDirection = axis == .horizontal ? (speed < 0 ? .left : .right) : (speed < 0 ? .up : .down)
                    out.append(.swipe(SwipeGesture(direction: direction, button: current.button, startPosition: current.start,
                                                   position: p, speed: speed, time: now)))
                }
            case .longPressing(let firedAt):
                lastTap = nil
                out.append(.longPress(longPress(current, .ended, firedAt, p, velocity)))
            case .cancelled:
                lastTap = nil
            }
        case .cancel:
            out += cancelPress(at: p)
            press = nil
        }
        output = out
        return out
    }

    /// Ends a pan or long press in progress as `cancelled`; the press is then ignored until up.
    mutating func cancelPress(at p: Vec2) -> [GestureEvent] {
        guard var current = press else { return [] }
        var out: [GestureEvent] = []
        switch current.state {
        case .panning(let axis): out.append(.pan(pan(current, .cancelled, axis, p, .zero)))
        case .longPressing(let firedAt): out.append(.longPress(longPress(current, .cancelled, firedAt, p, .zero)))
        case .possible, .cancelled: break
        }
        current.state = .cancelled
        press = current
        return out
    }

    func pan(_ press: Press, _ phase: GesturePhase, _ axis: GestureAxis, _ p: Vec2, _ v: Vec2) -> PanGesture {
        PanGesture(phase: phase, button: press.button, startPosition: press.start, position: p, velocity: v, axis: axis, time: time)
    }

    func longPress(_ press: Press, _ phase: GesturePhase, _ firedAt: Vec2, _ p: Vec2, _ v: Vec2) -> LongPressGesture {
        LongPressGesture(phase: phase, button: press.button, startPosition: firedAt, position: p, velocity: v, time: time)
    }
}
