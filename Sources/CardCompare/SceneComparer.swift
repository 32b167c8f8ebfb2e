import CardMath
import CardPacking
import CardPixels
import CardRendering

/// Renders scenes headless (EGL) in every ordering and compares them with the exact reference.
///
/// One offscreen context and renderer for all scenes, single-sampled so identity colours come
/// back exactly. Not thread-safe: one comparer per thread.
public final class SceneComparer {
    /// The image size, pixels.
    public let pixels: PixelSize
    /// The driver the frames are drawn with.
    public var driver: GLInfo { context.info }
    private let context: EGLOffscreenContext
    private let renderer: CardRenderer
    /// Packs each frame's cards into records (its buffers kept between frames).
    private var packer = InstancePacker()

    /// The orderings compared: name, ordering, translucency.
    public static let orderings: [(name: String, ordering: RenderOrdering, translucency: Translucency)] = [
        ("zindex", .zindex, .peeled), ("depth", .depth, .peeled), ("depth-sorted", .depth, .sorted),
    ]

    /// - Throws: `RenderError` when headless OpenGL 3.3 is not available or the size is too large.
    public init(pixels: PixelSize) throws {
        self.pixels = pixels
        context = try EGLOffscreenContext(size: pixels, samples: 1)
        renderer = try CardRenderer(context: context)
    }

    /// Draws `scene` once untimed (to warm up: shaders, peeling targets), then `repeats` times
    /// timed; returns the last frame, the median time and the last frame's statistics.
    public func render(_ scene: CompareScene, ordering: RenderOrdering, translucency: Translucency,
                       repeats: Int = 1) throws -> (image: RGBAImage, milliseconds: Double, stats: RenderStats) {
        let frame = scene.frame(ordering: ordering, translucency: translucency)
        try draw(frame)
        context.present()
        var times: [Double] = []
        var stats = RenderStats()
        let clock = ContinuousClock()
        for _ in 0..<max(1, repeats) {
            let start = clock.now
            stats = try draw(frame)
            context.present()
            times.append(Self.milliseconds(clock.now - start))
        }
        return (try context.readPixels(), Self.median(times), stats)
    }

    /// Packs `frame` (card `id` shows picture layer `id % layers`) and draws it.
    @discardableResult
    private func draw(_ frame: RenderFrame) throws -> RenderStats {
        packer.pack(frame, layers: LayerChoice(count: renderer.imageLayerCount))
        return try renderer.render(packer, camera: frame.camera, shading: frame.shading, translucency: frame.translucency)
    }

    /// The reference, its mask and every ordering's result for `scene`.
    public func compare(_ scene: CompareScene, repeats: Int = 1,
                        tolerance: Int = ImageDifference.defaultTolerance) throws -> SceneComparison {
        let clock = ContinuousClock()
        let start = clock.now
        let reference = ExactReference.render(scene, pixels: pixels)
        let referenceTime = Self.milliseconds(clock.now - start)
        let mask = ExclusionMask(reference)
        var results: [OrderingResult] = []
        for (name, ordering, translucency) in Self.orderings {
            let drawn = try render(scene, ordering: ordering, translucency: translucency, repeats: repeats)
            results.append(OrderingResult(name: name, ordering: ordering, translucency: translucency, image: drawn.image,
                                          difference: ImageDifference(drawn.image, reference: reference, mask: mask,
                                                                      tolerance: tolerance),
                                          milliseconds: drawn.milliseconds, stats: drawn.stats))
        }
        return SceneComparison(scene: scene, reference: reference, mask: mask, results: results,
                               referenceMilliseconds: referenceTime)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
