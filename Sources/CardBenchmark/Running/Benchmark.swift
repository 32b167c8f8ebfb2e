import CardImaging
import CardLayout
import CardMath
import CardRendering

/// The timing module: scrolls decks through a scripted fling, headless, and measures every stage
/// of every frame (SPEC §5).
///
/// One EGL context and one `CardRenderer` serve every scenario of a run. Each frame is:
/// layout → packing → upload → draw (submit, then `glFinish`), each stage timed on the
/// monotonic clock and its heap allocations counted; the draw's GPU time comes from a
/// `GL_TIME_ELAPSED` query where the driver has a timer. Warm-up frames run the same script
/// before the measured ones and are not recorded.
public final class Benchmark {
    public let settings: BenchmarkSettings
    /// The CPU and GL driver this run measures.
    public let machine: MachineInfo
    private let gpu: EGLOffscreenContext
    private let renderer: CardRenderer
    private let timer: GPUTimer

    /// Creates the headless context and the renderer, and uploads `images` as card layers
    /// (none: cards are coloured by id).
    ///
    /// - Throws: `RenderError` when headless OpenGL 3.3 is not available or a resource fails.
    public init(settings: BenchmarkSettings, images: [RGBAImage] = []) throws {
        self.settings = settings
        gpu = try EGLOffscreenContext(size: settings.pixelSize, samples: 1)
        renderer = try CardRenderer(context: gpu)
        if !images.isEmpty { try renderer.setImages(images) }
        timer = try GPUTimer(context: gpu)
        machine = MachineInfo(cpu: MachineInfo.cpuModel(), cores: MachineInfo.activeCores,
                              glRenderer: gpu.info.renderer, glVersion: gpu.info.version, gpuTimer: timer.isAvailable)
    }

    /// True when draws are timed by the GPU timer: the driver has one and is not a software
    /// rasterizer (llvmpipe's `GL_TIME_ELAPSED` brackets only the query commands of the last
    /// tile each thread rasterized: sub-microsecond answers for frames that take milliseconds).
    public var timerTimesDraws: Bool { timer.isAvailable && !machine.isSoftwareRasterizer }

    /// Frames drawn per scenario, warm-up included.
    public var framesPerScenario: Int { settings.warmupFrames + settings.measuredFrames }

    /// Runs every scenario in order and reports them.
    ///
    /// - Parameter progress: called after each frame with the frames done and the total, and
    ///   the scenario running; never inside a timed stage.
    /// - Throws: `RenderError` when a frame fails to draw.
    public func run(progress: ((_ done: Int, _ total: Int, _ scenario: Scenario) -> Void)? = nil) throws -> BenchmarkReport {
        let scenarios = settings.scenarios
        let total = scenarios.count * framesPerScenario
        var results: [ScenarioResult] = []
        for (number, scenario) in scenarios.enumerated() {
            let done = number * framesPerScenario
            results.append(try measure(scenario) { frame in progress?(done + frame, total, scenario) })
        }
        return BenchmarkReport(machine: machine, settings: settings, imageLayers: renderer.imageLayerCount,
                               results: results, maximumResidentBytes: ResourceUsage.maximumResidentBytes,
                               countsAllocations: AllocationCounter.isCounting)
    }

    /// Measures one scenario.
    public func measure(_ scenario: Scenario, progress: ((Int) -> Void)? = nil) throws -> ScenarioResult {
        let viewport = settings.viewport
        let pipeline = scenario.path.makePipeline(kind: scenario.layout, scope: scenario.scope)
        let script = FlingScript(layout: scenario.layout.makeLayout(), viewport: viewport, cardCount: scenario.cards)
        let camera = Camera(viewport: viewport)
        let layerCount = renderer.imageLayerCount
        let ordering = settings.ordering, shading = settings.shading
        let warmup = settings.warmupFrames, measured = settings.measuredFrames
        var samples = FrameSamples(capacity: measured)
        for frame in 0..<(warmup + measured) {
            let offset = frame < warmup ? script.offset(frame: frame, of: warmup)
                                        : script.offset(frame: frame - warmup, of: measured)
            let context = LayoutContext(viewport: viewport, cardCount: scenario.cards, offset: offset)
            var times = StageTimes()
            var allocations = AllocationCounts()
            let process0 = AllocationCounter.process
            let a0 = AllocationCounter.thread, t0 = MonotonicClock.now()
            pipeline.layout(in: context, ordering: ordering, layerCount: layerCount)
            let t1 = MonotonicClock.now(), a1 = AllocationCounter.thread
            pipeline.pack(in: context, ordering: ordering, layerCount: layerCount)
            let t2 = MonotonicClock.now(), a2 = AllocationCounter.thread
            let bytes = try pipeline.withRecords { try renderer.uploadInstances($0) }
            let t3 = MonotonicClock.now(), a3 = AllocationCounter.thread
            timer.begin()
            let stats = try renderer.drawInstances(pipeline.passes, camera: camera, shading: shading)
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
                samples.record(times, instances: stats.instances, uploadedBytes: bytes, allocations: allocations)
            }
            progress?(frame + 1)
        }
        return ScenarioResult(scenario: scenario, samples: samples, trustsTimer: timerTimesDraws)
    }
}
