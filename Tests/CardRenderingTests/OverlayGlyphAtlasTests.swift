import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardRenderingTestSupport
import Testing

/// A glyph source that draws every character as a solid block inset by one pixel, and counts
/// its calls.
final class BlockGlyphs: OverlayGlyphSource {
    var calls = 0
    var refuses: Set<Character> = []

    func glyph(for character: Character, width: Int, height: Int) -> OverlayGlyphImage? {
        calls += 1
        guard !refuses.contains(character) else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) { coverage[y * width + x] = 255 }
        }
        return OverlayGlyphImage(width: width, height: height, coverage: coverage)
    }
}

/// The overlay's atlas with a glyph source, the cell grid with wide characters, and the glyphs
/// read back from the GPU.
@Suite("Overlay glyph atlas", .serialized)
struct OverlayGlyphAtlasTests {
    @Test("without a source the atlas is the pixel font's, exactly")
    func plain() {
        let font = BitmapFont.standard
        let atlas = OverlayGlyphAtlas(font: font, columns: 16, growable: false)
        #expect(atlas.image == font.atlas(columns: 16).image)
    }

    @Test("a glyph is drawn once per character and cell size, packed under the pixel font, its coverage in alpha")
    func packing() {
        let font = BitmapFont.standard, source = BlockGlyphs()
        var atlas = OverlayGlyphAtlas(font: font, columns: 16, growable: true)
        let reserved = font.atlas(columns: 16).image.height
        let a = atlas.texels(for: "a", width: 12, height: 18) { source.glyph(for: "a", width: 12, height: 18) }
        let again = atlas.texels(for: "a", width: 12, height: 18) { source.glyph(for: "a", width: 12, height: 18) }
        let b = atlas.texels(for: "b", width: 12, height: 18) { source.glyph(for: "b", width: 12, height: 18) }
        let small = atlas.texels(for: "a", width: 6, height: 9) { source.glyph(for: "a", width: 6, height: 9) }
        #expect(source.calls == 3)
        #expect(atlas.glyphCount == 3)
        guard let a, let b, let small else { Issue.record("no texels"); return }
        #expect(a == again)
        #expect(a.z - a.x == 12 && a.w - a.y == 18)
        #expect(Int(a.y) > reserved, "under the pixel font's rows")
        #expect(b.x >= a.z + 1 && b.y == a.y, "side by side on a shelf, a texel apart")
        #expect(small.z - small.x == 6)
        // The block's coverage: paper on its border, ink inside.
        #expect(atlas.image[Int(a.x), Int(a.y)].a == 0)
        #expect(atlas.image[Int(a.x) + 5, Int(a.y) + 9] == (255, 255, 255, 255))
        // The pixel font's part is untouched.
        let plain = font.atlas(columns: 16).image
        for y in 0..<plain.height { for x in 0..<plain.width where atlas.image[x, y] != plain[x, y] { Issue.record("\(x),\(y)") } }
    }

    @Test("the atlas grows, then when full is emptied on the next set of blocks")
    func growing() {
        var atlas = OverlayGlyphAtlas(font: .standard, columns: 16, growable: true)
        let source = BlockGlyphs()
        var placed = 0
        // 100 × 100 glyphs: ten per shelf, 20 shelves to 2048 rows.
        for i in 0..<400 {
            let c = Character(Unicode.Scalar(0x4E00 + i)!)
            if atlas.texels(for: c, width: 100, height: 100, make: { source.glyph(for: c, width: 100, height: 100) }) != nil {
                placed += 1
            }
        }
        #expect(placed > 150 && placed < 400)
        #expect(atlas.image.height == OverlayGlyphAtlas.maximumHeight)
        let revision = atlas.revision
        atlas.beginBlocks()
        #expect(atlas.glyphCount == 0 && atlas.revision != revision)
        #expect(atlas.texels(for: "x", width: 100, height: 100, make: { source.glyph(for: "x", width: 100, height: 100) }) != nil)
    }

    @Test("quads: a source's glyph covers its cell, a wide character two cells; refused ones are pixel-font glyphs")
    func quads() {
        let block = OverlayTextBlock(lines: ["a日b", "é"], origin: Vec2(10, 20), pixelSize: 2, padding: 4)
        var asked: [(Character, Double, Double)] = []
        let quads = OverlayTextLayout().quads(for: [block]) { character, width, height in
            asked.append((character, width, height))
            return character == "b" ? nil : SIMD4(0, 100, Float(width), 100 + Float(height))
        }
        #expect(quads.count == 1 + 4)
        #expect(asked.map(\.0) == ["a", "日", "b", "é"])
        #expect(asked[0].1 == 12 && asked[0].2 == 18)
        #expect(asked[1].1 == 24 && asked[1].2 == 18)
        #expect(quads[1].rect == SIMD4(14, 24, 12, 18))
        #expect(quads[2].rect == SIMD4<Float>(14 + 12, 24, 24, 18))
        // "b" after the wide character's two cells, in the pixel font (5 × 8 font pixels).
        #expect(quads[3].rect == SIMD4<Float>(14 + 36, 24, 10, 16))
        let b = BitmapFont.standard.glyphIndex(for: "b")
        #expect(quads[3].texels.x == Float(b % 16 * 6))
        #expect(quads[4].rect == SIMD4<Float>(14, 24 + 18, 12, 18))
        // The panel holds four cells across: "a", two for "日", "b".
        let size = OverlayTextBlock.panelSize(lines: block.lines, pixelSize: 2, padding: 4)
        #expect(size.width == Double(3 * 6 + 5) * 2 + 8)
    }

    @Test("drawn: a source's glyph fills its cell on the GPU, one pixel per texel; drawn once across frames")
    func pixels() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        let source = BlockGlyphs()
        let overlay = try TextOverlayRenderer(context: gpu, glyphs: source)
        let block = OverlayTextBlock(lines: ["X日"], origin: Vec2(20, 30), pixelSize: 2,
                                     textColor: SIMD4(1, 1, 1, 1), panelColor: SIMD4(0, 0, 0, 1), padding: 6)
        try overlay.setBlocks([block])
        try overlay.setBlocks([block])
        #expect(source.calls == 2, "each glyph rasterised once")
        #expect(overlay.atlasGlyphCount == 2)
        try renderer.render(RenderFrame(cards: [], camera: Camera(viewport: Scenes.viewport)))
        #expect(try overlay.draw(viewport: Scenes.viewport) == 1)
        let image = try gpu.readPixels()
        // "X": cell 12 × 18 at (26, 36): its border paper (black panel), inside ink.
        #expect(image[26, 36].r == 0)
        #expect(image[27, 37].r == 255 && image[36, 52].r == 255)
        #expect(image[37, 52].r == 0 && image[36, 53].r == 0)
        // "日": two cells, 24 × 18 at (38, 36).
        #expect(image[38, 36].r == 0 && image[39, 37].r == 255 && image[60, 52].r == 255 && image[61, 52].r == 0)
    }
}
