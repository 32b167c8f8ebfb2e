/// The measurements of every measured frame of one scenario, kept in arrays reserved up front
/// so that recording a frame allocates nothing.
struct FrameSamples {
    /// Nanoseconds per stage, one value per frame, in `Stage.allCases` order.
    private(set) var stages: [[Double]]
    /// The draw's GPU time per frame from the timer query, when the driver has a timer.
    private(set) var gpuDraw: [Double] = []
    /// The wall time per frame from the draw calls until `glFinish` returned.
    private(set) var wallDraw: [Double] = []
    /// Layout + packing per frame, nanoseconds.
    private(set) var layoutPacking: [Double] = []
    /// Instances drawn per frame.
    private(set) var instances: [Double] = []
    /// Cards the layout stage produced per frame (attributes or bulk records).
    private(set) var laidOut: [Double] = []
    /// Bytes uploaded per frame.
    private(set) var uploadedBytes: [Double] = []
    /// Measured frames the viewer's frame drew through the bulk writers.
    var bulkFrames = 0
    /// The floor frames drawn between this scenario's frames, nanoseconds each.
    private(set) var floor: [Double] = []
    /// Allocations of the benchmark thread per stage, summed over the frames.
    private(set) var allocations = AllocationCounts()
    private(set) var frames = 0

    init(capacity: Int) {
        stages = Stage.allCases.map { _ in
            var values: [Double] = []
            values.reserveCapacity(capacity)
            return values
        }
        gpuDraw.reserveCapacity(capacity)
        wallDraw.reserveCapacity(capacity)
        layoutPacking.reserveCapacity(capacity)
        instances.reserveCapacity(capacity)
        laidOut.reserveCapacity(capacity)
        uploadedBytes.reserveCapacity(capacity)
        floor.reserveCapacity(capacity)
    }

    /// Records one frame: nanoseconds per stage (`Stage.allCases` order) and its counts.
    mutating func record(_ times: StageTimes, instances: Int, uploadedBytes: Int, allocations: AllocationCounts, laidOut: Int) {
        self.laidOut.append(Double(laidOut))
        stages[0].append(times.session)
        stages[1].append(times.layout)
        stages[2].append(times.packing)
        stages[3].append(times.upload)
        stages[4].append(times.submit)
        if let gpu = times.gpuDraw { gpuDraw.append(gpu) }
        wallDraw.append(times.wallDraw)
        stages[6].append(times.frame)
        stages[7].append(times.cpu)
        layoutPacking.append(times.layout + times.packing)
        self.instances.append(Double(instances))
        self.uploadedBytes.append(Double(uploadedBytes))
        self.allocations.add(allocations)
        frames += 1
    }

    /// Records one floor frame, nanoseconds.
    mutating func recordFloor(_ nanoseconds: Double) { floor.append(nanoseconds) }

    /// True when the timer answered for every frame and not always 0.
    var timerAnswered: Bool {
        frames > 0 && gpuDraw.count == frames && gpuDraw.contains { $0 > 0 }
    }

    /// The samples of `stage`; for `.draw` the GPU timer's when `gpuTimed`, else the wall times.
    func samples(_ stage: Stage, gpuTimed: Bool = false) -> [Double] {
        if stage == .draw { return gpuTimed ? gpuDraw : wallDraw }
        return stages[Stage.allCases.firstIndex(of: stage) ?? 0]
    }
}

/// One frame's stage times, nanoseconds.
struct StageTimes {
    var session = 0.0, layout = 0.0, packing = 0.0, upload = 0.0, submit = 0.0, frame = 0.0
    /// The timer query's answer, when the driver has a timer.
    var gpuDraw: Double?
    /// From the draw calls until `glFinish` returned.
    var wallDraw = 0.0
    var cpu: Double { session + layout + packing + upload + submit }
}

/// Heap allocations per stage of a frame (or summed over frames).
public struct AllocationCounts: Hashable, Sendable, Codable {
    /// The session's events and clock (the viewer's frames).
    public var session: Double = 0
    public var layout: Double = 0
    public var packing: Double = 0
    public var upload: Double = 0
    /// Submit and wait for the GPU (the driver's allocations included).
    public var draw: Double = 0
    /// Every thread of the process over the whole frame (the driver's threads included).
    public var process: Double = 0

    public init() {}

    /// The benchmark thread's allocations over the frame: session + layout + packing + upload + draw.
    public var total: Double { session + layout + packing + upload + draw }

    mutating func add(_ other: AllocationCounts) {
        session += other.session
        layout += other.layout
        packing += other.packing
        upload += other.upload
        draw += other.draw
        process += other.process
    }

    /// Every count divided by `frames` (per-frame means).
    func perFrame(_ frames: Int) -> AllocationCounts {
        guard frames > 0 else { return self }
        let n = Double(frames)
        var mean = AllocationCounts()
        mean.session = session / n
        mean.layout = layout / n
        mean.packing = packing / n
        mean.upload = upload / n
        mean.draw = draw / n
        mean.process = process / n
        return mean
    }
}
