import CardPixels
import Testing

@Suite("Titles baked onto card images")
struct TitleTests {
    @Test func stripSizedRelativeToTheImage() {
        let strip = TitleStrip(title: "Card 7", width: 640, height: 400)
        #expect(strip.scale == 4)                       // 400 / 100
        #expect(strip.stripHeight == 8 * 4 + 4 * 4)     // glyph height + 2·scale margin above and below
        #expect(strip.text == "Card 7")
        let textWidth = (5 * 6 + 5) * 4
        #expect(strip.textOrigin.x == (640 - textWidth) / 2)
        #expect(strip.textOrigin.y == 400 - 48 + 8)
    }

    @Test func titleIsLegibleInAStripAndTheRestIsUntouched() throws {
        let base = RGBAImage(width: 640, height: 400, fill: (200, 220, 240, 255))
        let titled = base.withTitle("Card 7")
        let strip = TitleStrip(title: "Card 7", width: 640, height: 400)
        // Above the strip: unchanged.
        #expect(Array(titled.pixels.prefix(640 * (400 - strip.stripHeight) * 4)) ==
                Array(base.pixels.prefix(640 * (400 - strip.stripHeight) * 4)))
        // The strip background: black at alpha 150 over the image, c = c_d·105/255.
        let corner = titled[0, 399]
        #expect(nearPixel(corner, (UInt8(200 * 105 / 255), UInt8(220 * 105 / 255), UInt8(240 * 105 / 255), 255), tolerance: 1))
        // The "C" glyph: its top bar starts one glyph pixel right of the pen, drawn in white.
        let (x, y, s) = (strip.textOrigin.x, strip.textOrigin.y, strip.scale)
        #expect(samePixel(titled[x + 1 * s, y], (255, 255, 255, 255)))
        #expect(samePixel(titled[x, y + 3 * s], (255, 255, 255, 255)))
        #expect(!samePixel(titled[x, y], (255, 255, 255, 255)))
        // The number of white pixels is exactly the ink of "Card 7" at this scale.
        let ink = "Card 7".reduce(0) { count, character in
            let index = BitmapFont.standard.glyphIndex(for: character)
            return count + (0..<40).filter { BitmapFont.standard.hasInk(glyph: index, x: $0 % 5, y: $0 / 5) }.count
        }
        let whites = stride(from: 0, to: titled.pixels.count, by: 4).filter { titled.pixels[$0..<$0 + 4].allSatisfy { $0 == 255 } }.count
        #expect(whites == ink * s * s)
    }

    @Test func longTitlesShrinkThenShortenAndStillFit() {
        let long = String(repeating: "wide-title ", count: 20)
        let strip = TitleStrip(title: long, width: 640, height: 400)
        #expect(strip.scale == 2)  // shrinks to half the preferred scale, no further
        #expect(strip.text.hasSuffix("..."))
        let width = BitmapFont.standard.measure(strip.text, scale: strip.scale).width
        #expect(width <= 640 - 4 * strip.scale)
        // One more character would not have fitted.
        #expect(width + 6 * strip.scale > 640 - 4 * strip.scale)
        #expect(strip.textOrigin.x >= 2 * strip.scale)
    }

    @Test func tinyAndEmptyImagesDoNotCrash() {
        for (w, h) in [(0, 0), (1, 1), (3, 50), (50, 3)] {
            let image = RGBAImage(width: w, height: h, fill: (1, 2, 3, 255))
            let titled = image.withTitle("A title\nwith a newline")
            #expect(titled.width == w && titled.height == h)
        }
        #expect(!TitleStrip(title: "a\nb", width: 640, height: 400).text.contains("\n"))
    }
}
