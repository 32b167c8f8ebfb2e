import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing

/// Issue 34 item 4: a title shrinks before it vanishes (card.vert's titleStripHeight). Its text
/// is 6 % of the card's shorter side (at least 9.6 points); shorter on screen than 10 pixels
/// (`legiblePixels`) it used to be left out, so cards under ~160 points at 1:1 lost their
/// titles. Now the text goes down to 9 pixels on screen and is held there (its strip grows in
/// points); the title is left out only when that strip does not fit on the card.
@Suite("Titles shrink before they vanish", .serialized)
struct TitleShrinkTests {
    /// A picture card (dark blue picture) with a title slot full of ink in its first 48 of 128
    /// columns, drawn alone; the pixels that are (near) white: the title's ink.
    static func ink(_ card: CardAttributes) throws -> (count: Int, rows: ClosedRange<Int>?) {
        let (gpu, renderer) = try PictureTests.renderer()
        try renderer.uploadPicture(PictureTests.solidChain(40, 40, 200), toLayer: 0)
        try renderer.makeTitleAtlas(slots: 3, slotSize: PixelSize(width: 128, height: 16))
        var coverage = [UInt8](repeating: 0, count: 128 * 16)
        for y in 0..<16 { for x in 0..<48 { coverage[y * 128 + x] = 255 } }
        try renderer.uploadTitle(coverage: coverage, width: 128, height: 16, toSlot: 2)
        let image = try PictureTests.draw([card], with: renderer, gpu: gpu) {
            $0[0].title = 2
            $0[0].setPicture(layer: 0, rect: .full, opacity: 1)
        }
        var count = 0, rows: [Int] = []
        for y in 0..<image.height {
            var inRow = 0
            for x in 0..<image.width where PictureTests.near(image[x, y], [255, 255, 255], 40) { inRow += 1 }
            count += inRow
            // A row the text covers: at least half of the ink block's width inked.
            if inRow >= 10 { rows.append(y) }
        }
        return (count, rows.first.map { $0...rows.last! })
    }

    @Test("a 120 × 80 point card at 1:1 shows its title: 9.6 points of text, 9.6 pixels (it vanished under 10)")
    func smallCardKeepsItsTitle() throws {
        let found = try Self.ink(Scenes.card(0, x: 200, y: 150, width: 120, height: 80))
        #expect(found.count > 100, "ink pixels: \(found.count)")
        // The slot's 16 rows of ink stand for the text's 9.6 points: 8–11 rows of near-white pixels (the edge rows are partly covered).
        let rows = try #require(found.rows)
        #expect((8...11).contains(rows.count), "ink rows: \(rows)")
    }

    @Test("far from the eye (half scale) a 300 × 180 card's 10.8 points of text would be 5.4 pixels: held at 9 pixels")
    func farCardHoldsTheMinimum() throws {
        // z = −eye distance: half scale (Camera's perspective), the card 150 × 90 pixels.
        let card = Scenes.card(0, x: 200, y: 150, z: -Camera.defaultEyeDistance, width: 300, height: 180)
        let found = try Self.ink(card)
        let rows = try #require(found.rows, "no title ink")
        #expect((8...10).contains(rows.count), "ink rows: \(rows)")
    }

    @Test("a card too small for a 9-pixel title's strip (60 × 40 points) shows none")
    func tinyCardHasNone() throws {
        let found = try Self.ink(Scenes.card(0, x: 200, y: 150, width: 60, height: 40))
        #expect(found.count == 0, "ink pixels: \(found.count)")
    }
}
