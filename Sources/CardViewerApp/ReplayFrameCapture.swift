import CardPixels

/// Frames a replay hands out as it plays (`cardviewer record`): every `every`-th frame of the
/// replay's virtual clock (`ReplayPlayer`, 60 frames per second), between `from` and `to`
/// seconds, each drawn as `--screenshot` draws its frame (after waiting until the cards in view
/// show their pictures) and given to `take` with its number among the frames taken (0, 1, …)
/// and its time. The frames come from `ReplayLoop` itself, so frame k is what
/// `run --headless --replay … --screenshot` shows for the same script ending at that time.
/// While recording, the loop waits for the pictures in view at every frame, taken or not, so
/// that the frames are the same every run (pictures appear without their fade); a screenshot
/// run waits only at its last frame, so the two differ where a picture is still fading in there.
public final class ReplayFrameCapture: @unchecked Sendable {
    /// Replay frames between two frames taken: 60 / fps.
    public let every: Int
    /// The first and last times taken, seconds (`to`: nil for the script's end).
    public let from: Double, to: Double?
    /// Receives each frame taken: its number among those taken, its time (s) and its pixels.
    public let take: (Int, Double, RGBAImage) throws -> Void
    /// How many frames were taken so far.
    public private(set) var taken = 0

    public init(every: Int, from: Double = 0, to: Double? = nil, take: @escaping (Int, Double, RGBAImage) throws -> Void) {
        self.every = max(1, every)
        self.from = from
        self.to = to
        self.take = take
    }

    /// Whether the replay's frame number `frame` (at `time` s) is taken.
    func wants(frame: Int, time: Double) -> Bool {
        frame % every == 0 && time >= from - 1e-9 && (to.map { time <= $0 + 1e-9 } ?? true)
    }

    /// Whether the replay may stop before `time`: past `to`, nothing more is taken.
    func isPast(_ time: Double) -> Bool { to.map { time > $0 + 1e-9 } ?? false }

    func hand(_ time: Double, _ image: RGBAImage) throws {
        try take(taken, time, image)
        taken += 1
    }
}
