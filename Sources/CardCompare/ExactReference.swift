import CardLayout
import CardMath
import CardPixels
import CardRendering
import Dispatch

/// Which answer a reference gives at each pixel.
public enum ReferenceVisibility: String, Sendable {
    /// What a correct 3D renderer shows: the cards the pixel's ray meets, sorted by depth,
    /// nearest first; hits within `CoplanarOrder.tolerance` (0.1 points) of depth of each other
    /// are coplanar and ordered by `depthBias`, the larger in front, then by depth (exact depth
    /// ties: the higher zIndex, then index, in front).
    case exact
    /// Core Animation's painter's algorithm: the same cards sorted by zIndex, then index, the
    /// highest on top, whatever their depth. What `zindex` ordering should draw.
    case painter
}

/// The CPU reference frame of a scene: per pixel, the ray from the eye through the pixel's
/// center against every card, with the camera and matrices the GPU uses, in Double.
///
/// Colours are identity colours (`CardShading.identity`) on black, so a GPU frame can be
/// compared channel by channel: an opaque card's colour exactly, translucent cards composited
/// back to front with straight-alpha "over" (`c = a·card + (1 − a)·c`, the GPU's blend
/// equation), rounded to 8 bits once at the end.
public struct ReferenceImage: Sendable {
    /// The expected frame, top row first, alpha 255.
    public var image: RGBAImage
    /// Per pixel (row-major, top row first): a hash of the ordered list of cards seen, front to
    /// back, up to and including the first opaque one; equal lists give equal hashes.
    public var signatures: [UInt64]
    /// Per pixel: whether the outline of a card that could be seen there passes within the
    /// outline margin of the pixel's center (where rasterisation may round either way).
    public var nearOutline: [Bool]
    /// Cards the reference drew (after dropping hidden, transparent and degenerate ones).
    public var cardCount: Int

    public var width: Int { image.width }
    public var height: Int { image.height }
}

/// Computes `ReferenceImage`s.
public enum ExactReference {
    /// The reference frame of `scene` at `pixels` (the scene's viewport maps onto the whole
    /// image, as the renderer maps it onto the drawable).
    ///
    /// - Parameters:
    ///   - outlineMargin: how close to a card's outline a pixel's center counts as "on the
    ///     edge", in pixels.
    /// - Complexity: O(pixels · k) with k the cards whose screen bounds cover a pixel's 8 × 8
    ///   tile, plus O(n · tiles covered) to bin the n cards; rows run in parallel.
    public static func render(_ scene: CompareScene, pixels: PixelSize, visibility: ReferenceVisibility = .exact,
                              outlineMargin: Double = 1) -> ReferenceImage {
        let w = pixels.width, h = pixels.height
        let camera = scene.camera
        let kept = scene.cards.filter { ProjectedCard($0, offset: scene.offset, camera: camera) != nil }
        let cards = kept.compactMap { ProjectedCard($0, offset: scene.offset, camera: camera) }
        guard w > 0, h > 0 else {
            return ReferenceImage(image: RGBAImage(width: w, height: h), signatures: [], nearOutline: [], cardCount: cards.count)
        }
        let bins = ScreenBins(kept, offset: scene.offset, camera: camera, pixels: pixels)
        var colors = [UInt8](repeating: 0, count: w * h * 4)
        var signatures = [UInt64](repeating: 0, count: w * h)
        var near = [Bool](repeating: false, count: w * h)
        let bands = min(h, 16)
        colors.withUnsafeMutableBufferPointer { colorOut in
            signatures.withUnsafeMutableBufferPointer { signatureOut in
                near.withUnsafeMutableBufferPointer { nearOut in
                    let output = PixelOutput(colors: colorOut, signatures: signatureOut, near: nearOut)
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        var tracer = PixelTracer(cards: cards, camera: camera, pixels: pixels, visibility: visibility,
                                                 outlineMargin: outlineMargin)
                        for y in stride(from: band, to: h, by: bands) {
                            for x in 0..<w { tracer.trace(x: x, y: y, candidates: bins.cards(x: x, y: y), into: output) }
                        }
                    }
                }
            }
        }
        return ReferenceImage(image: RGBAImage(width: w, height: h, pixels: colors), signatures: signatures,
                              nearOutline: near, cardCount: cards.count)
    }
}

/// Where the tracer writes: disjoint rows of the three per-pixel arrays, one band per worker.
struct PixelOutput: @unchecked Sendable {
    let colors: UnsafeMutableBufferPointer<UInt8>
    let signatures: UnsafeMutableBufferPointer<UInt64>
    let near: UnsafeMutableBufferPointer<Bool>
}
