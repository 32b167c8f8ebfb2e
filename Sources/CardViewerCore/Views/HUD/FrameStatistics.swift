/// Frame timings for the HUD: frames per second, mean frame time and mean layout time over the
/// frames of the last period, published a few times a second while frames are drawn (so the
/// text stays readable, and formatting it does not cost every frame).
///
/// Only intervals between frames drawn one after the other count: the first frame after the
/// viewer slept (nothing moved) has no interval, so a pause never shows up as a slow frame.
struct FrameStatistics {
    /// How often the published numbers change while frames are drawn, seconds (at least twice a
    /// second, with a frame's slack).
    static let refreshInterval = 0.4
    /// How soon a motion's first numbers come, seconds: a short animation (a card opening takes
    /// 0.35 s) still shows its own.
    static let firstRefreshInterval = 0.1

    private var intervals = 0
    private var intervalSum = 0.0
    private var layouts = 0
    private var layoutSum = 0.0
    private var periodStart: Double?
    /// Whether numbers were published since the motion began.
    private var publishedThisMotion = false

    /// Frames per second, mean frame interval and mean layout time of the last published period,
    /// seconds.
    private(set) var framesPerSecond = 0.0
    private(set) var frameSeconds = 0.0
    private(set) var layoutSeconds = 0.0
    /// How many times numbers were published; 0: nothing measured yet.
    private(set) var publications = 0

    /// Adds one frame: `interval` seconds since the previous one (`nil` for the first frame of
    /// a run), `layout` seconds laying it out.
    mutating func record(interval: Double?, layoutSeconds layout: Double) {
        if let interval, interval.isFinite, interval >= 0 {
            intervals += 1
            intervalSum += interval
        }
        if layout.isFinite, layout >= 0 {
            layouts += 1
            layoutSum += layout
        }
    }

    /// Publishes the period's numbers when it is `refreshInterval` long at `time` (its first
    /// call starts the period). Returns true when the numbers changed.
    mutating func refresh(at time: Double) -> Bool {
        guard let start = periodStart else {
            periodStart = time
            return false
        }
        let due = publishedThisMotion ? Self.refreshInterval : Self.firstRefreshInterval
        guard time - start >= due, intervals >= 2 else { return false }
        return publish(at: time)
    }

    /// Motion begins at `time` after a rest: a new period starts, dropping what the current one
    /// holds (the frames drawn at rest are no measure of anything), and the first numbers come
    /// soon.
    mutating func beginMotion(at time: Double) {
        publishedThisMotion = false
        startPeriod(at: time)
    }

    /// Starts a new period at `time`, dropping what the current one holds.
    private mutating func startPeriod(at time: Double) {
        intervals = 0
        intervalSum = 0
        layouts = 0
        layoutSum = 0
        periodStart = time
    }

    /// Publishes what the period holds now (the viewer came to rest), if it measured any
    /// interval; the next period starts at `time`. Returns true when the numbers changed.
    @discardableResult
    mutating func publish(at time: Double) -> Bool {
        defer { startPeriod(at: time) }
        guard intervals > 0, intervalSum > 0 else { return false }
        framesPerSecond = Double(intervals) / intervalSum
        frameSeconds = intervalSum / Double(intervals)
        layoutSeconds = layouts > 0 ? layoutSum / Double(layouts) : 0
        publications += 1
        publishedThisMotion = true
        return true
    }
}
