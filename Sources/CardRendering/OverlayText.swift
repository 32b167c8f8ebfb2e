import CardMath
import CardPixels

/// A block of text to draw over a frame (a HUD, key help): lines on the project's pixel font's
/// cell grid (drawn in that font, or in the titles' font, `TextOverlayRenderer`) on a
/// translucent panel. All measures in viewport points.
public struct OverlayTextBlock: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// The panel's top-left corner, viewport points.
    public var origin: Vec2
    /// Points per font pixel (a glyph is 5 × 8 font pixels, a line 9).
    public var pixelSize: Double
    /// Straight-alpha RGBA, 0…1.
    public var textColor: SIMD4<Float>
    public var panelColor: SIMD4<Float>
    /// Space between the panel's edge and the text, points.
    public var padding: Double
    /// The panel's least size, points (it grows to hold `rectangles` under the text).
    public var minimumSize: Size = Size(width: 0, height: 0)
    /// Solid rectangles over the panel, after its text (a histogram's bars).
    public var rectangles: [OverlayRectangle] = []

    public init(lines: [String], origin: Vec2, pixelSize: Double = 2,
                textColor: SIMD4<Float> = SIMD4(1, 1, 1, 1), panelColor: SIMD4<Float> = SIMD4(0.02, 0.02, 0.04, 0.82),
                padding: Double = 10) {
        self.lines = lines
        self.origin = origin
        self.pixelSize = pixelSize
        self.textColor = textColor
        self.panelColor = panelColor
        self.padding = padding
    }

    /// The panel's size for `lines` at `pixelSize` with `padding`, points.
    public static func panelSize(lines: [String], pixelSize: Double, padding: Double,
                                 font: BitmapFont = .standard) -> Size {
        let text = font.measure(lines.joined(separator: "\n"))
        return Size(width: Double(text.width) * pixelSize + 2 * padding,
                    height: Double(text.height) * pixelSize + 2 * padding)
    }
}

/// A solid rectangle of an overlay block (a histogram's bar).
public struct OverlayRectangle: Hashable, Sendable {
    /// x, y, width, height, viewport points.
    public var rect: SIMD4<Float>
    /// Straight-alpha RGBA, 0…1.
    public var color: SIMD4<Float>

    public init(rect: SIMD4<Float>, color: SIMD4<Float>) {
        self.rect = rect
        self.color = color
    }
}

/// One quad of the overlay, as the GPU reads it (48 bytes): see `text.vert`.
public struct OverlayQuad: Hashable, Sendable {
    /// x, y, width, height, viewport points.
    public var rect: SIMD4<Float>
    /// The glyph's atlas rectangle: left, top, right, bottom, texels; left < 0 for a solid panel.
    public var texels: SIMD4<Float>
    /// Straight-alpha RGBA.
    public var color: SIMD4<Float>

    static let stride = MemoryLayout<OverlayQuad>.stride
}

/// Turns text blocks into quads: per block one panel, then one quad per inked glyph, then its
/// rectangles.
public struct OverlayTextLayout: Sendable {
    public let font: BitmapFont
    /// Atlas columns (as `BitmapFont.atlas(columns:)` was made with).
    public let columns: Int

    public init(font: BitmapFont = .standard, columns: Int = 16) {
        self.font = font
        self.columns = max(1, columns)
    }

    /// The quads of `blocks`, in drawing order (each panel before its glyphs).
    ///
    /// Characters sit on the pixel font's cell grid (`BitmapFont.cellColumns(of:)` cells each).
    /// With `glyph`, each inked character is first offered to it with its cell's size in points
    /// (the wide character's two cells together): the texel rectangle it returns is drawn over
    /// the whole cell; `nil` draws the pixel font's glyph instead.
    ///
    /// - Complexity: O(characters + rectangles).
    public func quads(for blocks: [OverlayTextBlock],
                      glyph: ((_ character: Character, _ cellWidth: Double, _ cellHeight: Double) -> SIMD4<Float>?)? = nil)
        -> [OverlayQuad] {
        var quads: [OverlayQuad] = []
        for block in blocks where block.pixelSize.isFinite && block.pixelSize > 0 {
            let text = OverlayTextBlock.panelSize(lines: block.lines, pixelSize: block.pixelSize, padding: block.padding, font: font)
            let size = Size(width: max(text.width, block.minimumSize.width), height: max(text.height, block.minimumSize.height))
            quads.append(OverlayQuad(rect: SIMD4(Float(block.origin.x), Float(block.origin.y), Float(size.width), Float(size.height)),
                                     texels: SIMD4(-1, -1, -1, -1), color: block.panelColor))
            let k = block.pixelSize
            let cell = (w: Double(font.advance) * k, h: Double(font.lineHeight) * k)
            let bitmapGlyph = (w: Double(font.glyphSize.width), h: Double(font.glyphSize.height))
            for (row, line) in block.lines.enumerated() {
                let top = block.origin.y + block.padding + Double(row * font.lineHeight) * k
                var column = 0
                for character in line {
                    let cells = BitmapFont.cellColumns(of: character)
                    defer { column += cells }
                    if character == " " { continue }
                    let left = block.origin.x + block.padding + Double(column * font.advance) * k
                    if let texels = glyph?(character, cell.w * Double(cells), cell.h) {
                        quads.append(OverlayQuad(rect: SIMD4(Float(left), Float(top), Float(cell.w * Double(cells)), Float(cell.h)),
                                                 texels: texels, color: block.textColor))
                        continue
                    }
                    let index = font.glyphIndex(for: character)
                    let u = Float((index % columns) * font.advance), v = Float((index / columns) * font.lineHeight)
                    quads.append(OverlayQuad(rect: SIMD4(Float(left), Float(top), Float(bitmapGlyph.w * k), Float(bitmapGlyph.h * k)),
                                             texels: SIMD4(u, v, u + Float(bitmapGlyph.w), v + Float(bitmapGlyph.h)),
                                             color: block.textColor))
                }
            }
            for rectangle in block.rectangles {
                quads.append(OverlayQuad(rect: rectangle.rect, texels: SIMD4(-1, -1, -1, -1), color: rectangle.color))
            }
        }
        return quads
    }
}
