extension PictureResidency {
    /// Adds empty layers to `tier`'s pool up to `capacity` (see `LayerPool.grow(to:)`): every
    /// resident picture keeps its layer. Grow the tier's texture with it, copying its layers.
    public mutating func grow(_ tier: TierPool, to capacity: Int) {
        if tier == .card { card.grow(to: capacity) } else { full.grow(to: capacity) }
    }

    /// Shrinks `tier`'s pool to `capacity` layers (see `LayerPool.shrink(to:)`): the most
    /// recently used pictures keep a layer, moved down where theirs is past the new end; the
    /// evicted ones fade in again when they come back. Copy the returned moves into the tier's
    /// new, smaller texture.
    public mutating func shrink(_ tier: TierPool, to capacity: Int) -> LayerShrink {
        let result = tier == .card ? card.shrink(to: capacity) : full.shrink(to: capacity)
        for picture in result.evicted { lostTier(of: picture) }
        return result
    }
}
