import CardPacking
import CardRendering

/// What one scenario measured.
///
/// Times are nanoseconds; per-frame counts are over the measured frames.
public struct ScenarioResult: Hashable, Sendable, Codable {
    public var scenario: Scenario
    /// Frames measured.
    public var frames: Int
    /// Per stage, the distribution over the measured frames (nanoseconds).
    public var stages: StageSummaries
    /// How `stages.draw` was timed: "gpu-timer" (`GL_TIME_ELAPSED`) or "wall" (from the draw
    /// calls until `glFinish` returned: without a timer, with a software rasterizer whose timer
    /// does not time the rasterization, or with one that always reads 0).
    public var drawTiming: String
    /// What the `GL_TIME_ELAPSED` query answered per frame (nanoseconds), whether or not the
    /// draw times use it; `nil` without a timer.
    public var gpuTimerDraw: Summary?
    /// Layout + packing per frame (nanoseconds): the CPU cost of turning a layout into records.
    public var layoutPacking: Summary
    /// Cards the layout stage handles per frame: every card for scope `all`, the instances
    /// packed (median) for `visible`.
    public var cardsPerFrame: Double
    /// Instances drawn per frame.
    public var instances: Summary
    /// Cards the layout stage produced per frame (median): the session's laid-out cards, or
    /// the records the bulk writers wrote; every card for scope `all`.
    public var laidOutPerFrame: Double
    /// The layout stage's median over `laidOutPerFrame`, nanoseconds: what laying out one
    /// card costs on the path measured (for the viewer's frame: the session and its
    /// controller's `layoutVisible`, animations applied).
    public var layoutNanosecondsPerCard: Double
    /// Median layout + packing time per card laid out, nanoseconds.
    public var nanosecondsPerCard: Double
    /// Cards laid out and packed per second of layout + packing (the layout throughput).
    public var cardsPerSecond: Double
    /// Cards drawn per second of whole frames (median instances over median frame time).
    public var drawnCardsPerSecond: Double
    /// Bytes per card in the instance buffer (the record's stride).
    public var bytesPerCard: Int
    /// Bytes uploaded per frame (median).
    public var uploadedBytesPerFrame: Double
    /// Mean heap allocations per measured frame, per stage.
    public var allocationsPerFrame: AllocationCounts
    /// True when the scenario ran the viewer's own frame (session, controllers, packing and
    /// renderer: the scrolling scenario); false for the layout-throughput pipelines.
    public var viewerFrame: Bool
    /// Measured frames the viewer's frame drew with the bulk writers (the layout writing its
    /// records itself); 0 for the pipelines.
    public var bulkPathFrames: Int
    /// The floor frames drawn between this scenario's measured frames (clear + one textured
    /// full-viewport quad), nanoseconds.
    public var floor: Summary
    /// The median frame over the median floor frame of the same scenario: how many screens of
    /// pixels a frame costs.
    public var frameToFloor: Double

    /// The summary of `stage`.
    public func summary(_ stage: Stage) -> Summary { stages[stage] }
}

/// One `Summary` per stage (a struct rather than a dictionary so the JSON has named keys).
public struct StageSummaries: Hashable, Sendable, Codable {
    public var session: Summary
    public var layout: Summary
    public var packing: Summary
    public var upload: Summary
    public var submit: Summary
    public var draw: Summary
    public var frame: Summary
    public var cpu: Summary

    public subscript(stage: Stage) -> Summary {
        switch stage {
        case .session: session
        case .layout: layout
        case .packing: packing
        case .upload: upload
        case .submit: submit
        case .draw: draw
        case .frame: frame
        case .cpu: cpu
        }
    }
}

extension ScenarioResult {
    /// Summarises the samples of one scenario; the draw is timed by the GPU timer when
    /// `trustsTimer` and the timer answered.
    init(scenario: Scenario, samples: FrameSamples, trustsTimer: Bool) {
        self.scenario = scenario
        frames = samples.frames
        let gpuTimed = trustsTimer && samples.timerAnswered
        stages = StageSummaries(
            session: Summary(samples.samples(.session)), layout: Summary(samples.samples(.layout)), packing: Summary(samples.samples(.packing)),
            upload: Summary(samples.samples(.upload)), submit: Summary(samples.samples(.submit)),
            draw: Summary(samples.samples(.draw, gpuTimed: gpuTimed)), frame: Summary(samples.samples(.frame)),
            cpu: Summary(samples.samples(.cpu)))
        drawTiming = gpuTimed ? "gpu-timer" : "wall"
        gpuTimerDraw = samples.gpuDraw.count == samples.frames && samples.frames > 0 ? Summary(samples.gpuDraw) : nil
        layoutPacking = Summary(samples.layoutPacking)
        instances = Summary(samples.instances)
        laidOutPerFrame = Summary(samples.laidOut).median
        layoutNanosecondsPerCard = laidOutPerFrame > 0 ? stages.layout.median / laidOutPerFrame : 0
        cardsPerFrame = scenario.scope == .all ? Double(scenario.cards) : instances.median
        nanosecondsPerCard = cardsPerFrame > 0 ? layoutPacking.median / cardsPerFrame : 0
        cardsPerSecond = layoutPacking.median > 0 ? cardsPerFrame / (layoutPacking.median * 1e-9) : 0
        drawnCardsPerSecond = stages.frame.median > 0 ? instances.median / (stages.frame.median * 1e-9) : 0
        bytesPerCard = InstanceRecord.stride
        uploadedBytesPerFrame = Summary(samples.uploadedBytes).median
        allocationsPerFrame = samples.allocations.perFrame(samples.frames)
        viewerFrame = scenario.runsViewerFrame
        bulkPathFrames = samples.bulkFrames
        floor = Summary(samples.floor)
        frameToFloor = floor.median > 0 ? stages.frame.median / floor.median : 0
    }
}
