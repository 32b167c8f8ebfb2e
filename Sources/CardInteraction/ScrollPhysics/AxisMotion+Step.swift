extension AxisMotion {
    /// Advances the motion by `dt` seconds. Segment changes happen at their exact time, with
    /// the rest of the step spent in the next segment.
    mutating func step(_ dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        var remaining = dt
        // A deceleration can hand over to a spring once per step; the spring ends the loop.
        for _ in 0..<3 {
            switch phase {
            case .resting, .tracking:
                return
            case .decelerating(let d, let elapsed, let snap):
                let end = elapsed + remaining
                if snap == nil, let crossing = exitTime(of: d, after: elapsed), crossing <= end {
                    // The fling leaves the bounds: bounce back from the end it crossed.
                    let bound = d.initialVelocity > 0 ? upper : lower
                    position = bound
                    velocity = d.velocity(at: crossing)
                    remaining = end - crossing
                    spring(to: bound, velocity: velocity)
                    continue
                }
                if end >= d.duration {
                    rest(at: snap ?? d.restingPosition)
                } else {
                    position = d.position(at: end)
                    velocity = d.velocity(at: end)
                    phase = .decelerating(d, elapsed: end, snap: snap)
                }
                return
            case .springing(let s, let elapsed):
                let t = elapsed + remaining
                let settleSpeed = max(configuration.stopSpeed, s.angularFrequency * configuration.settleDistance)
                if s.isSettled(at: t, distance: configuration.settleDistance, speed: settleSpeed) {
                    rest(at: s.target)
                } else {
                    position = s.position(at: t)
                    velocity = s.velocity(at: t)
                    phase = .springing(s, elapsed: t)
                }
                return
            }
        }
    }

    /// When a deceleration leaves the bounds through the end it is heading for, if it does
    /// (at or after `elapsed`, before it stops).
    private func exitTime(of d: Deceleration, after elapsed: Double) -> Double? {
        let v = d.initialVelocity
        guard v != 0 else { return nil }
        let bound = v > 0 ? upper : lower
        let beyond = v > 0 ? d.restingPosition > bound : d.restingPosition < bound
        guard beyond, let t = d.time(reaching: bound) else { return nil }
        return t >= elapsed ? t : elapsed
    }

    /// New bounds (content or viewport changed). At rest past an end, springs back; a spring
    /// heading outside the new bounds is retargeted from where it is, without a jump.
    mutating func setBounds(lower: Double, upper: Double, extent: Double) {
        self.lower = lower
        self.upper = max(lower, upper)
        self.extent = max(0, extent)
        switch phase {
        case .resting:
            if !isInBounds(position) { spring(to: clamped(position), velocity: 0) }
        case .springing(let s, _):
            if !isInBounds(s.target) { spring(to: clamped(s.target), velocity: velocity) }
        case .decelerating(_, _, let snap?):
            if !isInBounds(snap) { spring(to: clamped(snap), velocity: velocity) }
        case .tracking(let u):
            track(to: u)
        case .decelerating:
            if !isInBounds(position) { release(velocity: velocity) }
        }
    }

    /// Stops where it is: at the nearest end if past one, else on the spot.
    mutating func stop() {
        if isInBounds(position) { rest(at: position) } else { spring(to: clamped(position), velocity: 0) }
    }
}
