import CardMath
import CardPictureDecoding
import CardPictures
import CardPixels

/// Tiles of the photo view's picture for the workers to make (SPEC §10, "Pictures of any
/// size, whole"): the picture opened for regions (`PictureRegions`) the first time, then the
/// tiles of one level decoded together and framed by their borders, with their mip chains.
struct TileRequest: Sendable {
    var path: String
    /// The picture opened by an earlier batch; nil opens it (and the batch hands it back).
    var regions: PictureRegions?
    var keys: [TileKey]
    var tileSize: Int
    var border: Int

    /// A pool layer's side: a tile and its border on both sides, texels.
    var side: Int { tileSize + 2 * border }

    /// Opens the picture if needed and makes the tiles. Keys finer than the picture can be
    /// decoded at (`PictureRegions.finestLevel`) are replaced by the tiles of that level that
    /// cover them: the frame asks again with the right level once it knows it.
    /// - Throws: `PictureError` naming the file.
    func run(decoding: PictureDecoding) throws -> TileBatch {
        let regions = try self.regions ?? PictureRegions(path: path, limits: decoding.limits,
                                                          admission: decoding.budget.map(BudgetAdmission.init))
        let pyramid = TilePyramid(pictureSize: regions.size, tileSize: tileSize, finestLevel: regions.finestLevel)
        var keys = self.keys
        if let level = keys.first.map({ Int($0.level) }), level < pyramid.finestLevel {
            let scale = Double(1 << level)
            var covering = Set<TileKey>()
            for key in keys {
                let r = pyramid.rect(of: key)
                let area = Rect(x: Double(r.x) * scale, y: Double(r.y) * scale, width: Double(r.width) * scale,
                                height: Double(r.height) * scale)
                covering.formUnion(pyramid.tiles(covering: area, level: pyramid.finestLevel, nearest: Vec2(0, 0)))
            }
            keys = Array(covering)
        }
        guard let level = keys.first.map({ Int($0.level) }) else { return TileBatch(regions: regions, tiles: []) }
        let images = try regions.tiles(keys.map { pyramid.rect(of: $0) }, level: level, border: border, side: side)
        // Premultiplied, as every picture texture holds pictures (an opaque tile is unchanged).
        return TileBatch(regions: regions, tiles: zip(keys, images).map { key, image in
            let chain = image.premultipliedMipChainAndOpacity()
            return (key, chain.levels, chain.opaque)
        })
    }
}

/// Tiles made: the picture's regions (to keep for the next batch) and each tile's mip chain.
struct TileBatch: Sendable {
    var regions: PictureRegions
    /// Each tile's mip chain, alpha-premultiplied, and whether every pixel is opaque.
    var tiles: [(key: TileKey, levels: [RGBAImage], opaque: Bool)]
}
