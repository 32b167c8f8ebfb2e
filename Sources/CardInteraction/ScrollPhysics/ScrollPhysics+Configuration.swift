import CardLayout
import CardMath

extension ScrollPhysics {
    /// The constants of the scroll physics. Distances in points, times in seconds.
    public struct Configuration: Hashable, Sendable {
        /// The factor the velocity keeps per millisecond after a release (UIScrollView's normal 0.998).
        public var decelerationRate = Deceleration.normalRate
        /// The speed below which a deceleration ends, points per second.
        public var stopSpeed = Deceleration.defaultStopSpeed
        /// UIScrollView's rubber-band coefficient `c` in `f(x) = (1 − 1/(x·c/d + 1))·d`.
        public var rubberBandCoefficient = RubberBand.defaultCoefficient
        /// `ω` of the critically damped springs that bounce back, page, snap and animate wheel
        /// notches, radians per second. 14 settles a page-sized move visibly in about 0.35 s.
        public var springAngularFrequency = 14.0
        /// `ω` of the spring that carries a released drag or fling to a layout's chosen target
        /// (paging, snapping: SPEC §2.2, §2.3, §2.5), radians per second. Stiffer than the other
        /// springs so that a snap settles as on iOS: a short drag rests 0.35–0.45 s after the
        /// release, a long fling within about 0.55 s (at 14 they took 0.7–0.95 s, and looked
        /// sluggish in the task switcher).
        public var snapAngularFrequency = 22.0
        /// How far past an end a fling may carry the content before it bounces back, as a fraction
        /// of the viewport's extent on that axis (the spring's entry speed is capped to keep it).
        public var bounceLimitFraction = 0.12
        /// A spring within this distance of its target, moving slower than `ω·settleDistance`
        /// (or `stopSpeed`, if faster), snaps onto it: near its end a critically damped spring
        /// moves at about `ω` times its remaining distance, so `stopSpeed` alone (a deceleration's
        /// criterion) would hold it 0.2–0.3 s longer for the last hundredths of a point.
        public var settleDistance = 0.1
        /// Release speeds are limited to this, points per second (a guard against noisy estimates).
        public var maximumSpeed = 12_000.0
        /// A layout's target within this distance of where a fling would rest anyway is reached by
        /// the natural deceleration rather than a spring.
        public var naturalTargetTolerance = 0.5

        public init() {}
    }

    /// What a layout is told when a drag, trackpad scroll or wheel notch ends: CardLayout's
    /// `ScrollRelease` (its `proposed` is the natural resting place, already clamped to the bounds).
    public typealias Release = ScrollRelease

    /// Which axes scroll. A fixed axis keeps its offset whatever the input.
    public struct Axes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Axes(rawValue: 1)
        public static let vertical = Axes(rawValue: 2)
        public static let both: Axes = [.horizontal, .vertical]
    }

    /// A layout's choice of the resting offset for a release (paging, snapping); the result is
    /// clamped to the bounds, and a non-finite component falls back to `proposed`.
    public typealias TargetOffset = @Sendable (Release) -> Vec2
}
