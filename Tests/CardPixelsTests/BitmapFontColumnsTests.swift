import CardPixels
import Testing

/// Wide characters on the pixel font's cell grid: two cells each, in measures and drawing.
@Suite("Bitmap font cell columns")
struct BitmapFontColumnsTests {
    @Test("CJK, kana, Hangul and fullwidth forms take two cells; Latin, Greek and accents one")
    func columns() {
        for wide: Character in ["日", "本", "あ", "カ", "한", "Ａ", "㐀"] {
            #expect(BitmapFont.cellColumns(of: wide) == 2, "\(wide)")
        }
        for narrow: Character in ["a", "Ü", "ï", "ø", "é", "Ω", "ж", " ", "…"] {
            #expect(BitmapFont.cellColumns(of: narrow) == 1, "\(narrow)")
        }
    }

    @Test("measure counts cells: 'ab日本' is six cells wide")
    func measure() {
        let font = BitmapFont.standard
        // Six cells: five advances and a glyph.
        #expect(font.measure("ab日本") == (5 * font.advance + font.glyphSize.width, font.glyphSize.height))
        #expect(font.measure("ab日本").width == font.measure("abcdef").width)
        #expect(font.measure("Ünïcødé") == font.measure("Unicode"))
    }

    @Test("drawing a wide character moves the pen two cells: the box in the first, the next glyph after the second")
    func drawing() {
        let font = BitmapFont.standard
        var wide = RGBAImage(width: 40, height: 10, fill: (255, 255, 255, 255))
        font.draw("日H", into: &wide, x: 0, y: 0, color: .black)
        var reference = RGBAImage(width: 40, height: 10, fill: (255, 255, 255, 255))
        font.draw("\u{1}", into: &reference, x: 0, y: 0, color: .black)  // the box
        font.draw("H", into: &reference, x: 2 * font.advance, y: 0, color: .black)
        #expect(wide == reference)
    }
}
