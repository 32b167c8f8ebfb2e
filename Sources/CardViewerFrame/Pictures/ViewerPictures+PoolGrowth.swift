import CardMath
import CardPictures
import CardRendering
import CardViewerCore

/// The pools follow what is shown (SPEC §10 "Memory grows with what is shown"): each frame's
/// demand — the distinct pictures of the cards in view and their neighbourhood, and the titles
/// in view — is counted (`PoolNeeds`); a pool that needs more layers doubles at once, up to the
/// plan for the framebuffer, its layers copied into the larger texture on the GPU; after
/// `PoolGrowth.defaultIdleSeconds` at rest with fewer layers in use it shrinks, the most
/// recently used pictures kept (moved down into the smaller texture), the rest forgotten. The
/// steps are each `PictureTier`'s (`PictureTier+Textures.swift`); what is the pictures' own
/// stays here: the full tier waits for the sizes of the pictures in view, and its layers are as
/// large as they need.
extension ViewerPictures {
    /// The card tier's layers at the start: a screen of a small folder, or the bundled deck.
    static let initialCardLayers = 16
    /// The title atlas's slots at the start.
    static let initialTitleSlots = 16

    /// Grows (or, with `allowShrink`, shrinks) the card and full tiers for the demand the last
    /// frame recorded. Call between frames with `allowShrink` (a shrink renumbers layers the
    /// records of a frame being drawn point at); growing keeps every layer, so a frame being
    /// decorated may grow its pools.
    ///
    /// - Returns: true when a frame should be drawn: a pool shrank (its old texture is let go
    ///   when a draw binds the new one), or a texture's layers could not be copied (its pictures
    ///   are asked for again).
    /// - Throws: `RenderError` when a texture cannot be re-created (the pool stays as it was).
    @discardableResult
    func adaptPools(allowShrink: Bool) throws -> Bool {
        guard plan != nil else { return false }
        var changed = false
        let needs = pictureTier.countNeeds()
        let atRest = allowShrink && !session.needsFrames
        let time = session.time
        // A shrink draws a frame: the driver lets go of the old, larger texture only when a draw
        // binds the new one (measured on llvmpipe: at rest, without a frame, it stayed resident).
        if try pictureTier.adapt(.card, needed: needs.card, time: time, atRest: atRest, on: renderer,
                                 freshLayerSize: { _ in nil }) {
            changed = true
        }
        // The full tier grows once the sizes of the pictures in view are known (from their
        // card-tier decodes, which come first): growing one layer per arriving size would
        // re-create framebuffer-sized textures several times, each time holding old and new.
        if !sizesUnknownInView {
            // Measured before `adapt`: it reads the residency, which `adapt` holds exclusively.
            let fresh = fullLayerSizeNeeded(for: pictureTier.demand) ?? framebuffer
            if try pictureTier.adapt(.full, needed: needs.full, time: time, atRest: atRest, on: renderer,
                                     freshLayerSize: { _ in fresh }) {
                changed = true
            }
            if try enlargeFullLayersIfNeeded() { changed = true }
        }
        session.pictureWakeTime = PictureTier.earliest(pictureTier.shrinkDue, titleTier.shrinkDue)
        return changed
    }

    /// Grows or shrinks the title atlas for the titles the last frame showed (between frames),
    /// or grows it for `needed` titles (a frame being decorated: it never shrinks then).
    func adaptTitleAtlas(needed wanted: Int? = nil) throws {
        guard titleWorkers != nil, !titlesFailed, !titleSlotSize.isEmpty else { return }
        let needed = wanted ?? titleTier.countNeeds().card
        if wanted != nil, needed <= titleTier.capacity(of: .card) { return }
        _ = try titleTier.adapt(.card, needed: needed, time: session.time, atRest: !session.needsFrames, on: renderer,
                                freshLayerSize: { _ in nil })
    }

    /// True when a card of the last frame shows a picture whose size is not known yet (not
    /// decoded, not unreadable). - Complexity: O(cards in view).
    private var sizesUnknownInView: Bool {
        for index in visible.indices {
            let picture = Int(visible[index].picture)
            if picture >= 0, picture < longSides.count, longSides[picture] == 0, !pictureTier.residency.isUnreadable(picture) {
                return true
            }
        }
        return false
    }

    /// Records `picture`'s upright size in pixels, not empty (a decode's `fullSize`, or the
    /// prefetch's for the same picture): its aspect, its size and its longer side.
    func noteFullSize(_ picture: Int, _ size: PixelSize) {
        guard picture >= 0, picture < aspects.count, picture < fullSizes.count else { return }
        aspects[picture] = Float(size.width) / Float(size.height)
        fullSizes[picture] = size
        notePictureSize(picture, size)
    }

    /// Records `picture`'s upright size in pixels (from its first decode).
    func notePictureSize(_ picture: Int, _ size: PixelSize) {
        guard picture >= 0, picture < longSides.count else { return }
        longSides[picture] = Int32(clamping: max(size.width, size.height))
    }

    /// True when `picture` has more detail than a card-tier layer of `cardSide` pixels holds:
    /// its longer side is over `PictureSizing.tier`'s 1.25 × the side. A smaller picture (a
    /// folder of small images) is whole in the card tier, and a framebuffer-sized full-tier
    /// layer (5.5 MB at 1280×800 with mips) would only magnify it; unknown sizes wait for the
    /// first decode (the card tier comes first anyway).
    func wantsFullTier(_ picture: Int, cardSide: Int) -> Bool {
        guard picture >= 0, picture < longSides.count else { return false }
        return Double(longSides[picture]) > 1.25 * Double(cardSide)
    }

    /// The full tier's layer size for the pictures the last frame wants at the full tier (in
    /// view or ahead): per axis the largest of their decode sizes for the framebuffer
    /// (`PictureSizing.decodeSize`: never more than a picture's own pixels) or, for a resting
    /// card drawn from its `x-large` thumbnail (`fullTierThumbnail(for:)`), for the thumbnail's
    /// 512 × 512 box; the framebuffer for a picture whose size is not known yet. (Pages' resting
    /// cards of 12 MP photos take 512 × 384 layers; the first opened picture re-creates them at
    /// the framebuffer's fit, `enlargeFullLayersIfNeeded`.) Pictures are stretched into their layer, so
    /// a layer as large as the largest picture on each axis holds every one of them at full
    /// detail: a deck of 640×400 pictures takes 640×400 layers, not the window's (the bundled
    /// deck in pages at 1280×800: 1.4 MB a layer with mips instead of 5.5 MB). `nil` when the
    /// demand wants no picture at the full tier (while the content scrolls, or no large card):
    /// nothing to say about the layers' size then (it once said "the framebuffer", and every
    /// scroll re-created the bundled deck's 640×400 layers at 1280×800: 4 × the memory).
    /// - Complexity: O(demand); no allocation.
    func fullLayerSizeNeeded(for demand: PictureDemand) -> PixelSize? {
        var width = 0, height = 0
        let entries = demand.entries
        var index = 0
        // Index loops: a for-in over an array of structs allocates per element in debug builds.
        while index < entries.count {
            let entry = entries[index]
            index += 1
            guard entry.key.tier == .full, entry.band != .behind else { continue }
            let picture = Int(entry.key.picture)
            let known = picture >= 0 && picture < fullSizes.count && !fullSizes[picture].isEmpty
            // A resting card drawn from its x-large thumbnail needs no more than the thumbnail.
            let box = fullTierThumbnail(for: picture).map { PixelSize(width: $0.pixels, height: $0.pixels) } ?? framebuffer
            let size = known ? PictureSizing.decodeSize(picture: fullSizes[picture], box: box) : framebuffer
            width = max(width, size.width)
            height = max(height, size.height)
        }
        if width == 0 || height == 0 { return nil }
        return PixelSize(width: min(width, framebuffer.width), height: min(height, framebuffer.height))
    }

    /// Re-creates the full tier with larger layers when a picture it should hold needs more
    /// pixels than its layers have (a larger picture came into view): its pictures are
    /// forgotten and asked for again at the new size. Layers only grow here; a full tier that
    /// shrank to no layer is sized afresh when it grows again. Returns true when it was re-created.
    private func enlargeFullLayersIfNeeded() throws -> Bool {
        let layerSize = pictureTier.layerSize(of: .full)
        guard pictureTier.capacity(of: .full) > 0, !layerSize.isEmpty else { return false }
        guard let needed = fullLayerSizeNeeded(for: pictureTier.demand),
              needed.width > layerSize.width || needed.height > layerSize.height else { return false }
        let size = PixelSize(width: max(needed.width, layerSize.width), height: max(needed.height, layerSize.height))
        try pictureTier.remake(.full, layerSize: size, on: renderer)
        return true
    }
}
