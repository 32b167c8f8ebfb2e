import CardMath
import CardPictureDecoding
import CardPictureLoading
import CardPictures
import CardPixels
import CardThumbnails

/// A job of the picture workers: a picture brought to a texture layer, or a thumbnail saved
/// while the workers have nothing more urgent.
enum PictureJobKey: Hashable, Sendable {
    case picture(PictureKey)
    /// Saving the thumbnail of a picture (by its index).
    case thumbnail(Int32)
    /// Tiles of the photo view's picture (by its index) for a zoom past the screen's
    /// resolution (`ViewerPictures+Tiles.swift`): one batch at a time.
    case zoom(Int32)
    /// Thumbnailing a picture in the background (by its index, `ThumbnailBackfill`).
    case background(Int32)
}

/// Where background thumbnailing jobs queue: behind every picture request (whose priorities
/// are positions in a frame's demand), in the order they were handed out.
let backgroundPriorityBase = 1 << 40

/// What a worker is asked to do.
enum PictureJob: Sendable {
    case load(PictureLoad)
    case saveThumbnail(PendingThumbnail)
    /// Makes sure the picture has a thumbnail in this folder or a larger one
    /// (`ThumbnailCache.ensureThumbnail`).
    case makeThumbnail(path: String, size: ThumbnailSize, cache: ThumbnailCache)
    /// Tiles of the photo view's picture (`TileRequest`).
    case tiles(TileRequest)
}

/// What a worker hands back.
enum PictureJobOutput: Sendable {
    case picture(PreparedPicture)
    case thumbnailSaved
    /// A background thumbnail: true when it was made, false when it was there already.
    case thumbnailMade(Bool)
    /// The photo view's tiles.
    case tiles(TileBatch)
}

/// A picture to bring to a layer of one tier's texture.
struct PictureLoad: Sendable {
    /// The picture file.
    var path: String
    /// The layer's size, pixels: the picture is brought to exactly this size, stretched (the
    /// record's picture rectangle restores its aspect, `PictureFitting`).
    var layerSize: PixelSize
    /// True when the layer has mips (both tiers have): the mip chain is computed here, on the
    /// worker (the renderer uploads it level by level; `glGenerateMipmap` on the array would
    /// refilter every layer).
    var mipmapped: Bool
    /// The pools' generation the layer size belongs to (a resize makes new pools).
    var generation: Int
    /// The thumbnail cache to read (and write) through; `nil` decodes the file.
    var cache: ThumbnailCache?
    /// For the card tier: the thumbnail folder the card's size on screen asks for
    /// (`ThumbnailSize.forCard`): the picture is read (or decoded, and the thumbnail saved at
    /// once) at that size, then brought to the layer. `nil`: read at the layer's size.
    var thumbnailSize: ThumbnailSize?
    /// The first screen's pictures prepared while the window opened: a load it has (or is
    /// preparing) is taken from it (`FirstScreenPrefetch`).
    var prefetch: FirstScreenPrefetch? = nil
}

/// A picture ready to upload: its levels at the layer's size, and what the frame thread needs
/// to know about it.
struct PreparedPicture: Sendable {
    /// Level 0 at the layer's size, then (card tier) each level half the last, premultiplied.
    var levels: [RGBAImage]
    /// Whether every pixel is opaque (the upload tells the renderer: `CardRenderer.uploadPicture`).
    var opaque = true
    /// The picture's own size (upright), or the size of the thumbnail it came from when its
    /// writer did not record it: either gives the picture's aspect.
    var fullSize: PixelSize
    var generation: Int
    /// The thumbnail to save when the workers are idle (`ThumbnailSaving.later`).
    var pendingThumbnail: PendingThumbnail?
    /// True when the pixels came from a thumbnail (the picture file was not decoded).
    var fromThumbnail: Bool
    /// The detail asked for, pixels: the thumbnail folder's size for a card-tier load, else the
    /// layer's longer side (`PictureResidency.setCardDetail`).
    var detail = 0

    /// Bytes to upload.
    var byteCount: Int { levels.reduce(0) { $0 + $1.pixels.count } }
}

/// How the workers decode: within the command line's limits, each decode taking its estimated
/// memory from the budget all of them share (a worker waits for budget rather than exceed it).
struct PictureDecoding: Sendable {
    var limits: PictureLimits
    var budget: DecodeBudget?
    /// Whether the card tier's decodes may come from a JPEG's embedded preview
    /// (`PictureOptions.embeddedPreviews`).
    var embeddedPreviews = false
    /// One decode shared by the tiers for formats that decode whole (`WholeDecodeShare`).
    var share: WholeDecodeShare? = nil

    /// Decodes the picture at `path` at about `target` (`PictureDecoder`; the thumbnail cache's
    /// `Decode`). Only `.fit` targets — the card tier's and the background thumbnails', a
    /// thumbnail folder's square — may be served by an embedded preview that covers them; the
    /// full tier (`.stretch` to the framebuffer's layers) and the zoom (`.fullSize`) decode the
    /// main image.
    func decode(_ path: String, _ target: PictureTarget) throws -> DecodedPicture {
        var previews = false
        if embeddedPreviews, case .fit = target { previews = true }
        let decode = { (target: PictureTarget) in
            try PictureDecoder.decode(contentsOf: path, target: target, limits: limits, admission: budget.map(BudgetAdmission.init),
                                      embeddedPreviews: previews)
        }
        return try share?.decode(path, target, decode) ?? decode(target)
    }
}

/// A decode budget as the decoder's admission: a picture alone larger than the whole budget is
/// "too large" (it could never be decoded); a closed budget (the workers stopping) ends the
/// decode as unreadable, which nothing records.
struct BudgetAdmission: DecodeAdmission {
    let budget: DecodeBudget

    func admit<Result>(_ bytes: Int, name: String, _ body: () throws -> Result) throws -> Result {
        do {
            try budget.acquire(bytes)
        } catch .largerThanBudget(let capacity) {
            throw PictureError.tooMuchMemory(path: name, bytes: bytes, limit: capacity)
        } catch {
            throw PictureError.unreadable(path: name, reason: "the viewer is stopping")
        }
        defer { budget.release(bytes) }
        return try body()
    }
}

/// The work the picture workers run (thread-safe: no shared mutable state but the budget).
enum PictureWork {
    static func run(_ job: PictureJob, decoding: PictureDecoding) throws -> PictureJobOutput {
        switch job {
        case .load(let load):
            if let prefetch = load.prefetch, let prepared = try prefetch.take(load) { return .picture(prepared) }
            return .picture(try prepare(load, decoding: decoding))
        case .saveThumbnail(let pending):
            pending.save { try decoding.decode($0, $1) }
            return .thumbnailSaved
        case let .makeThumbnail(path, size, cache):
            return .thumbnailMade(try cache.ensureThumbnail(at: path, size: size) { try decoding.decode($0, $1) })
        case let .tiles(request):
            return .tiles(try request.run(decoding: decoding))
        }
    }

    /// Loads `load`'s picture into exactly the layer's size and computes its mip chain
    /// (alpha-premultiplied: `RGBAImage.premultipliedMipChain`). A card's
    /// picture (`thumbnailSize` set) is read at the thumbnail folder its card asks for — from
    /// the cache, or decoded at that size with the thumbnail saved at once — then stretched to
    /// the layer (magnified where the card needs fewer pixels than the layer holds: the card
    /// shows it at about the folder's size). Otherwise (the full tier) it is read at the layer's
    /// size (`PictureTarget.stretch`: from pixels that cover the layer, resampled once), through
    /// the cache when there is one.
    ///
    /// - Throws: `PictureError` naming the file.
    static func prepare(_ load: PictureLoad, decoding: PictureDecoding = PictureDecoding(limits: .standard)) throws -> PreparedPicture {
        let target = PictureTarget.stretch(load.layerSize)
        let image: RGBAImage, fullSize: PixelSize?
        var pending: PendingThumbnail?
        var fromThumbnail = false
        if let size = load.thumbnailSize {
            if let cache = load.cache {
                let loaded = try cache.loadPicture(at: load.path, for: size) { try decoding.decode($0, $1) }
                image = loaded.image
                fullSize = loaded.fullSize
                if case .thumbnail = loaded.origin { fromThumbnail = true }
            } else {
                let decoded = try decoding.decode(load.path, .fit(PixelSize(width: size.pixels, height: size.pixels)))
                image = decoded.image
                fullSize = decoded.fullSize
            }
        } else if let cache = load.cache {
            let loaded = try cache.loadPicture(at: load.path, target: target, saving: .later) { try decoding.decode($0, $1) }
            image = loaded.image
            fullSize = loaded.fullSize
            pending = loaded.pendingThumbnail
            if case .thumbnail = loaded.origin { fromThumbnail = true }
        } else {
            let decoded = try decoding.decode(load.path, target)
            image = decoded.image
            fullSize = decoded.fullSize
        }
        let layer = stretched(image, to: load.layerSize)
        // Premultiplied, as the picture textures hold pictures (an opaque one is unchanged).
        let chain = layer.premultipliedMipChainAndOpacity(levels: load.mipmapped ? nil : 1)
        return PreparedPicture(levels: chain.levels, opaque: chain.opaque,
                               fullSize: fullSize ?? PixelSize(width: image.width, height: image.height),
                               generation: load.generation, pendingThumbnail: pending, fromThumbnail: fromThumbnail,
                               detail: load.thumbnailSize?.pixels ?? max(load.layerSize.width, load.layerSize.height))
    }

    /// `image` at exactly `size` (any aspect): the fast area downscaler when both sides shrink,
    /// else the general resampler (bilinear along a side that grows).
    static func stretched(_ image: RGBAImage, to size: PixelSize) -> RGBAImage {
        if image.width == size.width, image.height == size.height { return image }
        if size.width <= image.width, size.height <= image.height { return AreaDownscaler.downscale(image, to: size) }
        return image.resized(width: size.width, height: size.height)
    }
}
