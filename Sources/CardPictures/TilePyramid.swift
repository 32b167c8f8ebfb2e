import CardMath

/// A picture cut into a pyramid of tiles for the photo view (SPEC §10, "Pictures of any size,
/// whole"): level 0 is the picture at its own size, each level after it half the one before
/// (⌈side / 2^level⌉, as libjpeg's DCT scaling rounds), down to the first level that is one
/// tile; every level is cut into square tiles of `tileSize` pixels from its top-left corner (the
/// last column and row narrower). Pure geometry: which level a zoom draws from and which tiles
/// a view needs.
///
/// Units: *picture pixels* are level 0's; a level's own pixels are 2^level picture pixels a side.
public struct TilePyramid: Hashable, Sendable {
    /// The picture's size, upright, pixels (level 0).
    public let pictureSize: PixelSize
    /// A tile's side, pixels of its level (the edge tiles are cut shorter).
    public let tileSize: Int
    /// The finest level that can be decoded (0 for formats that decode any region; a larger
    /// level for a picture decoded whole at a reduced size to fit the caps).
    public let finestLevel: Int

    /// The default tile side: 512 pixels (SPEC: 256–512), one megabyte of RGBA.
    public static let defaultTileSize = 512

    public init(pictureSize: PixelSize, tileSize: Int = defaultTileSize, finestLevel: Int = 0) {
        self.pictureSize = PixelSize(width: max(pictureSize.width, 1), height: max(pictureSize.height, 1))
        self.tileSize = max(tileSize, 16)
        self.levelCount = Self.levels(of: self.pictureSize, tileSize: self.tileSize)
        self.finestLevel = min(max(finestLevel, 0), levelCount - 1)
    }

    /// Levels from 0 to the first that fits one tile.
    public let levelCount: Int

    private static func levels(of size: PixelSize, tileSize: Int) -> Int {
        var count = 1, side = max(size.width, size.height)
        while side > tileSize {
            side = (side + 1) / 2
            count += 1
        }
        return count
    }

    /// Level `level`'s size, pixels: each side ⌈side / 2^level⌉.
    public func size(ofLevel level: Int) -> PixelSize {
        let divisor = 1 << min(max(level, 0), 62)
        return PixelSize(width: (pictureSize.width + divisor - 1) / divisor, height: (pictureSize.height + divisor - 1) / divisor)
    }

    /// Tiles across and down at `level`.
    public func grid(ofLevel level: Int) -> (columns: Int, rows: Int) {
        let size = size(ofLevel: level)
        return ((size.width + tileSize - 1) / tileSize, (size.height + tileSize - 1) / tileSize)
    }

    /// The pixels of tile `key` in its level's pixels (the edge tiles cut at the level's size).
    public func rect(of key: TileKey) -> PixelRect {
        let size = size(ofLevel: Int(key.level))
        let x = Int(key.column) * tileSize, y = Int(key.row) * tileSize
        return PixelRect(x: x, y: y, width: min(tileSize, size.width - x), height: min(tileSize, size.height - y))
    }

    /// The level a view at `scale` screen pixels per picture pixel draws from: the coarsest
    /// whose pixels are no more than `magnification` screen pixels each (1: never magnified; the
    /// default 2^¼ ≈ 1.19 lets a zoom just past a level's own size keep that level rather than
    /// take one of four times the pixels), never finer than `finestLevel` nor past the last level.
    ///
    /// - Complexity: O(1).
    public func level(forScale scale: Double, magnification: Double = 1.189_207_115) -> Int {
        guard scale.isFinite, scale > 0 else { return levelCount - 1 }
        // The largest level whose pixels cover at most `magnification` screen pixels: scale · 2^level.
        var level = 0, covered = scale
        while level + 1 < levelCount, covered * 2 <= magnification {
            covered *= 2
            level += 1
        }
        return max(level, finestLevel)
    }

    /// The tiles of `level` that cover `region` (picture pixels, level 0; clipped to the
    /// picture), nearest `focus` (picture pixels) first.
    ///
    /// - Complexity: O(t log t) for the t tiles returned.
    public func tiles(covering region: Rect, level: Int, nearest focus: Vec2) -> [TileKey] {
        let scale = Double(1 << min(max(level, 0), 62)) * Double(tileSize)
        let grid = grid(ofLevel: level)
        let (x, y, width, height) = (region.origin.x, region.origin.y, region.size.width, region.size.height)
        guard width > 0, height > 0, x.isFinite, y.isFinite else { return [] }
        let first = (Self.clampIndex(x / scale, grid.columns), Self.clampIndex(y / scale, grid.rows))
        let last = (Self.clampIndex((x + width) / scale, grid.columns), Self.clampIndex((y + height) / scale, grid.rows))
        var keys: [TileKey] = []
        keys.reserveCapacity((last.0 - first.0 + 1) * (last.1 - first.1 + 1))
        for row in first.1...last.1 {
            for column in first.0...last.0 { keys.append(TileKey(level: level, column: column, row: row)) }
        }
        func distance(_ key: TileKey) -> Double {
            let dx = (Double(key.column) + 0.5) * scale - focus.x, dy = (Double(key.row) + 0.5) * scale - focus.y
            return dx * dx + dy * dy
        }
        keys.sort { distance($0) < distance($1) }
        return keys
    }

    private static func clampIndex(_ value: Double, _ count: Int) -> Int {
        guard value.isFinite else { return value > 0 ? count - 1 : 0 }
        return min(max(Int(value.rounded(.down)), 0), count - 1)
    }
}

/// One tile of a `TilePyramid`: its level, and its column and row in that level's grid.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var level: Int16
    public var column: Int32
    public var row: Int32

    public init(level: Int, column: Int, row: Int) {
        self.level = Int16(clamping: level)
        self.column = Int32(clamping: column)
        self.row = Int32(clamping: row)
    }

    public var description: String { "level \(level) (\(column), \(row))" }
}
