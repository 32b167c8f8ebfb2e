import CardInteraction

/// The camera's eye distance on its way from one layout's distance to another's (a layout
/// switch, `LayoutDescriptor.preferredEyeDistance`), over the switch's timing; points, on the
/// session's clock (seconds).
struct EyeDistanceAnimation: Hashable, Sendable {
    var from: Double
    var to: Double
    /// When it starts, seconds on the session's clock.
    var start: Double
    var timing: AnimationTiming

    /// When it reaches `to`, seconds.
    var end: Double { start + timing.delay + max(timing.duration, 0) }

    /// The distance at `time`: `from` until the delay is over, then along the timing's curve,
    /// `to` from `end` on (exactly).
    func value(at time: Double) -> Double {
        let begin = start + timing.delay
        guard time > begin else { return from }
        guard timing.duration > 0, time < end else { return to }
        let u = timing.curve.progress((time - begin) / timing.duration)
        return from + (to - from) * u
    }
}
