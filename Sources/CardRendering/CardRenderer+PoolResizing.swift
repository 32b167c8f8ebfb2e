import CardMath
import CardPacking

/// Growing and shrinking the picture textures in place (SPEC §10 "Memory grows with what is
/// shown"): the card tier's pool, the full-resolution pictures and the title atlas are
/// re-created with another layer count, their pictures copied over on the GPU
/// (`glCopyImageSubData`), so no picture is decoded or uploaded again.
extension CardRenderer {
    /// Re-creates the picture pool with `layers` layers of the same size, keeping the layers in
    /// `moves` (old layer → new layer; growing keeps every layer where it is: pass `nil`).
    ///
    /// - Returns: false when the context cannot copy layers (no `GL_ARB_copy_image`): the
    ///   pool's layers are undefined; forget its pictures and upload them again.
    /// - Throws: as `makePicturePool`; on a throw the pool is unchanged.
    @discardableResult
    public func resizePicturePool(layers: Int, moves: [(from: Int, to: Int)]? = nil) throws -> Bool {
        try context.makeCurrent()
        guard layers <= PictureLayer.poolLimit else {
            throw RenderError.tooLarge("a picture pool of \(layers) layers (records name at most \(PictureLayer.poolLimit))")
        }
        defer { texturesChanged() }
        return try pictures.resize(layers: layers, moves: moves ?? Self.identity(pictures.layerCount))
    }

    /// Re-creates the full-resolution pictures with `layers` layers, keeping `moves` (as
    /// `resizePicturePool`).
    @discardableResult
    public func resizeFullResolutionPictures(layers: Int, moves: [(from: Int, to: Int)]? = nil) throws -> Bool {
        try context.makeCurrent()
        guard layers <= PictureLayer.fullResolutionLayers else {
            throw RenderError.tooLarge("\(layers) full-resolution layers (records name at most \(PictureLayer.fullResolutionLayers))")
        }
        defer { texturesChanged() }
        return try fullPictures.resize(layers: layers, moves: moves ?? Self.identity(fullPictures.layerCount))
    }

    /// Re-creates the title atlas with `slots` slots, keeping `moves` (as `resizePicturePool`).
    @discardableResult
    public func resizeTitleAtlas(slots: Int, moves: [(from: Int, to: Int)]? = nil) throws -> Bool {
        try context.makeCurrent()
        // The record's title field keeps 11 bits for the slot (the rest: colour labels).
        guard slots <= TitleSlot.slotLimit else {
            throw RenderError.tooLarge("a title atlas of \(slots) slots (records name slots 0…\(TitleSlot.slotLimit - 1))")
        }
        defer { texturesChanged() }
        return try titles.resize(layers: slots, moves: moves ?? Self.identity(titles.layerCount))
    }

    /// Every layer of `count` to itself.
    private static func identity(_ count: Int) -> [(from: Int, to: Int)] { (0..<count).map { ($0, $0) } }
}
