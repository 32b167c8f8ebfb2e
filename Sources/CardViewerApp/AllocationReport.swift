import CMallocCounter

/// The debug check behind `run --allocation-report`: heap allocations (malloc and kin, counted
/// on the drawing thread by CMallocCounter) per frame once warm — for the whole frame, and for
/// its stages: the session (events, advancing the clock), the layout, packing the instance
/// records, the card draw (upload and draw calls, the GL driver's own allocations included), the
/// text overlay, present.
struct AllocationReport {
    /// Frames before counting starts (buffers grow to their working size meanwhile).
    static let warmUpFrames = 60

    enum Stage: Int, CaseIterable {
        case session, layout, packing, cardDraw, overlay, present

        var name: String {
            switch self {
            case .session: "session"
            case .layout: "layout"
            case .packing: "packing"
            case .cardDraw: "card draw (with the GL driver)"
            case .overlay: "overlay"
            case .present: "present"
            }
        }
    }

    private var frames = 0
    private var total: UInt64 = 0
    private var stages = [UInt64](repeating: 0, count: Stage.allCases.count)
    private var lastFrameStart: UInt64?

    /// Whether this build counts allocations at all.
    static var isAvailable: Bool { cv_malloc_counting() == 1 }

    /// Allocations so far on this thread.
    static var now: UInt64 { cv_malloc_thread_count() }

    /// True once warm: stage counts recorded now are kept.
    var isCounting: Bool { frames > Self.warmUpFrames }

    /// Starts a frame at allocation count `start`.
    mutating func beginFrame(at start: UInt64) {
        defer { lastFrameStart = start }
        guard let last = lastFrameStart else { return }
        frames += 1
        if isCounting { total += start - last }
    }

    /// Adds `count` allocations to `stage` of the current frame.
    mutating func add(_ count: UInt64, to stage: Stage) {
        if isCounting { stages[stage.rawValue] += count }
    }

    /// One line for standard output.
    var summary: String {
        guard Self.isAvailable else { return "allocation report: allocations are counted only on Linux with glibc" }
        let counted = max(frames - Self.warmUpFrames, 0)
        guard counted > 0 else { return "allocation report: fewer than \(Self.warmUpFrames + 2) frames, nothing counted" }
        func perFrame(_ n: UInt64) -> String {
            let value = Double(n) / Double(counted)
            return value == value.rounded() ? "\(Int(value))" : "\((value * 100).rounded() / 100)"
        }
        let parts = Stage.allCases.map { "\($0.name) \(perFrame(stages[$0.rawValue]))" }.joined(separator: ", ")
        return "allocation report: \(counted) frames after \(Self.warmUpFrames) warm-up frames: "
            + "\(perFrame(total)) allocations per frame in all; \(parts)"
    }
}
