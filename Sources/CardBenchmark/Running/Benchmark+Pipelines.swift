import CardLayout
import CardMath
import CardRendering

extension Benchmark {
    /// The layout-throughput scenarios: a pipeline (`Pipelines/`) lays out and packs the
    /// fling's offsets directly — every card (`all`), or the candidates in the UIKit style —
    /// then the renderer uploads and draws the records.
    func measurePipeline(_ scenario: Scenario, progress: ((Int) -> Void)?) throws -> FrameSamples {
        let viewport = settings.viewport
        let pipeline = scenario.path.makePipeline(kind: scenario.layout, options: settings.layoutOptions[scenario.layout], scope: scenario.scope)
        let script = FlingScript(layout: settings.makeLayout(scenario.layout), viewport: viewport, cardCount: scenario.cards)
        let camera = Camera(viewport: viewport, eyeDistance: settings.eyeDistance)
        let layerCount = renderer.imageLayerCount
        let ordering = settings.ordering, shading = settings.shading
        let warmup = settings.warmupFrames, measured = settings.measuredFrames
        var samples = FrameSamples(capacity: measured)
        for frame in 0..<(warmup + measured) {
            let offset = frame < warmup ? script.offset(frame: frame, of: warmup)
                                        : script.offset(frame: frame - warmup, of: measured)
            let context = LayoutContext(viewport: viewport, cardCount: scenario.cards, offset: offset, eyeDistance: camera.eyeDistance)
            var times = StageTimes()
            var allocations = AllocationCounts()
            let process0 = AllocationCounter.process
            let a0 = AllocationCounter.thread, t0 = MonotonicClock.now()
            pipeline.layout(in: context, ordering: ordering, layerCount: layerCount)
            let t1 = MonotonicClock.now(), a1 = AllocationCounter.thread
            pipeline.pack(in: context, ordering: ordering, layerCount: layerCount)
            let t2 = MonotonicClock.now(), a2 = AllocationCounter.thread
            let bytes = try pipeline.withRecords { try renderer.upload($0) }
            let t3 = MonotonicClock.now(), a3 = AllocationCounter.thread
            timer.begin()
            let stats = try pipeline.withRecords {
                try renderer.draw($0, passes: pipeline.passes, camera: camera, shading: shading)
            }
            timer.end()
            let t4 = MonotonicClock.now()
            gpu.present()  // glFinish
            let t5 = MonotonicClock.now(), a5 = AllocationCounter.thread
            let process5 = AllocationCounter.process
            if frame >= warmup {
                times.layout = Double(t1 &- t0)
                times.packing = Double(t2 &- t1)
                times.upload = Double(t3 &- t2)
                times.submit = Double(t4 &- t3)
                times.frame = Double(t5 &- t0)
                times.wallDraw = Double(t5 &- t3)
                times.gpuDraw = timer.elapsedNanoseconds().map { Double($0) }
                allocations.layout = Double(a1 &- a0)
                allocations.packing = Double(a2 &- a1)
                allocations.upload = Double(a3 &- a2)
                allocations.draw = Double(a5 &- a3)
                allocations.process = Double(process5 &- process0)
                samples.record(times, instances: stats.instances, uploadedBytes: bytes, allocations: allocations,
                               laidOut: scenario.scope == .all ? scenario.cards : stats.instances)
                if capturesLastFrame, frame == warmup + measured - 1 { capturedFrame = try gpu.readPixels() }
                try recordFloorFrame(into: &samples)
            }
            progress?(frame + 1)
        }
        return samples
    }
}
