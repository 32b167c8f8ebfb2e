import RealModule

/// A critically damped spring along one axis, in closed form: the fastest approach to a target
/// that does not oscillate.
///
/// With displacement `A = x₀ − target`, velocity `v₀` and angular frequency `ω`:
/// `x(t) = target + (A + B·t)·e^(−ω·t)`, `B = v₀ + ω·A`, and `v(t) = (v₀ − ω·B·t)·e^(−ω·t)`.
/// It crosses the target at most once, and only when it starts moving toward the target faster
/// than `ω·|A|`; moving away at `v₀` it first travels at most `|v₀| / (ω·e)` farther.
///
/// Times are seconds since the spring started, positions points, velocities points per second.
public struct CriticallyDampedSpring: Hashable, Sendable {
    /// Where the spring comes to rest, points.
    public var target: Double
    /// The start position minus the target, points.
    public var displacement: Double
    /// The velocity at the start, points per second.
    public var initialVelocity: Double
    /// `ω`, radians per second: larger is stiffer and quicker.
    public var angularFrequency: Double

    public init(from start: Double, to target: Double, velocity: Double, angularFrequency: Double) {
        self.target = target
        self.displacement = start - target
        self.initialVelocity = velocity
        self.angularFrequency = angularFrequency > 0 ? angularFrequency : 1
    }

    private var b: Double { initialVelocity + angularFrequency * displacement }

    /// The position `t` seconds after the start.
    public func position(at t: Double) -> Double {
        let time = max(t, 0)
        return target + (displacement + b * time) * Double.exp(-angularFrequency * time)
    }

    /// The velocity `t` seconds after the start.
    public func velocity(at t: Double) -> Double {
        let time = max(t, 0)
        return (initialVelocity - angularFrequency * b * time) * Double.exp(-angularFrequency * time)
    }

    /// True when, at `t`, the spring is within `distance` points of its target and slower than
    /// `speed` points per second: close enough to snap onto the target unseen.
    public func isSettled(at t: Double, distance: Double, speed: Double) -> Bool {
        abs(position(at: t) - target) <= distance && abs(velocity(at: t)) <= speed
    }
}
