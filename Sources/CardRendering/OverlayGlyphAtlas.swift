import CardPixels

/// One character's coverage, drawn to fill an overlay cell (see `OverlayGlyphSource`):
/// `width × height` values, 0 paper … 255 ink, rows top to bottom.
public struct OverlayGlyphImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var coverage: [UInt8]

    /// `nil` unless `coverage` holds `width · height` values.
    public init?(width: Int, height: Int, coverage: [UInt8]) {
        guard width > 0, height > 0, coverage.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}

/// Draws overlay characters in another font than the pixel font (the titles' font through
/// FreeType, `OverlayFont` in CardViewerFrame).
public protocol OverlayGlyphSource: AnyObject {
    /// `character` drawn into a cell `width × height` pixels (a wide character's two cells
    /// together), its baseline and size the source's choice, the same for every character of one
    /// height; `nil` to draw it in the pixel font instead (no font yet, or none at all).
    /// Called on the frame thread, once per character and cell size (the atlas keeps the result).
    func glyph(for character: Character, width: Int, height: Int) -> OverlayGlyphImage?
}

/// The overlay's texture: the pixel font's atlas (`BitmapFont.atlas(columns:)`) at its top-left,
/// and under it the glyphs an `OverlayGlyphSource` drew, packed on shelves and kept (each
/// character and cell size rasterised once). White ink, coverage in alpha, like the pixel font.
///
/// The image is the pixel font's atlas alone until the first glyph comes, then `width` texels
/// wide, growing (doubling its height up to `maximumHeight`) as glyphs come; when full, the
/// next `beginBlocks` empties the source's part and glyphs are drawn again as they are asked for.
public struct OverlayGlyphAtlas {
    /// The texture's pixels.
    public private(set) var image: RGBAImage
    /// Changes whenever `image` does: upload when it differs from the uploaded one.
    public private(set) var revision = 0
    /// Glyphs kept from the source.
    public var glyphCount: Int { rects.count }

    /// Width of an atlas with a glyph source, texels.
    public static let width = 1024
    /// The most height the atlas grows to, texels.
    public static let maximumHeight = 2048

    private struct Key: Hashable {
        var character: Character
        var width: Int
        var height: Int
    }

    /// Each kept glyph's texel rectangle: left, top, right, bottom.
    private var rects: [Key: SIMD4<Float>] = [:]
    /// Rows above are the pixel font's.
    private let reserved: Int
    private let fontAtlas: RGBAImage
    private var shelf = (x: 0, y: 0, height: 0)
    private var isFull = false

    /// The pixel font's atlas alone (no source: exactly `font.atlas(columns:)`), or with room for
    /// a source's glyphs under it.
    public init(font: BitmapFont, columns: Int, growable: Bool) {
        fontAtlas = font.atlas(columns: columns).image
        reserved = fontAtlas.height
        self.growable = growable
        // The room for a source's glyphs is made with the first of them: until then (and for
        // good where no font is found) the texture is the pixel font's alone.
        image = fontAtlas
    }

    private let growable: Bool

    /// The pixel font's atlas at the top of an empty `width × 256` image, for glyphs under it.
    private mutating func makeRoom() {
        image = RGBAImage(width: Self.width, height: 256, fill: (255, 255, 255, 0))
        Self.copy(fontAtlas, into: &image)
        shelf = (0, reserved + 1, 0)
        revision += 1
    }

    /// Called before laying out a set of blocks: empties the source's glyphs when the atlas
    /// filled up during the last set (they are drawn again as asked for).
    public mutating func beginBlocks() {
        guard isFull else { return }
        isFull = false
        rects.removeAll(keepingCapacity: true)
        makeRoom()
    }

    /// The texel rectangle (left, top, right, bottom) of `character` in a `width × height` cell:
    /// the kept one, or `make()`'s, packed now; `nil` when `make` gives none or there is no room.
    public mutating func texels(for character: Character, width: Int, height: Int,
                                make: () -> OverlayGlyphImage?) -> SIMD4<Float>? {
        let key = Key(character: character, width: width, height: height)
        if let known = rects[key] { return known }
        guard growable, !isFull, let glyph = make(), glyph.width < Self.width else { return nil }
        if image.width != Self.width { makeRoom() }
        if shelf.x + glyph.width + 1 > Self.width { shelf = (0, shelf.y + shelf.height + 1, 0) }
        while shelf.y + glyph.height + 1 > image.height {
            guard image.height * 2 <= Self.maximumHeight else {
                isFull = true
                return nil
            }
            var taller = RGBAImage(width: image.width, height: image.height * 2, fill: (255, 255, 255, 0))
            taller.pixels.replaceSubrange(0..<image.pixels.count, with: image.pixels)
            image = taller
        }
        let left = shelf.x, top = shelf.y
        for y in 0..<glyph.height {
            var i = ((top + y) * image.width + left) * 4 + 3
            for x in 0..<glyph.width {
                image.pixels[i] = glyph.coverage[y * glyph.width + x]
                i += 4
            }
        }
        shelf.x += glyph.width + 1
        shelf.height = max(shelf.height, glyph.height)
        let rect = SIMD4(Float(left), Float(top), Float(left + glyph.width), Float(top + glyph.height))
        rects[key] = rect
        revision += 1
        return rect
    }

    private static func copy(_ source: RGBAImage, into image: inout RGBAImage) {
        for y in 0..<min(source.height, image.height) {
            let from = y * source.width * 4, to = y * image.width * 4
            let count = min(source.width, image.width) * 4
            image.pixels.replaceSubrange(to..<to + count, with: source.pixels[from..<from + count])
        }
    }
}
