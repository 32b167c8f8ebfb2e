import CardMath

/// The sizes pictures are decoded at, and how many layers each tier's pool gets.
///
/// The target (issue 9): the whole viewer stays ≤ 400 MB peak while scrolling end to end through
/// 10,000 photos of 2048×1536. On llvmpipe textures live in system memory, so they count in
/// full. The budget, with the defaults here:
///
/// | what | bytes |
/// | --- | --- |
/// | the viewer without pictures (runtime, llvmpipe, framebuffers, 10k-card deck) | ≈ 100 MB |
/// | texture pools (`defaultTextureBudget`) | ≤ 120 MiB of texels; llvmpipe's RSS is ~1.7× that for the card tier's array (0.93 MB per 320² layer with mips: `bench --images`) |
/// | decodes in progress: per worker one full-size 2048×1536 RGBA image (12 MiB) + its result | ≤ 7 × 13 MiB |
/// | decoded results waiting for upload (`PictureSizing.completedLimit`) | ≤ 2 × workers + 2 results |
///
/// — about 350 MB with 7 workers; `workerCount(cores:)` caps the workers at 7 for that reason.
public enum PictureSizing {
    /// Bytes of texture memory both pools together may use by default: 120 MiB, of which up to
    /// `fullTierShare` goes to the full tier. (160 MiB took the viewer over the 400 MB target
    /// scrolling through 10,000 PNG photos on llvmpipe, where textures live in system memory at
    /// more than their texels' size: docs/BENCHMARKS.md, "The picture pipeline's constants".)
    public static let defaultTextureBudget = 120 << 20
    /// The part of the texture budget the full tier may take.
    public static let fullTierShare = 0.4
    /// The full tier's layer count: enough for the opened card or SlideBox's front photo and
    /// its neighbours, and for pages' five to seven large cards at rest; at least 2 whatever the
    /// budget says (the opened card and the next one).
    public static let fullTierLayers = 2...8
    /// The most workers `workerCount(cores:)` suggests: each holds a full-size decode.
    public static let maximumWorkers = 7

    /// The card tier's layer side, pixels: the thumbnail folder's side nearest a quarter of the
    /// framebuffer's longer side — 256 (`large`) up to 1920 pixels, 512 (`x-large`) past it.
    /// Layers are square so a picture of any aspect fits with its longer side at full
    /// resolution. A grid card (4 columns at 1280 points, 5 at 1440, 7 at 1920: ~245–285 points wide) and a
    /// wheel card (133×173 points) are within 1.25 × 256; larger cards ask for the full tier
    /// (`tier(forCardOnScreen:cardTierSide:)`). (A quarter rounded up to 32 made 320 and 384
    /// pixel layers that held 256-pixel thumbnails magnified: 2.25 × the memory at 1440×900, and
    /// a first screen that spent its time stretching and mipmapping; the peaks:
    /// docs/BENCHMARKS.md, "The picture pipeline's constants".)
    public static func cardTierSide(framebuffer: PixelSize) -> Int {
        let longer = Double(max(framebuffer.width, framebuffer.height, 0))
        return longer * 0.25 <= 480 ? 256 : 512
    }

    /// The full tier's layer size: the framebuffer's (HiDPI included), at most `maxTextureSize`
    /// on a side, at least 1×1.
    public static func fullTierSize(framebuffer: PixelSize, maxTextureSize: Int = 16_384) -> PixelSize {
        PixelSize(width: min(max(framebuffer.width, 1), maxTextureSize),
                    height: min(max(framebuffer.height, 1), maxTextureSize))
    }

    /// The tier a card wants for its size on screen (its projected bounds, framebuffer pixels):
    /// `.full` once its longer side is more than 1.25 × the card tier's side (a card-tier picture
    /// would be magnified visibly), else `.card`.
    public static func tier(forCardOnScreen size: Size, cardTierSide: Int) -> TierPool {
        guard size.isFinite else { return .card }
        return max(size.width, size.height) > 1.25 * Double(cardTierSide) ? .full : .card
    }

    /// The size to decode a picture of `picture` pixels at for a layer of `box` pixels: the
    /// largest size of the picture's aspect that fits in the box, never larger than the picture
    /// itself (no upscaling), at least 1×1. An empty picture gives the box.
    public static func decodeSize(picture: PixelSize, box: PixelSize) -> PixelSize {
        guard !picture.isEmpty else { return box }
        guard !box.isEmpty else { return PixelSize(width: 1, height: 1) }
        let scale = min(Double(box.width) / Double(picture.width), Double(box.height) / Double(picture.height), 1)
        return PixelSize(width: max(1, min(box.width, Int((Double(picture.width) * scale).rounded()))),
                           height: max(1, min(box.height, Int((Double(picture.height) * scale).rounded()))))
    }

    /// Decode workers for `cores` CPU cores: one core stays with the frame loop; at least 1, at
    /// most `maximumWorkers` (memory, see the type's notes).
    public static func workerCount(cores: Int) -> Int {
        min(max(cores - 1, 1), maximumWorkers)
    }

    /// Decodes requested at once: the workers plus a queue as long (at least 2), so a worker that
    /// finishes finds the next job waiting, and a fast scroll cancels at most that many.
    public static func maxInFlight(workers: Int) -> Int {
        let workers = max(workers, 1)
        return workers + max(workers, 2)
    }

    /// Decoded results the workers may hold for the frame loop before they pause: two per worker
    /// and two more. The frame loop takes results only between frames; with two per worker, one
    /// worker stood idle through most frames drawn while a screen of pictures arrived (its two
    /// results waiting for the frame's end; measured: docs/BENCHMARKS.md, "The picture
    /// pipeline's constants").
    public static func completedLimit(workers: Int) -> Int { 2 * max(workers, 1) + 2 }

    /// The pools for a framebuffer.
    public struct PoolPlan: Sendable, Equatable {
        /// The card tier's square layer side, pixels.
        public var cardSide: Int
        public var cardLayers: Int
        /// The full tier's layer size, pixels.
        public var fullSize: PixelSize
        public var fullLayers: Int

        /// Texture bytes of both pools (RGBA8; a third more each if mipmapped).
        public func bytes(mipmapped: Bool = false) -> Int {
            let base = cardLayers * cardSide * cardSide * 4 + fullLayers * fullSize.rgbaBytes
            return mipmapped ? base + base / 3 : base
        }
    }

    /// The pools for `framebuffer` within `budget` bytes: the full tier takes up to
    /// `fullTierShare` of it (layers within `fullTierLayers`), the card tier the rest. The card
    /// tier always gets at least `3 × visibleCards` layers — the cards in view, one screen ahead
    /// and one behind — even past the budget (cards in view must fit, or they would evict each
    /// other), and at most `maxLayers` (the context's GL_MAX_ARRAY_TEXTURE_LAYERS; 256 is what
    /// every OpenGL 3.3 driver has).
    ///
    /// With the default budget and 30 cards in view, the layer counts follow from the sides
    /// (`SizingTests` checks the arithmetic); the card tier is capped at `maxLayers`.
    public static func poolPlan(framebuffer: PixelSize, visibleCards: Int = 40, budget: Int = defaultTextureBudget,
                                maxLayers: Int = 256, mipmapped: Bool = false) -> PoolPlan {
        let side = cardTierSide(framebuffer: framebuffer)
        let full = fullTierSize(framebuffer: framebuffer)
        let growth = mipmapped ? 4.0 / 3 : 1
        let fullBytes = Double(full.rgbaBytes) * growth
        let fullBudget = Double(max(budget, 0)) * fullTierShare
        var fullLayers = min(max(Int(fullBudget / fullBytes), fullTierLayers.lowerBound), fullTierLayers.upperBound)
        let cardBytes = Double(side * side * 4) * growth
        let needed = 3 * max(visibleCards, 1)
        // The cards in view come first: the full tier gives layers back, down to its minimum,
        // while the card tier's minimum does not fit beside it.
        let neededBytes = Double(min(needed, max(maxLayers, 1))) * cardBytes
        while fullLayers > fullTierLayers.lowerBound, Double(max(budget, 0)) - Double(fullLayers) * fullBytes < neededBytes {
            fullLayers -= 1
        }
        let cardBudget = Double(max(budget, 0)) - Double(fullLayers) * fullBytes
        let affordable = Int(max(cardBudget, 0) / cardBytes)
        let cardLayers = min(max(affordable, needed), max(maxLayers, 1))
        return PoolPlan(cardSide: side, cardLayers: cardLayers, fullSize: full, fullLayers: fullLayers)
    }
}
