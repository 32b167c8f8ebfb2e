/// A short text that shows for a while, then fades out: the first start's hint ("? shows the
/// keys") and the confirmations of keys without a visible effect ("saved cardviewer-….png",
/// "ordering: zindex (Core Animation)").
///
/// Times are seconds on the session's clock. The text's clock starts when it is first shown
/// (`show(at:)`): a hint made before the first frame counts from that frame, not from the
/// program's start.
struct TransientText: Equatable {
    /// The lines, top to bottom.
    var lines: [String]
    /// How long it shows at full opacity, seconds.
    var holdSeconds: Double
    /// How long the fade takes, seconds.
    var fadeSeconds: Double
    /// When it was first shown; `nil` until then.
    private(set) var shownAt: Double?
    /// When its fade began early (`dismiss(at:)`); `nil` while it runs its course.
    private(set) var dismissedAt: Double?

    /// The hint's timing: shown 5 s, faded over 0.6 s.
    static let hintTiming = (hold: 5.0, fade: 0.6)
    /// A message's timing: shown 1.6 s, faded over 0.4 s.
    static let messageTiming = (hold: 1.6, fade: 0.4)
    /// A layout's name after a switch: shown 0.8 s, then gone at once (a fade would keep the
    /// window drawing frame after frame once the switch's 0.5 s animation is over; this way it
    /// sleeps until the name goes, and draws once).
    static let layoutNameTiming = (hold: 0.8, fade: 0.001)
    /// A dismissed text fades this fast, seconds.
    static let dismissFade = 0.25

    init(lines: [String], holdSeconds: Double, fadeSeconds: Double, shownAt: Double? = nil) {
        self.lines = lines
        self.holdSeconds = max(0, holdSeconds)
        self.fadeSeconds = max(1e-3, fadeSeconds)
        self.shownAt = shownAt
    }

    /// Starts the text's clock at `time` unless it is already running.
    mutating func show(at time: Double) {
        if shownAt == nil { shownAt = time }
    }

    /// Starts fading now (at the first input, for the hint), unless it fades already.
    mutating func dismiss(at time: Double) {
        guard dismissedAt == nil, let start = fadeStart, time < start else { return }
        dismissedAt = time
    }

    /// When the fade starts; `nil` before the text is shown.
    var fadeStart: Double? {
        guard let shownAt else { return nil }
        return dismissedAt ?? shownAt + holdSeconds
    }

    private var fadeDuration: Double { dismissedAt == nil ? fadeSeconds : min(fadeSeconds, Self.dismissFade) }

    /// When it is gone; `nil` before it is shown.
    var end: Double? { fadeStart.map { $0 + fadeDuration } }

    /// Its opacity at `time`, 0…1: 1 until the fade, then down linearly to 0. A text not yet
    /// shown is opaque (it shows on the next frame).
    func opacity(at time: Double) -> Double {
        guard let start = fadeStart else { return 1 }
        guard time > start else { return 1 }
        return max(0, 1 - (time - start) / fadeDuration)
    }

    /// True from the start of the fade until the text is gone: frames must be drawn.
    func isFading(at time: Double) -> Bool {
        guard let start = fadeStart, let end else { return false }
        return time >= start && time < end
    }

    /// True once the text is gone.
    func isOver(at time: Double) -> Bool {
        end.map { time >= $0 } ?? false
    }
}
