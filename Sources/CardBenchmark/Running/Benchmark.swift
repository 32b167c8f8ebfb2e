import CardLayout
import CardMath
import CardPixels
import CardRendering
import CardViewerCore

/// The timing module: scrolls decks through a scripted fling, headless, and measures every stage
/// of every frame against the floor (SPEC §5).
///
/// One EGL context serves every scenario of a run. The scrolling scenario (scope `visible`,
/// paths `fast` and `generic`) runs the viewer itself, assembled by `ViewerBuilder` on that
/// context as the window's viewer is: a `ViewerSession` fed the fling as pointer events through
/// `ReplayPlayer` (the replay path), drawn by its `ViewerFrameRenderer` (the function the
/// viewer's driver calls) — with the bulk writers where they apply (`fast`, what the viewer
/// does) or without them (`generic`, a baseline).
/// The layout-throughput scenarios (scope `all`, and the `uikit` baseline) lay out with the
/// pipelines in `Pipelines/` at the fling's offsets, drawn by the run's own `CardRenderer`.
///
/// Each frame: session → layout → packing → upload → submit → `glFinish`, each stage timed on the
/// monotonic clock and its heap allocations counted; the draw's GPU time comes from a
/// `GL_TIME_ELAPSED` query where the driver has a real timer. After every measured frame the
/// floor (`FloorRenderer`: clear, one full-viewport textured quad) is drawn and timed into the
/// same framebuffer, so each scenario's frames are compared with floor frames drawn in the same
/// seconds. Warm-up frames run the same script before the measured ones and are not recorded.
public final class Benchmark {
    public let settings: BenchmarkSettings
    /// The CPU and GL driver this run measures.
    public let machine: MachineInfo
    let gpu: EGLOffscreenContext
    /// The layout-throughput pipelines' renderer (the viewer's scenarios build their own).
    let renderer: CardRenderer
    let floor: FloorRenderer
    let timer: GPUTimer
    /// Called with each scrolling scenario's session before its first frame (tests use it to
    /// put a controller in another state).
    let prepareSession: ((ViewerSession) -> Void)?

    /// Creates the headless context and the renderers, and uploads `images` as card layers
    /// (none: cards are coloured by id); the floor samples the first image, brought to the
    /// drawable's size.
    ///
    /// - Throws: `RenderError` when headless OpenGL 3.3 is not available or a resource fails.
    public init(settings: BenchmarkSettings, images: [RGBAImage] = [],
                prepareSession: ((ViewerSession) -> Void)? = nil) throws {
        self.settings = settings
        self.prepareSession = prepareSession
        gpu = try EGLOffscreenContext(size: settings.pixelSize, samples: 1)
        renderer = try CardRenderer(context: gpu)
        if !images.isEmpty { try Self.uploadPictures(images, into: renderer) }
        imageLayerCount = renderer.imageLayerCount
        // The floor's picture has the drawable's size: one texel per pixel, a screen of pixels.
        let pixels = settings.pixelSize
        floor = try FloorRenderer(context: gpu, picture: (images.first ?? Self.floorPicture).filled(into: (pixels.width, pixels.height)))
        timer = try GPUTimer(context: gpu)
        machine = MachineInfo(cpu: MachineInfo.cpuModel(), cores: MachineInfo.activeCores,
                              glRenderer: gpu.info.renderer, glVersion: gpu.info.version, gpuTimer: timer.isAvailable)
    }

    /// Makes a picture pool of one layer per image (as many as the driver allows; cards reuse
    /// layers by id) and uploads each image into its layer, scaled to cover it and centre-cropped
    /// with its mip chain: the viewer's upload path (`makePicturePool`, `uploadPicture`).
    static func uploadPictures(_ images: [RGBAImage], into renderer: CardRenderer) throws {
        let size = CardRenderer.defaultLayerSize
        let count = min(images.count, renderer.pictureLayerLimit)
        try renderer.makePicturePool(layers: count, layerSize: size)
        for (layer, image) in images.prefix(count).enumerated() {
            try renderer.uploadPicture(image.poolLayerChain((size.width, size.height)), toLayer: layer)
        }
    }

    /// A picture for the floor when the run has none: a 640 × 400 gradient.
    static let floorPicture: RGBAImage = {
        var image = RGBAImage(width: 640, height: 400)
        for y in 0..<400 {
            for x in 0..<640 { image[x, y] = (UInt8(x * 255 / 639), UInt8(y * 255 / 399), 128, 255) }
        }
        return image
    }()

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
        return BenchmarkReport(machine: machine, settings: settings, imageLayers: imageLayerCount,
                               results: results, floor: Summary(floorSamples), maximumResidentBytes: ResourceUsage.maximumResidentBytes,
                               countsAllocations: AllocationCounter.isCounting)
    }

    /// Measures one scenario.
    public func measure(_ scenario: Scenario, progress: ((Int) -> Void)? = nil) throws -> ScenarioResult {
        let samples = scenario.runsViewerFrame ? try measureViewerFrames(scenario, progress: progress)
                                               : try measurePipeline(scenario, progress: progress)
        return ScenarioResult(scenario: scenario, samples: samples, trustsTimer: timerTimesDraws)
    }

    /// When true, each scenario's last measured frame is read back into `capturedFrame`
    /// (before the floor draws over it), for tests that look at what the benchmark drew.
    public var capturesLastFrame = false
    /// The last measured frame of the last scenario, when `capturesLastFrame`.
    public internal(set) var capturedFrame: RGBAImage?
    /// The image layers reported: the picture pool of the last viewer scenario, else the
    /// pipelines' images.
    var imageLayerCount: Int
    /// Every floor frame of the run so far, nanoseconds.
    private(set) var floorSamples: [Double] = []

    /// Draws and times one floor frame into `samples`.
    func recordFloorFrame(into samples: inout FrameSamples) throws {
        let start = MonotonicClock.now()
        try floor.draw()
        gpu.present()  // glFinish
        let nanoseconds = Double(MonotonicClock.now() &- start)
        samples.recordFloor(nanoseconds)
        floorSamples.append(nanoseconds)
    }
}

extension Scenario {
    /// True for the scrolling scenario: the viewer's session and frame (with or without the
    /// bulk writers); false for the layout-throughput pipelines.
    public var runsViewerFrame: Bool { scope == .visible && (path == .fast || path == .generic) }
}
