/// Batches the redraws that arriving pictures ask for (SPEC §10 "No redraw storms"): while
/// nothing else moves, pictures (and titles, and the progress line) that arrive are shown
/// together, at most once per `interval` — 4 frames a second —, not one whole-window frame
/// per picture (on a software renderer each frame of a 1440×900 window is 10–30 ms of both
/// cores, taken from the decodes). While something moves, frames are drawn anyway: arrivals
/// show on the next one.
///
/// Times are seconds on one monotonic clock (the viewer's: real time, whatever the session's
/// clock). Pure; the frame thread owns it.
public struct RedrawBatching: Sendable, Equatable {
    /// The shortest time between two batches, seconds.
    public let interval: Double
    /// When the last batch was drawn; −∞ before the first (the first arrival shows at once).
    public private(set) var lastFlush = -Double.infinity
    /// True while arrivals wait for their batch.
    public private(set) var isWaiting = false
    /// The times of the last four batches drawn (−∞ before), for `hasRoomInTheLastSecond`.
    private var recentBatches = SIMD4<Double>(repeating: -.infinity)
    private var nextSlot = 0

    /// Batching at most one redraw per `interval` seconds (default 0.25: 4 a second).
    public init(interval: Double = 0.25) {
        self.interval = max(0, interval)
    }

    /// When arrivals at `now` will be drawn: now if the last batch is `interval` old, else the
    /// next batch's time. A picture's fade-in starts then, so a batch fades as one.
    public func flushTime(now: Double) -> Double {
        max(now, lastFlush + interval)
    }

    /// Something arrived at `now`; `immediate` when a frame is drawn anyway (something moves) or
    /// batching is off. Returns true when a frame should show it now (the batch is drawn).
    public mutating func arrived(now: Double, immediate: Bool = false, completesScreen: Bool = false) -> Bool {
        isWaiting = true
        return flushIfDue(now: now, immediate: immediate, completesScreen: completesScreen)
    }

    /// A frame was presented at `now` (for any reason): the next batch comes `interval` after
    /// it, so batches are `interval` apart as presented, however long a frame takes to draw.
    public mutating func presented(at now: Double) {
        lastFlush = max(lastFlush, now)
    }

    /// True when fewer than four batches were drawn in the second before `now`: one more keeps
    /// them at 4 a second however they are spaced. A batch that completes the screen (every
    /// card in view showing its final picture) may come before `interval` is up when this
    /// holds — the first screen shows as soon as it is whole, not up to `interval` later.
    public func hasRoomInTheLastSecond(now: Double) -> Bool {
        now - recentBatches.min() >= 1
    }

    /// True (and the batch is drawn) when arrivals wait and their time has come at `now`, or
    /// `immediate`. Call it every update, arrivals or not.
    /// `completesScreen`: the batch makes the screen whole, and may come early (see
    /// `hasRoomInTheLastSecond`). A batch drawn for arrivals alone counts toward the 4 a second;
    /// `immediate` frames (something moves) do not.
    public mutating func flushIfDue(now: Double, immediate: Bool = false, completesScreen: Bool = false) -> Bool {
        guard isWaiting else { return false }
        if !immediate {
            guard now >= lastFlush + interval || completesScreen, hasRoomInTheLastSecond(now: now) else { return false }
            recentBatches[nextSlot] = now
            nextSlot = (nextSlot + 1) % 4
        }
        isWaiting = false
        lastFlush = now
        return true
    }
}
