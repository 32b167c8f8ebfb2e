import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing
import CardRenderingTestSupport

/// The text overlay: glyph quads from the pixel font's atlas, one instanced draw, read back.
@Suite("Text overlay", .serialized)
struct TextOverlayTests {
    @Test("quads: a panel, then one quad per inked character at whole font pixels")
    func quads() {
        let block = OverlayTextBlock(lines: ["Hi", " x"], origin: Vec2(10, 20), pixelSize: 2, padding: 4)
        let quads = OverlayTextLayout().quads(for: [block])
        #expect(quads.count == 1 + 3)  // the space has no quad
        let size = OverlayTextBlock.panelSize(lines: block.lines, pixelSize: 2, padding: 4)
        #expect(size.width == Double(BitmapFont.standard.measure("Hi\n x").width) * 2 + 8)
        #expect(quads[0].rect == SIMD4(10, 20, Float(size.width), Float(size.height)))
        #expect(quads[0].texels.x < 0)
        // "H": at the pen position, 5 × 8 font pixels of 2 points; its atlas cell from the glyph index.
        let font = BitmapFont.standard, h = font.glyphIndex(for: "H")
        #expect(quads[1].rect == SIMD4(14, 24, 10, 16))
        #expect(quads[1].texels == SIMD4(Float(h % 16 * 6), Float(h / 16 * 9), Float(h % 16 * 6 + 5), Float(h / 16 * 9 + 8)))
        // "x" on the second line, second column.
        #expect(quads[3].rect.x == 14 + 12 && quads[3].rect.y == 24 + 18)
    }

    @Test("drawn over a frame: ink white, panel translucent over the background, outside untouched")
    func pixels() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        let overlay = try TextOverlayRenderer(context: gpu)
        let block = OverlayTextBlock(lines: ["H"], origin: Vec2(20, 30), pixelSize: 3,
                                     textColor: SIMD4(1, 1, 1, 1), panelColor: SIMD4(0, 0, 0, 0.5), padding: 6)
        try overlay.setBlocks([block])
        #expect(overlay.quadCount == 2)
        try renderer.render(RenderFrame(cards: [], camera: Camera(viewport: Scenes.viewport)))
        #expect(try overlay.draw(viewport: Scenes.viewport) == 1)
        let image = try gpu.readPixels()
        let font = BitmapFont.standard, glyph = font.glyphIndex(for: "H")
        // The centre of font pixel (x, y) of the glyph, in viewport (= image) pixels.
        func center(_ x: Int, _ y: Int) -> (Int, Int) { (20 + 6 + 3 * x + 1, 30 + 6 + 3 * y + 1) }
        var inked = 0, blank = 0
        let background = renderer.background
        for y in 0..<font.glyphSize.height {
            for x in 0..<font.glyphSize.width {
                let (px, py) = center(x, y)
                let p = image[px, py]
                if font.hasInk(glyph: glyph, x: x, y: y) {
                    #expect(p.r == 255 && p.g == 255 && p.b == 255, "ink at \(x),\(y): \(p)")
                    inked += 1
                } else {
                    // Half-transparent black over the background: half its value (±1).
                    #expect(abs(Int(p.r) - Int((background.red * 255 / 2).rounded())) <= 1, "paper at \(x),\(y): \(p)")
                    blank += 1
                }
            }
        }
        #expect(inked > 10 && blank > 10)
        let outside = image[200, 200]
        #expect(abs(Int(outside.r) - Int((background.red * 255).rounded())) <= 1)
    }
}
