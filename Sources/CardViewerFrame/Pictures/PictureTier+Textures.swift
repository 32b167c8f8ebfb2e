import CardMath
import CardPictures
import CardPixels
import CardRendering

/// A tier's pools as the renderer's textures (SPEC §10 "Memory grows with what is shown"): the
/// pictures' card pool is the picture pool, their full pool the full-resolution pictures, the
/// titles' pool the title atlas. A pool grows and shrinks with its texture — re-created with
/// another layer count, the layers it keeps copied on the GPU (`glCopyImageSubData`), or its
/// keys forgotten and asked for again where they cannot be.
///
/// Frame thread, with the renderer's context current (the renderer makes it so).
extension PictureTier {
    /// Makes every pool's texture afresh at its layer count and layer size (a pool of no layer
    /// frees its texture), the card pool first: after `startPools`.
    func makeTextures(on renderer: CardRenderer) throws {
        try makeTexture(.card, layers: capacity(of: .card), on: renderer)
        try makeTexture(.full, layers: capacity(of: .full), on: renderer)
    }

    /// Takes one frame's need of `pool` (`nextCapacity`) and resizes the pool and its texture
    /// when its growth says so; a pool that grows from no layer gets layers of
    /// `freshLayerSize(demand)` pixels (the full tier: as large as the pictures it will hold
    /// need), `nil` keeping the size it has.
    ///
    /// - Returns: true when a frame should be drawn: the pool shrank (the driver lets go of the
    ///   old, larger texture only when a draw binds the new one), or its layers could not be
    ///   copied (its keys are asked for again).
    /// - Throws: `RenderError` when the texture cannot be re-created (see `resize`).
    /// - Complexity: O(log of the pool's maximum) when nothing changes, no allocation.
    mutating func adapt(_ pool: TierPool, needed: Int, time: Double, atRest: Bool, on renderer: CardRenderer,
                        freshLayerSize: (PictureDemand) -> PixelSize?) throws -> Bool {
        let before = capacity(of: pool)
        guard let layers = nextCapacity(of: pool, needed: needed, time: time, atRest: atRest) else { return false }
        let fresh = before == 0 && layers > 0 ? freshLayerSize(demand) : nil
        let copied = try resize(pool, to: layers, freshLayerSize: fresh, on: renderer)
        return !copied || layers < before
    }

    /// Resizes `pool` and its texture to `layers` layers, keeping its keys: growing keeps every
    /// layer where it is, shrinking keeps the most recently used keys (moved down into the
    /// smaller texture with their keys, `LayerPool.shrink`). A pool growing from no layer is
    /// made afresh, at `freshLayerSize` when given. Returns false when the layers could not be
    /// copied: the pool's keys are forgotten (asked for again).
    ///
    /// - Throws: `RenderError` when the texture cannot be re-created: a growing pool stays as it
    ///   was (the texture first); a shrinking one has shrunk, its old texture kept.
    mutating func resize(_ pool: TierPool, to layers: Int, freshLayerSize: PixelSize?, on renderer: CardRenderer) throws -> Bool {
        let old = capacity(of: pool)
        guard layers != old else { return true }
        let copied: Bool
        if layers > old {
            if old == 0 {
                // Nothing to keep: a fresh texture of the pool's layer size.
                if let freshLayerSize { setLayerSize(freshLayerSize, of: pool) }
                try makeTexture(pool, layers: layers, on: renderer)
                copied = true
            } else {
                copied = try resizeTexture(pool, layers: layers, moves: nil, on: renderer)
            }
            residency.grow(pool, to: layers)
        } else {
            // Every kept layer is copied, those that stay in place too: the texture is new.
            let shrink = residency.shrink(pool, to: layers)
            copied = try resizeTexture(pool, layers: shrink.capacity, moves: shrink.kept.map { (from: $0.from, to: $0.to) },
                                       on: renderer)
        }
        if !copied { forgetAll(pool) }
        return copied
    }

    /// Makes `pool`'s texture anew with layers of `size` pixels, as many as it has: its keys are
    /// forgotten and asked for again at the new size (the full tier re-created larger).
    mutating func remake(_ pool: TierPool, layerSize size: PixelSize, on renderer: CardRenderer) throws {
        forgetAll(pool)
        try makeTexture(pool, layers: capacity(of: pool), layerSize: size, on: renderer)
        setLayerSize(size, of: pool)
    }

    /// Uploads a picture's mip chain (level 0 at the pool's layer size, alpha-premultiplied:
    /// `RGBAImage.premultipliedMipChain()`) into `layer` of `pool`, a layer the residency
    /// assigned for this frame; `opaque` as `CardRenderer.uploadPicture` takes it.
    ///
    /// - Throws: `RenderError.invalidUpload` for levels of the wrong size or a layer outside the
    ///   texture, or for a tier that holds no RGBA pictures; the GL error raised while uploading.
    func upload(_ levels: [RGBAImage], opaque: Bool? = nil, into pool: TierPool, layer: Int, on renderer: CardRenderer) throws {
        switch (content, pool) {
        case (.pictures, .card): try renderer.uploadPicture(levels, toLayer: layer, opaque: opaque)
        case (.pictures, .full): try renderer.uploadFullResolutionPicture(levels, toLayer: layer, opaque: opaque)
        case (.titles, _): throw RenderError.invalidUpload("a picture for the title atlas")
        }
    }

    /// Uploads a title's coverage (`width × height` bytes) into slot `layer` of the title atlas.
    ///
    /// - Throws: as `CardRenderer.uploadTitle`; `RenderError.invalidUpload` for a tier that is no
    ///   title atlas.
    func upload(coverage: [UInt8], width: Int, height: Int, into pool: TierPool, layer: Int, on renderer: CardRenderer) throws {
        switch (content, pool) {
        case (.titles, .card): try renderer.uploadTitle(coverage: coverage, width: width, height: height, toSlot: layer)
        default: throw RenderError.invalidUpload("a title for a texture of pictures")
        }
    }

    /// Makes `pool`'s texture with `layers` layers of `size` pixels (the pool's own by default).
    private func makeTexture(_ pool: TierPool, layers: Int, layerSize size: PixelSize? = nil, on renderer: CardRenderer) throws {
        let size = size ?? layerSize(of: pool)
        switch (content, pool) {
        case (.pictures, .card): try renderer.makePicturePool(layers: layers, layerSize: size)
        case (.pictures, .full): try renderer.makeFullResolutionPictures(layers: layers, size: size)
        case (.titles, .card): try renderer.makeTitleAtlas(slots: layers, slotSize: size)
        case (.titles, .full): break  // titles have one pool
        }
    }

    /// Re-creates `pool`'s texture with `layers` layers of the same size, keeping `moves` (old
    /// layer → new; `nil`: every layer where it is). False when its layers could not be copied.
    private func resizeTexture(_ pool: TierPool, layers: Int, moves: [(from: Int, to: Int)]?,
                               on renderer: CardRenderer) throws -> Bool {
        switch (content, pool) {
        case (.pictures, .card): return try renderer.resizePicturePool(layers: layers, moves: moves)
        case (.pictures, .full): return try renderer.resizeFullResolutionPictures(layers: layers, moves: moves)
        case (.titles, .card): return try renderer.resizeTitleAtlas(slots: layers, moves: moves)
        case (.titles, .full): return true
        }
    }
}
