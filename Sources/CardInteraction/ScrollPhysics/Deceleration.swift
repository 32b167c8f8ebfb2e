import RealModule

/// UIScrollView's deceleration after a fling, in closed form along one axis.
///
/// UIKit multiplies the velocity by `rate` (0.998, `UIScrollView.DecelerationRate.normal`) every
/// millisecond, so `v(t) = v₀·rate^(1000·t) = v₀·e^(−k·t)` with `k = −1000·ln(rate)` ≈ 2.002 per
/// second, and the position is `x(t) = x₀ + v₀·(1 − e^(−k·t)) / k`. The motion ends when the speed
/// falls to `stopSpeed` (0.5 points/s by default: an eighth of a pixel per frame at 60 Hz on a 2×
/// display, invisible), at `T = ln(|v₀| / stopSpeed) / k`, resting at `x₀ + (v₀ − sign(v₀)·stopSpeed) / k`.
///
/// Times are seconds since the release, positions points, velocities points per second.
public struct Deceleration: Hashable, Sendable {
    /// UIScrollView's normal rate: the factor the velocity keeps per millisecond.
    public static let normalRate = 0.998
    /// The speed below which the motion ends, points per second.
    public static let defaultStopSpeed = 0.5

    /// The position at the release, points.
    public var start: Double
    /// The velocity at the release, points per second.
    public var initialVelocity: Double
    /// `k = −1000·ln(rate)`, per second.
    public var decay: Double
    /// The speed at which the motion ends, points per second.
    public var stopSpeed: Double

    /// A deceleration from `start` with `velocity`. A `rate` outside 0…1 is replaced by the normal
    /// rate; a non-positive `stopSpeed` by the default.
    public init(start: Double, velocity: Double, rate: Double = Deceleration.normalRate,
                stopSpeed: Double = Deceleration.defaultStopSpeed) {
        self.start = start
        self.initialVelocity = velocity
        let r = rate > 0 && rate < 1 ? rate : Deceleration.normalRate
        self.decay = -1000 * Double.log(r)
        self.stopSpeed = stopSpeed > 0 ? stopSpeed : Deceleration.defaultStopSpeed
    }

    /// Seconds from the release until the speed falls to `stopSpeed`; 0 if it starts slower.
    public var duration: Double {
        let speed = abs(initialVelocity)
        guard speed > stopSpeed else { return 0 }
        return Double.log(speed / stopSpeed) / decay
    }

    /// Where the motion ends: `x₀ + (v₀ − sign(v₀)·stopSpeed) / k`, or `x₀` if it starts slower.
    public var restingPosition: Double {
        let speed = abs(initialVelocity)
        guard speed > stopSpeed else { return start }
        let sign: Double = initialVelocity < 0 ? -1 : 1
        return start + (initialVelocity - sign * stopSpeed) / decay
    }

    /// The position at `t` seconds after the release (held at the end after `duration`).
    public func position(at t: Double) -> Double {
        let time = min(max(t, 0), duration)
        return start + initialVelocity * (1 - Double.exp(-decay * time)) / decay
    }

    /// The velocity at `t` seconds after the release (0 after `duration`).
    public func velocity(at t: Double) -> Double {
        guard t < duration else { return 0 }
        return initialVelocity * Double.exp(-decay * max(t, 0))
    }

    /// The first time in `0…duration` at which the position is `x`, or `nil` if it never gets there.
    ///
    /// Solves `e^(−k·t) = 1 − k·(x − x₀) / v₀`.
    public func time(reaching x: Double) -> Double? {
        guard initialVelocity != 0, duration > 0 else { return x == start ? 0 : nil }
        let remaining = 1 - decay * (x - start) / initialVelocity
        guard remaining <= 1, remaining > 0 else { return nil }
        let t = -Double.log(remaining) / decay
        return t <= duration ? t : nil
    }
}
