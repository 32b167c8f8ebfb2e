/// Frame timings for the HUD: frames per second, mean frame time and mean layout time over the
/// frames since the last refresh, refreshed a few times a second so the text stays readable
/// (and so that formatting it does not cost every frame).
struct FrameStatistics {
    /// How often the HUD's numbers change, seconds.
    static let refreshInterval = 0.5

    private var frames = 0
    private var intervalSum = 0.0
    private var layoutSum = 0.0
    private var lastRefresh: Double?

    /// Frames per second, mean frame interval and mean layout time of the last period.
    private(set) var framesPerSecond = 0.0
    private(set) var frameSeconds = 0.0
    private(set) var layoutSeconds = 0.0

    /// Adds one frame: `interval` seconds since the previous one, `layout` seconds laying it out.
    mutating func record(interval: Double, layoutSeconds layout: Double) {
        guard interval.isFinite, interval >= 0, layout.isFinite, layout >= 0 else { return }
        frames += 1
        intervalSum += interval
        layoutSum += layout
    }

    /// True (and the numbers updated) when a refresh interval has passed since the last one,
    /// or on the first call with frames recorded.
    mutating func shouldRefresh(at time: Double) -> Bool {
        guard frames > 0, lastRefresh.map({ time - $0 >= Self.refreshInterval }) ?? true else { return false }
        framesPerSecond = intervalSum > 0 ? Double(frames) / intervalSum : 0
        frameSeconds = intervalSum / Double(frames)
        layoutSeconds = layoutSum / Double(frames)
        frames = 0
        intervalSum = 0
        layoutSum = 0
        lastRefresh = time
        return true
    }
}
