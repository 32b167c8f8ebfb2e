import CardMath
import CardPixels

/// The photo view's tiles as the card shader reads them (SPEC §10, "Pictures of any size,
/// whole"): a record whose layer is `PictureLayer.zoom` samples its picture at point `t`
/// (0…1 across it) from the tile of the level in view that holds it — a layer of the tile pool,
/// whose texels are the tile's pixels inside a border of `border` texels copied from its
/// neighbours, so that filtering across a seam is seamless — or, where that tile is not
/// resident, from the full-resolution layer `fallbackLayer` (the picture at the screen's size).
public struct TileView: Equatable, Sendable {
    /// The level's size, its pixels.
    public var levelSize: PixelSize
    /// A tile's side and its border, the level's pixels (a pool layer is `tileSize + 2 · border` a side).
    public var tileSize: Int
    public var border: Int
    /// The part of the level's grid the table covers: its first column and row, and how many.
    public var firstColumn: Int
    public var firstRow: Int
    public var columns: Int
    public var rows: Int
    /// Per cell of that window, row by row: the pool layer holding its tile, −1 for none.
    public var layers: [Int32]
    /// The full-resolution layer drawn where a tile is missing, −1 for the card's background.
    public var fallbackLayer: Int

    /// The most cells the table covers (`uTileLayers`' length): 16 × 16 tiles of 512 pixels
    /// is more than two 4K screens at the level's own resolution.
    public static let windowCells = 256

    public init(levelSize: PixelSize, tileSize: Int, border: Int, firstColumn: Int, firstRow: Int, columns: Int, rows: Int,
                layers: [Int32], fallbackLayer: Int) {
        self.levelSize = levelSize
        self.tileSize = tileSize
        self.border = border
        self.firstColumn = firstColumn
        self.firstRow = firstRow
        self.columns = columns
        self.rows = rows
        self.layers = layers
        self.fallbackLayer = fallbackLayer
    }

    /// Sets the tile uniforms of `program` (`card.frag`'s `tilePicture`).
    func set(on program: ShaderProgram, gl: GL) {
        gl.uniform(program.location(CardUniform.tileGrid), Float(levelSize.width), Float(levelSize.height), Float(tileSize),
                   Float(border))
        let cells = min(layers.count, columns * rows, Self.windowCells)
        let usable = cells == columns * rows
        gl.uniform(program.location(CardUniform.tileWindow), ints: Int32(clamping: firstColumn), Int32(clamping: firstRow),
                   Int32(clamping: usable ? columns : 0), Int32(clamping: usable ? rows : 0))
        layers.withUnsafeBufferPointer { gl.uniform(program.location(CardUniform.tileLayers), intArray: UnsafeBufferPointer(rebasing: $0[0..<cells])) }
        gl.uniform(program.location(CardUniform.tileFallback), Float(fallbackLayer))
    }
}

extension CardRenderer {
    /// (Re)creates the tile pool: `layers` layers of `side` × `side` texels (a tile and its
    /// border) with a full mip chain each; 0 layers frees it. Forgets every tile it held.
    /// - Throws: `RenderError` beyond the driver's limits, or the GL error raised while allocating.
    public func makeTilePool(layers: Int, side: Int) throws {
        try context.makeCurrent()
        if layers == zoomPicture.layerCount, zoomPicture.size == PixelSize(width: side, height: side) { return }
        try zoomPicture.allocate(layers: max(layers, 0), size: PixelSize(width: max(side, 1), height: max(side, 1)),
                                 mipmapped: layers > 0)
        texturesChanged()
    }

    /// The tile pool's layers and side, texels.
    public var tilePool: (layers: Int, side: Int) { (zoomPicture.layerCount, zoomPicture.size.width) }

    /// Uploads a tile's mip chain (level 0 of the pool's side, alpha-premultiplied:
    /// `RGBAImage.premultipliedMipChainAndOpacity()`) into layer `layer`; `opaque` (nil: level 0
    /// scanned) tells whether the pool now holds translucent pixels (`CardPrograms`' TRANSLUCENT).
    /// - Throws: `RenderError.invalidUpload` for a layer outside the pool or levels of the wrong size.
    public func uploadTile(_ levels: [RGBAImage], toLayer layer: Int, opaque: Bool? = nil) throws {
        try context.makeCurrent()
        try Self.upload(levels, layer: layer, into: zoomPicture, opaque: opaque)
    }

    /// What records with `PictureLayer.zoom` show from the next frame on; nil: no tiles (such
    /// a record then shows its fallback, the card's background).
    public func setTileView(_ view: TileView?) {
        tileView = view
    }
}
