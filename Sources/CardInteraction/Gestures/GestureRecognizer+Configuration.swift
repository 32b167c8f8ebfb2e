extension GestureRecognizer {
    /// Thresholds of the recognizers. Distances in points, times in seconds, speeds in points/s.
    public struct Configuration: Hashable, Sendable {
        /// A press that moves this far from where it went down is a pan (or, after firing, a
        /// long-press drag); shorter movements keep it a possible tap or long press. iOS uses 10.
        public var slop = 10.0
        /// A press released before this is a tap (if it stayed within the slop).
        public var tapMaximumDuration = 0.3
        /// A tap that ends within this long after the previous tap ended, and within `slop` of
        /// it, continues it (a double tap): GTK's double-click time.
        public var doubleTapInterval = 0.4
        /// A press held within the slop this long fires a long press (UIKit's default 0.5 s).
        public var longPressDuration = 0.5
        /// A pan released at least this fast along its locked axis is also a swipe.
        public var swipeMinimumSpeed = 400.0
        /// Velocity estimates use the samples of the last `velocityWindow` seconds…
        public var velocityWindow = 0.1
        /// …and are zero when the pointer has not moved for `stopDelay` before the release.
        public var stopDelay = 0.04
        /// Offset points per wheel notch (about three lines of text).
        public var pointsPerWheelStep = 40.0
        /// Offset points per unit of precise (trackpad) delta; GLFW reports macOS trackpad
        /// deltas in tenths of points.
        public var pointsPerPreciseStep = 10.0
        /// A trackpad stream ends after this long without a delta.
        public var preciseScrollIdleTimeout = 0.1

        public init() {}
    }
}
