import RealModule

/// The scroll offset along one axis and how it moves: at rest, tracking a drag, decelerating
/// after a fling, or on a spring (bounce-back, paging, snapping, wheel notches).
///
/// Every moving phase is a closed-form segment, and `step` switches segments at the exact
/// instant (a fling that leaves the bounds becomes a spring at the crossing time), so the
/// trajectory does not depend on how time is cut into steps, only on the total.
/// Positions are offsets in points; velocities points per second; times seconds.
struct AxisMotion: Sendable {
    enum Phase: Sendable {
        case resting
        /// Following a drag or a trackpad: `unconstrained` is the offset before rubber banding.
        case tracking(unconstrained: Double)
        /// A fling; `snap` is a layout's target the deceleration lands on (within tolerance).
        case decelerating(Deceleration, elapsed: Double, snap: Double?)
        case springing(CriticallyDampedSpring, elapsed: Double)
    }

    var position: Double
    var velocity: Double = 0
    var phase: Phase = .resting
    /// The lowest and highest resting offsets.
    var lower: Double
    var upper: Double
    /// The viewport's extent on this axis: the rubber band's `d`, points.
    var extent: Double
    let configuration: ScrollPhysics.Configuration

    init(position: Double, lower: Double, upper: Double, extent: Double, configuration: ScrollPhysics.Configuration) {
        self.position = position
        self.lower = lower
        self.upper = max(lower, upper)
        self.extent = max(0, extent)
        self.configuration = configuration
    }

    var isResting: Bool { if case .resting = phase { true } else { false } }
    var isTracking: Bool { if case .tracking = phase { true } else { false } }

    /// Where a spring or snapping deceleration is heading, if it is.
    var destination: Double? {
        switch phase {
        case .springing(let spring, _): spring.target
        case .decelerating(_, _, let snap?): snap
        default: nil
        }
    }

    func isInBounds(_ x: Double) -> Bool { x >= lower && x <= upper }

    func clamped(_ x: Double) -> Double { min(max(x, lower), upper) }

    func deceleration(velocity v: Double) -> Deceleration {
        Deceleration(start: position, velocity: v, rate: configuration.decelerationRate, stopSpeed: configuration.stopSpeed)
    }

    // MARK: Tracking

    /// Starts following a drag from the shown offset (continuing a rubber band without a jump).
    mutating func beginTracking() {
        let u = RubberBand.unconstrain(position, lower: lower, upper: upper, extent: extent,
                                       coefficient: configuration.rubberBandCoefficient)
        phase = .tracking(unconstrained: u)
        velocity = 0
    }

    /// Moves the unconstrained offset to `u`: 1:1 inside the bounds, rubber-banded outside.
    mutating func track(to u: Double) {
        guard isTracking else { return }
        phase = .tracking(unconstrained: u)
        position = RubberBand.constrain(u, lower: lower, upper: upper, extent: extent,
                                        coefficient: configuration.rubberBandCoefficient)
    }

    /// The unconstrained offset being tracked, if tracking.
    var unconstrained: Double? { if case .tracking(let u) = phase { u } else { nil } }

    /// How much the shown offset moves per point of unconstrained movement right now.
    var trackingSlope: Double {
        guard let u = unconstrained else { return 1 }
        return RubberBand.constrainSlope(u, lower: lower, upper: upper, extent: extent,
                                         coefficient: configuration.rubberBandCoefficient)
    }

    // MARK: Release

    /// Lets go with velocity `v`: decelerates, or springs back to the nearest end when past it and
    /// not heading back in by itself.
    mutating func release(velocity v: Double) {
        let v = limitedSpeed(v)
        if isInBounds(position) {
            decelerate(velocity: v, snap: nil)
            return
        }
        let end = position < lower ? lower : upper
        let inward = (end - position) * v > 0
        if inward && isInBounds(deceleration(velocity: v).restingPosition) {
            decelerate(velocity: v, snap: nil)
        } else {
            spring(to: end, velocity: v)
        }
    }

    /// Lets go with velocity `v` toward a layout's `target` (clamped to the bounds): the natural
    /// deceleration when it rests there anyway, otherwise a spring that lands exactly on it.
    mutating func release(velocity v: Double, target: Double) {
        let v = limitedSpeed(v)
        let target = clamped(target)
        let natural = deceleration(velocity: v)
        let limit = natural.start + natural.initialVelocity / natural.decay
        if isInBounds(position), abs(limit - target) <= configuration.naturalTargetTolerance, natural.duration > 0 {
            decelerate(velocity: v, snap: target)
        } else {
            spring(to: target, velocity: v, angularFrequency: configuration.snapAngularFrequency)
        }
    }

    /// A spring from the current position to `target`. The start velocity is kept, except that
    /// toward the target it is capped at `ω·|A|` (no overshoot past the target) and away from it
    /// at `ω·e·limit` (a fling past an end travels at most `limit` farther before coming back).
    /// `ω` is the configuration's `springAngularFrequency` unless given (a snap's is stiffer).
    mutating func spring(to target: Double, velocity v: Double, angularFrequency: Double? = nil) {
        let omega = angularFrequency ?? configuration.springAngularFrequency
        let displacement = position - target
        var v = limitedSpeed(v)
        if v * displacement < 0 {
            v = max(-omega * abs(displacement), min(omega * abs(displacement), v))
        } else if v * displacement >= 0 && v != 0 {
            let cap = omega * Double.exp(1) * configuration.bounceLimitFraction * extent
            v = max(-cap, min(cap, v))
        }
        if displacement == 0 && v == 0 {
            rest(at: target)
            return
        }
        velocity = v
        phase = .springing(CriticallyDampedSpring(from: position, to: target, velocity: v, angularFrequency: omega),
                           elapsed: 0)
    }

    mutating func rest(at x: Double) {
        position = x
        velocity = 0
        phase = .resting
    }

    private mutating func decelerate(velocity v: Double, snap: Double?) {
        let d = deceleration(velocity: v)
        guard d.duration > 0 else {
            if let snap { spring(to: snap, velocity: v) } else { rest(at: position) }
            return
        }
        velocity = v
        phase = .decelerating(d, elapsed: 0, snap: snap)
    }

    private func limitedSpeed(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        return max(-configuration.maximumSpeed, min(configuration.maximumSpeed, v))
    }
}
