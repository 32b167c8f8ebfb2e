import CardPixels
@testable import CardRendering
import CardTestSupport
import Testing

@Suite("Label glyphs")
struct LabelGlyphsTests {
    @Test("label glyphs: ten equal digits make a padded strip; anything else is refused")
    func glyphStrip() throws {
        let digits = (0..<10).map { _ in RGBAImage(width: 4, height: 6, fill: (255, 255, 255, 255)) }
        let glyphs = try #require(LabelGlyphs(digits: digits))
        #expect(glyphs.cellWidth == 4 + 2 * LabelGlyphs.padding)
        #expect(glyphs.strip.width == 10 * glyphs.cellWidth && glyphs.strip.height == 6)
        #expect(glyphs.strip[0, 0].a == 0)                        // padding
        #expect(glyphs.strip[LabelGlyphs.padding, 0].a == 255)    // ink
        #expect(LabelGlyphs(digits: Array(digits.prefix(9))) == nil)
        #expect(LabelGlyphs(digits: digits.dropLast() + [RGBAImage(width: 5, height: 6)]) == nil)
    }

    @Test("the pixel font's digits, each font pixel a scale × scale block of ink", arguments: [1, 4])
    func fromFont(scale: Int) {
        let font = BitmapFont.standard
        let glyphs = LabelGlyphs(font: font, scale: scale)
        #expect(glyphs.glyphWidth == font.glyphSize.width * scale)
        #expect(glyphs.glyphHeight == font.glyphSize.height * scale)
        var inkCount = 0
        for digit in 0..<10 {
            let index = font.glyphIndex(for: Character(String(digit)))
            for y in 0..<glyphs.glyphHeight {
                for x in 0..<glyphs.glyphWidth {
                    let ink = glyphs.strip[digit * glyphs.cellWidth + LabelGlyphs.padding + x, y].a
                    #expect(ink == (font.hasInk(glyph: index, x: x / scale, y: y / scale) ? 255 : 0))
                    if ink > 0 { inkCount += 1 }
                }
            }
        }
        #expect(inkCount > 10 * scale * scale * 5)  // every digit has strokes
    }
}
