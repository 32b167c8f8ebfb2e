import CardEvents
import CardMath

extension GestureRecognizer {
    /// Time passed with no event: fires a due long press, ends a paused trackpad stream.
    public mutating func tick(_ time: Double) -> [GestureEvent] {
        guard !time.isNaN else { return [] }
        let out = advance(to: time)
        output = out
        return out
    }

    /// The next time at which `tick(_:)` reports something without new input: a press held
    /// still fires its long press, a paused trackpad stream ends. `nil` when nothing is pending.
    /// A loop that sleeps until input arrives must wake by then.
    public var nextDueTime: Double? {
        var due: Double?
        if let current = press, case .possible = current.state { due = current.startTime + configuration.longPressDuration }
        if let stream = preciseScroll {
            let end = stream.lastTime + configuration.preciseScrollIdleTimeout
            due = min(due ?? end, end)
        }
        return due
    }

    /// Handles a wheel or trackpad scroll; returns what it recognized, in order.
    public mutating func handle(_ event: ScrollEvent) -> [GestureEvent] {
        guard event.delta.x.isFinite, event.delta.y.isFinite, !event.time.isNaN else { return [] }
        var out = advance(to: event.time)
        let now = time
        if event.isPrecise {
            let delta = -event.delta * configuration.pointsPerPreciseStep
            var stream: PreciseScroll
            let phase: GesturePhase
            if let current = preciseScroll {
                stream = current
                phase = .changed
            } else {
                stream = PreciseScroll(lastTime: now, total: .zero,
                                       tracker: VelocityTracker(window: configuration.velocityWindow,
                                                                stopDelay: configuration.preciseScrollIdleTimeout))
                stream.tracker.add(.zero, at: now)
                phase = .began
            }
            stream.total += delta
            stream.lastTime = now
            stream.tracker.add(stream.total, at: now)
            preciseScroll = stream
            out.append(.scroll(ScrollGesture(kind: .precise(phase), offsetDelta: delta, velocity: stream.tracker.velocity(at: now),
                                             position: pointerPosition, time: now)))
        } else {
            if let ended = endPreciseScroll() { out.append(ended) }
            let delta = -event.delta * configuration.pointsPerWheelStep
            out.append(.scroll(ScrollGesture(kind: .wheel, offsetDelta: delta, velocity: .zero, position: pointerPosition, time: now)))
        }
        output = out
        return out
    }

    /// Handles a key; Esc going down cancels the press in progress first.
    public mutating func handle(_ event: KeyEvent) -> [GestureEvent] {
        guard !event.time.isNaN else { return [] }
        var out = advance(to: event.time)
        if event.key == .escape && event.isDown {
            out += cancelPress(at: pointerPosition)
        }
        var stamped = event
        stamped.time = time
        out.append(.key(stamped))
        output = out
        return out
    }

    /// Moves the clock to `newTime` (never backwards) and emits what became due on the way, in
    /// the order it became due, each stamped with the instant it became due.
    mutating func advance(to newTime: Double) -> [GestureEvent] {
        let target = max(time, newTime)
        var out = reusedOutput()
        while true {
            var longPressDue: Double?
            if let current = press, case .possible = current.state {
                longPressDue = current.startTime + configuration.longPressDuration
            }
            let streamDue = preciseScroll.map { $0.lastTime + configuration.preciseScrollIdleTimeout }
            // The earliest of the two that is due (no arrays: this runs every frame).
            var due: Double?
            if let t = longPressDue, t <= target { due = t }
            if let t = streamDue, t <= target, t < (due ?? .infinity) { due = t }
            guard let due else { break }
            time = max(time, due)
            if due == longPressDue, var current = press {
                // Fired where the pointer was then: still, as far as the events tell.
                let at = current.tracker.lastPosition ?? current.start
                current.state = .longPressing(firedAt: at)
                press = current
                out.append(.longPress(longPress(current, .began, at, at, .zero)))
            } else if let ended = endPreciseScroll() {
                out.append(ended)
            }
        }
        time = target
        return out
    }

    /// The last result's storage, emptied, for the next result: once the caller has let go of
    /// the last result it is the only reference, so appending to it allocates nothing.
    mutating func reusedOutput() -> [GestureEvent] {
        var out: [GestureEvent] = []
        swap(&out, &output)
        out.removeAll(keepingCapacity: true)
        return out
    }

    /// Ends the trackpad stream, if any, with its velocity as of its last delta.
    mutating func endPreciseScroll() -> GestureEvent? {
        guard let stream = preciseScroll else { return nil }
        preciseScroll = nil
        let velocity = stream.tracker.velocity(at: stream.lastTime)
        return .scroll(ScrollGesture(kind: .precise(.ended), offsetDelta: .zero, velocity: velocity,
                                     position: pointerPosition, time: max(time, stream.lastTime)))
    }
}
