import CardInteraction
import CardLayout
import CardMath
import CardRendering
import CardViewerCore
import CardViewerFrame

extension Benchmark {
    /// The scrolling scenario: the viewer of a `--cards N` deck in the scenario's layout,
    /// assembled by `ViewerBuilder` on the run's context as the window's viewer is, the fling
    /// fed as pointer events through `ReplayPlayer`, every frame drawn by the viewer's own
    /// `ViewerFrameRenderer.draw` (the bulk writers allowed on the `fast` path) after the
    /// picture pipeline's `update` (timed with the session stage, as the viewer runs it).
    func measureViewerFrames(_ scenario: Scenario, progress: ((Int) -> Void)?) throws -> FrameSamples {
        let viewport = settings.viewport
        // The viewer's `--cards N` deck: the bundled pictures in turn, through the viewer's
        // picture pipeline (pools, uploads, the per-frame picture pass), settled before the
        // first frame as the viewer is once its ten pictures are loaded.
        var builder = ViewerBuilder(deck: .synthetic(count: scenario.cards), layout: scenario.layout)
        builder.ordering = settings.ordering
        builder.layoutOptions = settings.layoutOptions[scenario.layout]
        builder.eyeDistance = settings.eyeDistance
        let viewer = try builder.build(on: gpu, viewport: viewport)
        let session = viewer.session, frame = viewer.frame
        prepareSession?(session)
        defer {
            viewer.shutdown(thumbnailSeconds: 0)
            imageLayerCount = viewer.renderer.imageLayerCount
        }
        session.advance(to: 0)
        _ = try viewer.waitForPictures(timeout: 30)
        let fling = FlingScript(layout: settings.makeLayout(scenario.layout), viewport: viewport, cardCount: scenario.cards)
        let warmup = settings.warmupFrames, measured = settings.measuredFrames
        var player = ReplayPlayer(script: FlingReplay.script(fling, warmup: warmup, measured: measured, viewport: viewport))
        frame.allowsBulkPath = scenario.path == .fast
        var samples = FrameSamples(capacity: measured)
        for index in 0..<(warmup + measured) {
            let process0 = AllocationCounter.process
            let a0 = AllocationCounter.thread, t0 = MonotonicClock.now()
            _ = player.playFrame(into: session)
            try viewer.pictures.update()
            let a1 = AllocationCounter.thread
            var observer = StageClock(timer: timer, start: MonotonicClock.now(), allocations: a1)
            let stats = try frame.draw(observer: &observer)
            gpu.present()  // glFinish
            let t5 = MonotonicClock.now(), a5 = AllocationCounter.thread
            let process5 = AllocationCounter.process
            if index >= warmup {
                var times = observer.times
                times.session = Double(observer.start0 &- t0)
                times.frame = Double(t5 &- t0)
                times.wallDraw = Double(t5 &- observer.uploadEnd)
                times.gpuDraw = timer.elapsedNanoseconds().map { Double($0) }
                var allocations = observer.allocations
                allocations.session = Double(a1 &- a0)
                allocations.draw += Double(a5 &- observer.submitEndAllocations)
                allocations.process = Double(process5 &- process0)
                // The cards the layout stage produced: records written in bulk, or the session's cards.
                let laidOut = frame.usedBulkPath ? frame.packer.records.count : session.frameCards.count
                samples.record(times, instances: stats.instances, uploadedBytes: stats.uploadedBytes, allocations: allocations,
                               laidOut: laidOut)
                if frame.usedBulkPath { samples.bulkFrames += 1 }
                if capturesLastFrame, index == warmup + measured - 1 { capturedFrame = try gpu.readPixels() }
                try recordFloorFrame(into: &samples)
            }
            progress?(index + 1)
        }
        return samples
    }
}

/// Times the stages of a viewer frame as they end (and brackets the submit with the GPU timer),
/// counting each stage's allocations on this thread.
struct StageClock: FrameStageObserver {
    let timer: GPUTimer
    /// When the frame's drawing began (after the session stage).
    let start0: UInt64
    private var last: UInt64
    private var lastAllocations: UInt64
    var times = StageTimes()
    var allocations = AllocationCounts()
    /// When the upload ended (the wall-clock draw runs from here to the end of `glFinish`).
    private(set) var uploadEnd: UInt64 = 0
    /// The thread's allocation count when the submit ended.
    private(set) var submitEndAllocations: UInt64 = 0

    init(timer: GPUTimer, start: UInt64, allocations: UInt64) {
        self.timer = timer
        start0 = start
        last = start
        lastAllocations = allocations
    }

    mutating func stageEnded(_ stage: ViewerFrameRenderer.Stage) {
        let now = MonotonicClock.now(), count = AllocationCounter.thread
        let elapsed = Double(now &- last), made = Double(count &- lastAllocations)
        switch stage {
        case .layout:
            times.layout = elapsed
            allocations.layout = made
        case .packing:
            times.packing = elapsed
            allocations.packing = made
        case .upload:
            times.upload = elapsed
            allocations.upload = made
            uploadEnd = now
            timer.begin()
        case .submit:
            timer.end()
            times.submit = elapsed
            allocations.draw = made
            submitEndAllocations = AllocationCounter.thread
        }
        last = MonotonicClock.now()
        lastAllocations = AllocationCounter.thread
    }
}
