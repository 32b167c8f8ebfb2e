import CardPixels
import Testing

/// The glyph for "A", "g" and the replacement box, copied independently of the font's source.
private let glyphA = [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#", "....."]
private let glyphG = [".....", ".....", ".####", "#...#", "#...#", ".####", "....#", ".###."]
private let box = ["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####", "....."]

/// Checks that `image` shows `rows` at (left, top), each glyph pixel a scale×scale block of
/// `ink` on `paper`, over the glyph's cell area clipped to the image.
private func expectGlyph(_ rows: [String], in image: RGBAImage, left: Int, top: Int, scale: Int,
                         ink: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                         paper: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                         sourceLocation: SourceLocation = #_sourceLocation) {
    var mismatches = 0
    for (row, bits) in rows.enumerated() {
        for (column, bit) in bits.enumerated() {
            for dy in 0..<scale {
                for dx in 0..<scale {
                    let x = left + column * scale + dx, y = top + row * scale + dy
                    guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
                    if !samePixel(image[x, y], bit == "#" ? ink : paper) { mismatches += 1 }
                }
            }
        }
    }
    #expect(mismatches == 0, sourceLocation: sourceLocation)
}

@Suite("Bitmap font")
struct BitmapFontTests {
    let font = BitmapFont.standard
    let black: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 255)
    let white: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (255, 255, 255, 255)

    @Test func metricsAndGlyphCount() {
        #expect(font.glyphSize == (5, 8))
        #expect(font.advance == 6)
        #expect(font.lineHeight == 9)
        #expect(font.glyphCount == 96)  // 95 printable ASCII + the replacement box
        #expect(font.glyphIndex(for: " ") == 0)
        #expect(font.glyphIndex(for: "~") == 94)
        #expect(font.glyphIndex(for: "é") == font.replacementIndex)
        #expect(font.glyphIndex(for: "\t") == font.replacementIndex)
    }

    @Test func everyPrintableGlyphIsDistinctAndOnlySpaceIsBlank() {
        var seen = Set<[Bool]>()
        for index in 0..<font.glyphCount {
            let bits = (0..<40).map { font.hasInk(glyph: index, x: $0 % 5, y: $0 / 5) }
            #expect(bits.contains(true) == (index != 0), "glyph \(index)")
            seen.insert(bits)
        }
        #expect(seen.count == font.glyphCount)
    }

    @Test func drawnGlyphPixelsReadBack() {
        var image = RGBAImage(width: 20, height: 12, fill: (255, 255, 255, 255))
        font.draw("A", into: &image, x: 3, y: 2, color: .black)
        expectGlyph(glyphA, in: image, left: 3, top: 2, scale: 1, ink: black, paper: white)
        // Nothing outside the glyph box changed.
        #expect(samePixel(image[2, 2], white) && samePixel(image[8, 9], white) && samePixel(image[19, 11], white))
    }

    @Test func scaledGlyphsAndSecondCharacterAtAdvance() {
        var image = RGBAImage(width: 40, height: 30)
        font.draw("Ag", into: &image, x: 1, y: 1, scale: 2, color: .white)
        let clear: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)
        expectGlyph(glyphA, in: image, left: 1, top: 1, scale: 2, ink: white, paper: clear)
        expectGlyph(glyphG, in: image, left: 1 + 6 * 2, top: 1, scale: 2, ink: white, paper: clear)
    }

    @Test func unknownCharactersDrawTheBox() {
        var image = RGBAImage(width: 8, height: 10, fill: (255, 255, 255, 255))
        font.draw("é", into: &image, x: 1, y: 1, color: .black)
        expectGlyph(box, in: image, left: 1, top: 1, scale: 1, ink: black, paper: white)
    }

    @Test(arguments: [("Hg", 1), ("Hg", 3), ("M_", 2), ("W\nMy", 1), ("Ta\r\nbjq", 2)])
    func measureAgreesWithInk(text: String, scale: Int) throws {
        // Each case starts with a glyph touching column 0 and ends with one touching column 4,
        // and its last line has a descender, so the ink fills the measured box exactly.
        let size = font.measure(text, scale: scale)
        var image = RGBAImage(width: size.width + 20, height: size.height + 20)
        font.draw(text, into: &image, x: 7, y: 5, scale: scale, color: .white)
        let bounds = try #require(inkBounds(of: image))
        #expect(bounds.minX == 7 && bounds.minY == 5)
        #expect(bounds.maxX - bounds.minX + 1 == size.width)
        #expect(bounds.maxY - bounds.minY + 1 == size.height)
    }

    @Test func measureFormula() {
        #expect(font.measure("", scale: 3) == (0, 0))
        #expect(font.measure("abc", scale: 0) == (0, 0))
        #expect(font.measure("abc") == (2 * 6 + 5, 8))
        #expect(font.measure("abcd\nx", scale: 2) == ((3 * 6 + 5) * 2, (9 + 8) * 2))
    }

    @Test func clippingAtEveryEdgeDrawsTheVisiblePart() {
        var image = RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))
        font.draw("A", into: &image, x: -2, y: -3, color: .black)
        expectGlyph(glyphA, in: image, left: -2, top: -3, scale: 1, ink: black, paper: white)
        var right = RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))
        font.draw("A", into: &right, x: 7, y: 6, scale: 2, color: .black)
        expectGlyph(glyphA, in: right, left: 7, top: 6, scale: 2, ink: black, paper: white)
    }

    @Test func extremePositionsAndScalesNeverCrash() {
        var image = RGBAImage(width: 16, height: 16, fill: (9, 9, 9, 255))
        let before = image
        for (x, y) in [(Int.min, 0), (0, Int.min), (Int.max, 0), (0, Int.max), (Int.min, Int.min), (Int.max, Int.max), (-1_000_000, 3)] {
            font.draw("Hello\nworld", into: &image, x: x, y: y, scale: 1, color: .white)
        }
        #expect(image == before)
        font.draw("M", into: &image, x: -5, y: -5, scale: Int.max, color: .white)
        #expect(image.pixels.allSatisfy { $0 == 255 })  // one giant ink block covers everything
        var empty = RGBAImage(width: 0, height: 0)
        font.draw("x", into: &empty, x: 0, y: 0, color: .white)
        #expect(empty.pixels.isEmpty)
    }

    @Test func translucentInkBlendsOverTheImage() {
        var image = RGBAImage(width: 6, height: 8, fill: (200, 100, 0, 255))
        font.draw("|", into: &image, x: 0, y: 0, color: RGBAColor(r: 0, g: 0, b: 255, a: 128))
        // "|" has ink in column 2, rows 0…6: over an opaque pixel, c = (cₛ·128 + c_d·127) / 255.
        func mix(_ s: Int, _ d: Int) -> UInt8 { UInt8((Double(s * 128 + d * 127) / 255).rounded()) }
        #expect(samePixel(image[2, 3], (mix(0, 200), mix(0, 100), mix(255, 0), 255)))
        #expect(samePixel(image[1, 3], (200, 100, 0, 255)))
        // Over a fully transparent pixel the colour comes through unmixed with the source alpha.
        var clear = RGBAImage(width: 6, height: 8)
        font.draw("|", into: &clear, x: 0, y: 0, color: RGBAColor(r: 10, g: 20, b: 30, a: 77))
        #expect(samePixel(clear[2, 0], (10, 20, 30, 77)))
    }

    @Test func atlasHoldsEveryGlyphWhiteOnTransparent() {
        let atlas = font.atlas()
        #expect(atlas.columns == 16 && atlas.cellWidth == 6 && atlas.cellHeight == 9)
        #expect(atlas.image.width == 16 * 6 && atlas.image.height == 6 * 9)
        for index in 0..<font.glyphCount {
            let left = (index % 16) * 6, top = (index / 16) * 9
            for y in 0..<9 {
                for x in 0..<6 {
                    let ink = font.hasInk(glyph: index, x: x, y: y)
                    #expect(samePixel(atlas.image[left + x, top + y], (255, 255, 255, ink ? 255 : 0)))
                }
            }
        }
        let a = font.glyphIndex(for: "A")
        expectGlyph(glyphA, in: atlas.image, left: (a % 16) * 6, top: (a / 16) * 9, scale: 1,
                    ink: (255, 255, 255, 255), paper: (255, 255, 255, 0))
    }
}
