import CardMath
import CardPixels
import CardRendering
import CardText
@testable import CardViewerFrame
import Foundation
import Testing

/// The overlay's text in the titles' font (issue 34, item 3): a message with non-ASCII names
/// drawn offscreen and read back, each character's cell showing a glyph, not the pixel font's
/// box nor the font's missing-glyph box.
@Suite("overlay text in the titles' font", .serialized)
struct OverlayFontTests {
    static let rasterizer: TitleRasterizer? = try? TitleRasterizer()

    /// Origin, padding and points per font pixel of the drawn block: cells 12 × 18 pixels.
    static let origin = Vec2(10, 10), padding = 6.0, pixelSize = 2.0
    static let cell = (width: 12, height: 18)

    /// The ink (red above half) of the cell of `cells` columns starting at `column`, as a mask.
    static func ink(_ image: RGBAImage, column: Int, cells: Int) -> [Bool] {
        let left = Int(origin.x + padding) + column * cell.width, top = Int(origin.y + padding)
        var mask: [Bool] = []
        for y in top..<top + cell.height {
            for x in left..<left + cells * cell.width { mask.append(image[x, y].r > 127) }
        }
        return mask
    }

    /// `lines` drawn white on an opaque black panel by a renderer with `glyphs`, read back.
    static func draw(_ lines: [String], glyphs: OverlayGlyphSource?) throws -> RGBAImage {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 480, height: 80), samples: 1)
        let overlay = try TextOverlayRenderer(context: gpu, glyphs: glyphs)
        let block = OverlayTextBlock(lines: lines, origin: origin, pixelSize: pixelSize, textColor: SIMD4(1, 1, 1, 1),
                                     panelColor: SIMD4(0, 0, 0, 1), padding: padding)
        try overlay.setBlocks([block])
        #expect(try overlay.draw(viewport: Size(width: 480, height: 80)) == 1)
        return try gpu.readPixels()
    }

    @Test("'rejected: Ünïcødé 日本': every character's cell shows a glyph, not a box",
          .enabled(if: rasterizer != nil, "no font found by fontconfig: the overlay draws the pixel font"))
    func unicodeMessage() throws {
        let rasterizer = try #require(Self.rasterizer)
        let text = "rejected: Ünïcødé 日本"
        let image = try Self.draw([text], glyphs: OverlayFont(rasterizer: rasterizer))
        // The pixel font's box as the bitmap renderer draws it in a cell, and the titles' font's
        // own missing-glyph box fitted to a cell as the overlay would draw it.
        let boxImage = try Self.draw(["\u{1}"], glyphs: nil)
        let pixelBox = Self.ink(boxImage, column: 0, cells: 1)
        let notdef = OverlayFont.fit(rasterizer.renderNotdef(pixelHeight: Self.cell.height), width: Self.cell.width)
        let fontBox = try #require(notdef).coverage.map { $0 > 127 }
        var column = 0, checked = 0
        for character in text {
            let cells = BitmapFont.cellColumns(of: character)
            defer { column += cells }
            guard character != " " else { continue }
            // A CJK character needs a CJK font (fonts-wqy-zenhei, Noto CJK): without one it is
            // the font's box like a title's, and not checked here.
            if let scalar = character.unicodeScalars.first, rasterizer.font(for: scalar) == nil { continue }
            let mask = Self.ink(image, column: column, cells: cells)
            let inked = mask.filter { $0 }.count
            // A letter inks a dozen pixels and more at 18 pixels a line; a colon two dots.
            #expect(inked >= (character.isLetter ? 12 : 2), "'\(character)' has ink (\(inked) pixels)")
            if cells == 1 {
                #expect(mask != pixelBox, "'\(character)' is not the pixel font's box")
                #expect(mask != fontBox, "'\(character)' is not the font's missing-glyph box")
            }
            checked += 1
        }
        #expect(checked >= 16)
        // Different letters draw differently: "Ü" is not "n", "ï" not "c".
        #expect(Self.ink(image, column: 10, cells: 1) != Self.ink(image, column: 11, cells: 1))
        #expect(Self.ink(image, column: 12, cells: 1) != Self.ink(image, column: 13, cells: 1))
    }

    @Test("no font: the overlay draws the pixel font, the same pixels as without a source")
    func noFont() throws {
        let lines = ["rejected: Ünïcødé 日本", "HUD 12 fps"]
        let fallback = try Self.draw(lines, glyphs: OverlayFont(rasterizer: nil))
        let plain = try Self.draw(lines, glyphs: nil)
        #expect(fallback == plain)
    }

    @Test("a glyph wider than its cell is squeezed across by area, a narrower one centered")
    func fitting() throws {
        // Alternating full and empty columns, 24 wide, into 12: each column averages two.
        let stripes = TitleBitmap(width: 24, height: 2, baseline: 1, pixels: (0..<48).map { $0 % 2 == 0 ? 255 : 0 })
        let squeezed = try #require(OverlayFont.fit(stripes, width: 12))
        #expect(squeezed.coverage.allSatisfy { $0 == 128 })
        // Three columns into eight: two blank on the left, three on the right.
        let narrow = TitleBitmap(width: 3, height: 1, baseline: 1, pixels: [10, 20, 30])
        let centered = try #require(OverlayFont.fit(narrow, width: 8))
        #expect(centered.coverage == [0, 0, 10, 20, 30, 0, 0, 0])
        // 18 into 12: column x covers source [1.5x, 1.5x + 1.5).
        let ramp = TitleBitmap(width: 18, height: 1, baseline: 1, pixels: (0..<18).map { UInt8($0 * 10) })
        let fitted = try #require(OverlayFont.fit(ramp, width: 12))
        #expect(fitted.coverage[0] == UInt8(((1.0 * 0 + 0.5 * 10) / 1.5).rounded()))
        #expect(fitted.coverage[1] == UInt8(((0.5 * 10 + 1.0 * 20) / 1.5).rounded()))
    }

    @Test("the titles' rasterizer, once made while the window opens, is the overlay's font at once; the search's own result does not replace it")
    func adoptsTheTitlesFont() throws {
        let rasterizer = try #require(Self.rasterizer, "a font for titles (fonts-dejavu-core)")
        let workshop = TitleWorkshop()
        #expect(workshop.madeRasterizer == nil, "nothing made before the first title")
        _ = try workshop.render(TitleJob(text: "a.jpg", width: 200, height: 20))
        let made = try #require(workshop.madeRasterizer)
        let font = OverlayFont()  // its own search waits up to `searchDelay` for the first frame
        #expect(!font.isReady)
        font.adopt(made)
        #expect(font.isReady && font.isSettled)
        font.startSearch()
        Thread.sleep(forTimeInterval: OverlayFont.searchDelay + 0.5)
        #expect(font.isReady)
        // Drawn with the adopted rasterizer: the same glyph as the test's own makes.
        let glyph = try #require(font.glyph(for: "W", width: 12, height: 20))
        let direct = try #require(OverlayFont(rasterizer: rasterizer).glyph(for: "W", width: 12, height: 20))
        #expect(glyph.coverage == direct.coverage)
    }
}
