import CardMath
import CardPictures
import CardRendering
import CardViewerCore

/// The pools follow what is shown (SPEC §10 "Memory grows with what is shown"): each frame's
/// demand — the distinct pictures of the cards in view and their neighbourhood, and the titles
/// in view — is counted (`PoolNeeds`); a pool that needs more layers doubles at once, up to the
/// plan for the framebuffer, its layers copied into the larger texture on the GPU; after
/// `PoolGrowth.defaultIdleSeconds` at rest with fewer layers in use it shrinks, the most
/// recently used pictures kept (moved down into the smaller texture), the rest forgotten.
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
        let needs = cardNeeds.count(demand, pictureCount: residency.pictureCount)
        let atRest = allowShrink && !session.needsFrames
        let time = session.time
        // A shrink draws a frame: the driver lets go of the old, larger texture only when a draw
        // binds the new one (measured on llvmpipe: at rest, without a frame, it stayed resident).
        let cardBefore = residency.capacity(of: .card), fullBefore = residency.capacity(of: .full)
        if let capacity = cardGrowth.update(needed: needs.card, time: time, atRest: atRest) {
            if try !resize(.card, to: capacity) || capacity < cardBefore { changed = true }
        }
        // The full tier grows once the sizes of the pictures in view are known (from their
        // card-tier decodes, which come first): growing one layer per arriving size would
        // re-create framebuffer-sized textures several times, each time holding old and new.
        if !sizesUnknownInView, let capacity = fullGrowth.update(needed: needs.full, time: time, atRest: atRest) {
            if try !resize(.full, to: capacity) || capacity < fullBefore { changed = true }
        }
        if !sizesUnknownInView, try enlargeFullLayersIfNeeded() { changed = true }
        session.pictureWakeTime = [cardGrowth.shrinkDue, fullGrowth.shrinkDue, titleGrowth.shrinkDue].compactMap { $0 }.min()
        return changed
    }

    /// Grows or shrinks the title atlas for the titles the last frame showed (between frames),
    /// or grows it for `needed` titles (a frame being decorated: it never shrinks then).
    func adaptTitleAtlas(needed wanted: Int? = nil) throws {
        guard titleWorkers != nil, !titlesFailed, !titleSlotSize.isEmpty else { return }
        let needed = wanted ?? titleNeeds.count(titleDemand, pictureCount: titleResidency.pictureCount).card
        if wanted != nil, needed <= titleResidency.capacity(of: .card) { return }
        guard let capacity = titleGrowth.update(needed: needed, time: session.time, atRest: !session.needsFrames) else { return }
        let old = titleResidency.capacity(of: .card)
        if capacity > old {
            titleResidency.grow(.card, to: capacity)
            if old == 0 {
                try renderer.makeTitleAtlas(slots: capacity, slotSize: titleSlotSize)
            } else if try !renderer.resizeTitleAtlas(slots: capacity) {
                forgetAll(inTitles: true)
            }
        } else {
            let shrink = titleResidency.shrink(.card, to: capacity)
            if try !renderer.resizeTitleAtlas(slots: shrink.capacity, moves: shrink.moves.map { ($0.from, $0.to) }) {
                forgetAll(inTitles: true)
            }
        }
    }

    /// True when a card of the last frame shows a picture whose size is not known yet (not
    /// decoded, not unreadable). - Complexity: O(cards in view).
    private var sizesUnknownInView: Bool {
        for index in visible.indices {
            let picture = Int(visible[index].picture)
            if picture >= 0, picture < longSides.count, longSides[picture] == 0, !residency.isUnreadable(picture) { return true }
        }
        return false
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

    /// Resizes `tier`'s pool and texture to `capacity` layers, keeping its pictures (a shrink
    /// keeps the most recently used ones). Returns false when its layers could not be copied
    /// (its pictures are forgotten and asked for again).
    private func resize(_ tier: TierPool, to capacity: Int) throws -> Bool {
        let old = residency.capacity(of: tier)
        guard capacity != old, let plan else { return true }
        var copied: Bool
        if capacity > old {
            if old == 0 {
                // Nothing to keep: a fresh texture of the tier's size.
                if tier == .card {
                    try renderer.makePicturePool(layers: capacity, layerSize: PixelSize(width: plan.cardSide, height: plan.cardSide))
                } else {
                    fullLayerSize = fullLayerSizeNeeded()
                    try renderer.makeFullResolutionPictures(layers: capacity, size: fullLayerSize)
                }
                copied = true
            } else {
                copied = tier == .card ? try renderer.resizePicturePool(layers: capacity)
                    : try renderer.resizeFullResolutionPictures(layers: capacity)
            }
            residency.grow(tier, to: capacity)
        } else {
            let shrink = residency.shrink(tier, to: capacity)
            let moves = shrink.kept.map { (from: $0.from, to: $0.to) }
            copied = tier == .card ? try renderer.resizePicturePool(layers: shrink.capacity, moves: moves)
                : try renderer.resizeFullResolutionPictures(layers: shrink.capacity, moves: moves)
        }
        if !copied { forgetAll(tier) }
        return copied
    }

    /// The full tier's layer size for the pictures the last frame wants at the full tier (in
    /// view or ahead): per axis the largest of their decode sizes for the framebuffer
    /// (`PictureSizing.decodeSize`: never more than a picture's own pixels), the framebuffer
    /// for a picture whose size is not known yet. Pictures are stretched into their layer, so
    /// a layer as large as the largest picture on each axis holds every one of them at full
    /// detail: a deck of 640×400 pictures takes 640×400 layers, not the window's (the bundled
    /// deck in pages at 1280×800: 1.4 MB a layer with mips instead of 5.5 MB).
    /// - Complexity: O(demand).
    func fullLayerSizeNeeded() -> PixelSize {
        var width = 0, height = 0
        for entry in demand.entries where entry.key.tier == .full && entry.band != .behind {
            let picture = Int(entry.key.picture)
            let known = picture >= 0 && picture < fullSizes.count && !fullSizes[picture].isEmpty
            let size = known ? PictureSizing.decodeSize(picture: fullSizes[picture], box: framebuffer) : framebuffer
            width = max(width, size.width)
            height = max(height, size.height)
        }
        if width == 0 || height == 0 { return framebuffer }
        return PixelSize(width: min(width, framebuffer.width), height: min(height, framebuffer.height))
    }

    /// Re-creates the full tier with larger layers when a picture it should hold needs more
    /// pixels than its layers have (a larger picture came into view): its pictures are
    /// forgotten and asked for again at the new size. Layers only grow here; a full tier that
    /// shrank to no layer is sized afresh when it grows again. Returns true when it was re-created.
    private func enlargeFullLayersIfNeeded() throws -> Bool {
        let capacity = residency.capacity(of: .full)
        guard capacity > 0, !fullLayerSize.isEmpty else { return false }
        let needed = fullLayerSizeNeeded()
        guard needed.width > fullLayerSize.width || needed.height > fullLayerSize.height else { return false }
        let size = PixelSize(width: max(needed.width, fullLayerSize.width), height: max(needed.height, fullLayerSize.height))
        forgetAll(.full)
        try renderer.makeFullResolutionPictures(layers: capacity, size: size)
        fullLayerSize = size
        return true
    }

    /// Forgets every picture of `tier` (its texture's layers were not copied): they are asked
    /// for again.
    private func forgetAll(_ tier: TierPool) {
        let pool = residency.pool(tier)
        for layer in 0..<pool.capacity {
            if let picture = pool.picture(in: layer) { residency.forget(PictureKey(picture, tier)) }
        }
    }

    /// Forgets every title in the atlas (its slots were not copied).
    private func forgetAll(inTitles: Bool) {
        let pool = titleResidency.pool(.card)
        for slot in 0..<pool.capacity {
            if let id = pool.picture(in: slot) { titleResidency.forget(PictureKey(id, .card)) }
        }
    }
}
