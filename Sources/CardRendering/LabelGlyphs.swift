import CardPixels

/// The digits 0…9 the card labels are drawn with, as one strip texture: ten cells side by side,
/// each glyph centered in its cell with transparent padding (so linear filtering never bleeds a
/// neighbour in), coverage in alpha.
public struct LabelGlyphs: Sendable {
    /// The strip: `10 · cellWidth × glyphHeight` pixels, white, coverage in alpha.
    public var strip: RGBAImage
    /// Width of one cell, texels.
    public var cellWidth: Int
    /// Width and height of a glyph, texels.
    public var glyphWidth: Int
    public var glyphHeight: Int

    /// Transparent texels on each side of a glyph within its cell.
    public static let padding = 2

    /// Builds the strip from ten glyph images of one size, for "0" through "9"; each pixel's
    /// coverage is its alpha times its luminance, so white-on-transparent and white-on-black
    /// glyphs both work. `nil` unless there are exactly ten non-empty images of one size.
    public init?(digits: [RGBAImage]) {
        guard digits.count == 10, let first = digits.first, first.width > 0, first.height > 0,
              digits.allSatisfy({ $0.width == first.width && $0.height == first.height }) else { return nil }
        self.init(checkedDigits: digits)
    }

    /// The strip from ten non-empty digit images of one size (the caller has checked).
    init(checkedDigits digits: [RGBAImage]) {
        let first = digits[0]
        glyphWidth = first.width
        glyphHeight = first.height
        cellWidth = first.width + 2 * Self.padding
        var strip = RGBAImage(width: 10 * cellWidth, height: glyphHeight, fill: (255, 255, 255, 0))
        for (digit, glyph) in digits.enumerated() {
            for y in 0..<glyphHeight {
                for x in 0..<glyphWidth {
                    let p = glyph[x, y]
                    let luminance = (UInt32(p.r) * 54 + UInt32(p.g) * 183 + UInt32(p.b) * 19) / 256
                    let coverage = UInt8(UInt32(p.a) * luminance / 255)
                    strip[digit * cellWidth + Self.padding + x, y] = (255, 255, 255, coverage)
                }
            }
        }
        self.strip = strip
    }
}
