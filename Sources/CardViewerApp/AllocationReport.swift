import CMallocCounter

/// The debug check behind `run --allocation-report`: heap allocations (malloc and kin, counted
/// on the drawing thread by CMallocCounter) per frame once warm, for the whole frame and for the
/// session's part of it (advancing the clock and laying out what can be visible). The GL
/// driver's own allocations on this thread are part of the whole frame.
struct AllocationReport {
    /// Frames before counting starts (buffers grow to their working size meanwhile).
    static let warmUpFrames = 60

    private var frames = 0
    private var total: UInt64 = 0
    private var session: UInt64 = 0
    private var lastFrameStart: UInt64?

    /// Whether this build counts allocations at all.
    static var isAvailable: Bool { cv_malloc_counting() == 1 }

    /// Allocations so far on this thread.
    static var now: UInt64 { cv_malloc_thread_count() }

    /// Records a frame that started at count `start` and spent `sessionPart` allocations in the
    /// session's layout.
    mutating func record(frameStart start: UInt64, sessionPart: UInt64) {
        defer { lastFrameStart = start }
        guard let last = lastFrameStart else { return }
        frames += 1
        guard frames > Self.warmUpFrames else { return }
        total += start - last
        session += sessionPart
    }

    /// One line for standard error.
    var summary: String {
        guard Self.isAvailable else { return "allocation report: allocations are counted only on Linux with glibc" }
        let counted = max(frames - Self.warmUpFrames, 0)
        guard counted > 0 else { return "allocation report: fewer than \(Self.warmUpFrames + 1) frames, nothing counted" }
        func perFrame(_ n: UInt64) -> String {
            let value = Double(n) / Double(counted)
            return value == value.rounded() ? "\(Int(value))" : "\((value * 100).rounded() / 100)"
        }
        return "allocation report: \(counted) frames after \(Self.warmUpFrames) warm-up frames: "
            + "\(perFrame(total)) allocations per frame in all (GL driver included), \(perFrame(session)) in the session's "
            + "clock and layout"
    }
}
