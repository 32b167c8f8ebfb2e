/// How much the frame loop may upload in one frame, so scrolling stays smooth while pictures
/// load: at most `maxCount` pictures and about `maxBytes` bytes.
///
/// The byte bound is soft by one picture: the first upload of a frame is always admitted (a
/// full-tier picture can be larger than the budget and must still get through), and the last
/// one admitted may cross the bound.
///
/// Numbers (defaults): 4 pictures and 8 MiB per frame. On llvmpipe an upload is a memcpy into
/// the texture's system-memory storage, about 5–10 GB/s: 8 MiB costs ~1–2 ms of a 16.7 ms frame,
/// and a screen of card-tier pictures (≈20 × 0.4 MiB) arrives within ~5 frames.
public struct UploadBudget: Sendable, Equatable {
    public static let defaultMaxCount = 4
    public static let defaultMaxBytes = 8 << 20

    public let maxCount: Int
    public let maxBytes: Int
    /// Admitted so far in this frame.
    public private(set) var count = 0
    public private(set) var bytes = 0

    public init(maxCount: Int = defaultMaxCount, maxBytes: Int = defaultMaxBytes) {
        self.maxCount = max(1, maxCount)
        self.maxBytes = max(1, maxBytes)
    }

    /// True when nothing more may be uploaded this frame.
    public var isSpent: Bool { count >= maxCount || bytes >= maxBytes }

    /// How many more uploads the count bound allows (ask the workers for at most this many).
    public var remainingCount: Int { isSpent ? 0 : maxCount - count }

    /// Asks to upload `bytes` now: true (and counted) when the budget allows it.
    public mutating func admit(bytes size: Int) -> Bool {
        guard !isSpent else { return false }
        count += 1
        bytes += max(0, size)
        return true
    }

    /// A fresh budget for the next frame.
    public mutating func reset() {
        count = 0
        bytes = 0
    }
}
