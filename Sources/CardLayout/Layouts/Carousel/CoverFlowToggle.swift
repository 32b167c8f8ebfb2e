/// Cover flow 2's `_toggle` over time (iCarousel's `didScroll` and `step`): when the current
/// card changes by `d` cards the toggle jumps to `clamp(−d, −1, 1)`, then eases back to 0 with
/// iCarousel's cubic ease-in-out over `0.2 + 0.2·min(1, 1/|v|)` seconds (`v` the scroll speed
/// in cards per second; 0.4 s at rest, 0.2 s at a card a second or faster). Times in seconds.
public struct CoverFlowToggle: Sendable, Hashable {
    /// The toggle's sign when it started (−1, 0 or 1).
    public private(set) var sign = 0.0
    /// When it started, seconds.
    public private(set) var start = 0.0
    /// How long it eases back to 0, seconds.
    public private(set) var duration = 0.4

    /// iCarousel's `MIN_TOGGLE_DURATION` and `MAX_TOGGLE_DURATION`, seconds.
    public static let durations = 0.2...0.4

    public init() {}

    /// The current card changed by `difference` cards (the shortest way round when wrapping) at
    /// `time`, the scroll moving at `speed` cards per second.
    public mutating func currentCardChanged(by difference: Int, at time: Double, speed: Double) {
        guard difference != 0 else { return }
        sign = difference > 0 ? -1 : 1
        start = time
        let fraction = speed.isFinite && speed != 0 ? min(1, max(0, 1 / abs(speed))) : 1
        duration = Self.durations.lowerBound + (Self.durations.upperBound - Self.durations.lowerBound) * fraction
    }

    /// The toggle at `time`: `±(1 − ease(t))` with `t = (time − start)/duration` in 0…1; 0 once
    /// eased back (and before any change).
    public func value(at time: Double) -> Double {
        guard sign != 0 else { return 0 }
        let t = min(1, max(0, (time - start) / duration))
        let delta = Self.easeInOut(t)
        return sign < 0 ? delta - 1 : 1 - delta
    }

    /// True while the toggle is not yet back at 0 at `time`.
    public func isMoving(at time: Double) -> Bool { value(at: time) != 0 }

    /// iCarousel's `easeInOut:`: `4t³` below one half, `4(t − 1)³ + 1` above.
    public static func easeInOut(_ t: Double) -> Double {
        t < 0.5 ? 0.5 * (t * 2) * (t * 2) * (t * 2) : 0.5 * (t * 2 - 2) * (t * 2 - 2) * (t * 2 - 2) + 1
    }
}
