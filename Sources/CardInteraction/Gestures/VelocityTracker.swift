import CardMath

/// Estimates a pointer's (or a scroll's) velocity from its recent samples.
///
/// The estimate is the least-squares slope of position over time for the samples in the last
/// `window` seconds before the query time: exact for steady motion, and forgiving of one late or
/// early event. If the newest sample is older than `stopDelay`, the pointer is taken to have
/// stopped before it was released, and the velocity is zero (a "drag, hold, let go" does not fling).
/// Positions in points, times in seconds, velocities in points per second.
public struct VelocityTracker: Hashable, Sendable {
    /// How far back samples count, seconds.
    public var window: Double
    /// A pointer with no sample for this long is at rest, seconds.
    public var stopDelay: Double
    private var times: [Double] = []
    private var positions: [Vec2] = []

    public init(window: Double = 0.1, stopDelay: Double = 0.04) {
        self.window = window
        self.stopDelay = stopDelay
    }

    /// Adds a sample. Samples must come in time order; a non-finite one is ignored.
    public mutating func add(_ position: Vec2, at time: Double) {
        guard position.x.isFinite, position.y.isFinite, time.isFinite else { return }
        // Indices, not `first`/`last`: those allocate in debug builds (see `velocity(at:)`).
        if !times.isEmpty, time < times[times.count - 1] { return }
        times.append(time)
        positions.append(position)
        // Keep a bounded history: older samples can never count again.
        if time - times[0] > window * 2 || times.count > 64 {
            // The samples still in the window move to the front, in place.
            var drop = 0
            while drop < times.count - 1, time - times[drop] > window { drop += 1 }
            var i = drop
            while i < times.count {
                times[i - drop] = times[i]
                positions[i - drop] = positions[i]
                i += 1
            }
            while drop > 0 {
                times.removeLast()
                positions.removeLast()
                drop -= 1
            }
        }
    }

    /// Forgets every sample.
    public mutating func reset() {
        times.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }

    /// The newest sample's position, if any.
    public var lastPosition: Vec2? { positions.isEmpty ? nil : positions[positions.count - 1] }

    /// The velocity at `time` (default: the newest sample's time), points per second.
    ///
    /// - Complexity: O(s), s the samples in the window (a few dozen at most).
    public func velocity(at time: Double? = nil) -> Vec2 {
        guard !times.isEmpty else { return .zero }
        let newest = times[times.count - 1]
        let now = time ?? newest
        guard now - newest <= stopDelay else { return .zero }
        // Index loops: a zipped for-in allocates per element in debug builds, and this runs for
        // every pointer move (the viewer's frames allocate nothing; tests count in debug).
        var n = 0.0, sumT = 0.0, sumP = Vec2.zero
        var i = 0
        while i < times.count {
            if now - times[i] <= window { n += 1; sumT += times[i]; sumP += positions[i] }
            i += 1
        }
        guard n >= 2 else { return .zero }
        let meanT = sumT / n, meanP = sumP / n
        var num = Vec2.zero, den = 0.0
        i = 0
        while i < times.count {
            let t = times[i]
            if now - t <= window {
                num += (positions[i] - meanP) * (t - meanT)
                den += (t - meanT) * (t - meanT)
            }
            i += 1
        }
        return den > 0 ? num / den : .zero
    }
}
