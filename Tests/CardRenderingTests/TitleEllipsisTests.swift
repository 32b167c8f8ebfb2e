import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing

/// Issue 34 item 4: a title longer than its band ends in an ellipsis (card.vert's titleRunsOver,
/// card.frag's title()): the text stops 0.9 text heights short of the band's end and three dots
/// stand there; a title that fits is drawn as before, without dots.
@Suite("Cut titles end in an ellipsis", .serialized)
struct TitleEllipsisTests {
    /// A 300 × 180 picture card at 1:1 whose title slot (1024 × 16) has ink in its first
    /// `columns` columns, every row.
    static func draw(inkColumns columns: Int) throws -> RGBAImage {
        let (gpu, renderer) = try PictureTests.renderer()
        try renderer.uploadPicture(PictureTests.solidChain(40, 40, 200), toLayer: 0)
        try renderer.makeTitleAtlas(slots: 3, slotSize: PixelSize(width: 1024, height: 16))
        var coverage = [UInt8](repeating: 0, count: 1024 * 16)
        for y in 0..<16 { for x in 0..<columns { coverage[y * 1024 + x] = 255 } }
        try renderer.uploadTitle(coverage: coverage, width: 1024, height: 16, toSlot: 1)
        return try PictureTests.draw([Scenes.card(0, x: 200, y: 150, width: 300, height: 180)], with: renderer, gpu: gpu) {
            $0[0].title = 1
            $0[0].setPicture(layer: 0, rect: .full, opacity: 1)
        }
    }

    // card.vert for this card: unit 180, strip 18, text 10.8, inset 6.3, margin 4.5; the band
    // from x 54.5 to 345.5, the text from 60.8; 16 / 10.8 texels per point, so the band holds
    // 412 texel columns. The ellipsis: 9.72 points, x 329.5…339.2; its dots on y ≈ 229.7.
    static let textRow = 224, dotRows = 228...231, ellipsisColumns = 330...339

    static func white(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ at: Int = 200) -> Bool {
        Int(p.r) >= at && Int(p.g) >= at && Int(p.b) >= at
    }

    @Test("600 columns of ink (past the band's 412): the text stops before the ellipsis; three dots on its baseline")
    func cutTitle() throws {
        let image = try Self.draw(inkColumns: 600)
        #expect(Self.white(image[320, Self.textRow], 250), "text: \(image[320, Self.textRow])")
        for x in Self.ellipsisColumns {
            #expect(!Self.white(image[x, Self.textRow], 120), "above the dots at \(x): \(image[x, Self.textRow])")
        }
        // Each dot: some pixel near its centre (331.1, 334.4, 337.6) well lit.
        for centre in [331, 334, 337] {
            let brightest = Self.dotRows.flatMap { y in ((centre - 1)...(centre + 1)).map { Int(image[$0, y].r) } }.max() ?? 0
            #expect(brightest >= 150, "dot at \(centre): brightest red \(brightest)")
        }
        // Past the text's end nothing is white.
        #expect(!Self.white(image[342, Self.textRow], 120))
    }

    @Test("300 columns (the band holds 412): drawn whole, no dots")
    func fittingTitle() throws {
        let image = try Self.draw(inkColumns: 300)
        #expect(Self.white(image[250, Self.textRow], 250), "text: \(image[250, Self.textRow])")
        #expect(!Self.white(image[270, Self.textRow], 120), "past the text's end (263.4): \(image[270, Self.textRow])")
        for y in Self.dotRows {
            for x in Self.ellipsisColumns { #expect(!Self.white(image[x, y], 120), "no dot at \(x), \(y): \(image[x, y])") }
        }
    }
}
