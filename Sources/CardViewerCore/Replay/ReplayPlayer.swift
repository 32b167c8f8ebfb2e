/// Plays a `ReplayScript` into a session on a virtual clock with fixed steps: frame k is at
/// `k · step` seconds; before it, every event up to that time is handled at its own time, then
/// the session advances to the frame. The same loop drives `cardviewer run --replay` (which
/// draws each frame) and the tests (which need not draw), so both see the same session states.
public struct ReplayPlayer {
    public let script: ReplayScript
    /// Seconds between frames.
    public let step: Double
    /// The time of frame 0, seconds.
    public let start: Double
    /// The next frame's number.
    public private(set) var frame = 0
    private var nextEvent = 0
    private var nextWait = 0

    public init(script: ReplayScript, step: Double = ReplayScript.frameStep, start: Double = 0) {
        self.script = script
        self.step = step > 0 && step.isFinite ? step : ReplayScript.frameStep
        self.start = start.isFinite ? start : 0
    }

    /// The time of the next frame, seconds.
    public var nextFrameTime: Double { start + Double(frame) * step }

    /// True once the last frame (at or after `script.end`) has been played.
    public private(set) var isFinished = false

    /// True when the frame just played is the first at or after a `waitForPictures` event: the
    /// caller keeps the clock there (draws this frame again) until the pictures in view are
    /// ready, then plays on.
    public private(set) var waitsForPictures = false

    /// Feeds the events up to the next frame's time and advances the session to it; returns
    /// that time, or `nil` when the script is over. The frame at or just after `script.end`
    /// is the last one; a session that quits ends the script at once.
    public mutating func playFrame(into session: ViewerSession) -> Double? {
        guard !isFinished else { return nil }
        let time = nextFrameTime
        let events = script.events
        while nextEvent < events.count, events[nextEvent].time + start <= time + 1e-9, !session.shouldQuit {
            session.handle(events[nextEvent].delayed(by: start))
            nextEvent += 1
        }
        session.advance(to: time)
        waitsForPictures = false
        while nextWait < script.pictureWaits.count, script.pictureWaits[nextWait] + start <= time + 1e-9 {
            waitsForPictures = true
            nextWait += 1
        }
        frame += 1
        if session.shouldQuit || time >= start + script.end - 1e-9 { isFinished = true }
        return time
    }

    /// Plays every remaining frame (without drawing); returns the last frame's time.
    @discardableResult
    public mutating func playToEnd(_ session: ViewerSession, eachFrame: (Double) -> Void = { _ in }) -> Double {
        var last = nextFrameTime
        while let time = playFrame(into: session) {
            session.prepareFrame()
            eachFrame(time)
            last = time
        }
        return last
    }
}
