import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardRenderingTestSupport
import CardTestSupport
import Foundation
import Testing

/// Colour labels on cards (SPEC §10, `TitleSlot+Labels`), rendered headless and read back: a
/// dot per label in the culling mark's pill, after the pick, the stars or the cross, in
/// darktable's order and colours; nothing where a card has none; the photo view's picture too.
@Suite("Colour labels", .serialized)
struct ColorLabelTests {
    static let viewport = CullMarkTests.viewport
    static let blue = CullMarkTests.blue
    /// card.frag's labelColors, 0…255.
    static let colors: [(r: Double, g: Double, b: Double)] = [
        (0.93, 0.22, 0.20), (0.98, 0.88, 0.16), (0.20, 0.74, 0.26), (0.22, 0.50, 1.0), (0.70, 0.38, 0.92),
    ].map { ($0.0 * 255, $0.1 * 255, $0.2 * 255) }

    /// One flat blue card of `width` × `height` at the viewport's centre, with culling bits
    /// `bits`, title field `title` (no title atlas: no title is drawn) and, when `photo`, the
    /// photo view's flag.
    static func render(width: Double, height: Double, bits: UInt8, title: UInt16, photo: Bool = false) throws -> RGBAImage? {
        guard let gpu = try? Scenes.context(viewport, samples: 4), let renderer = try? CardRenderer(context: gpu) else { return nil }
        try renderer.uploadPictures([Scenes.solid(blue.r, blue.g, blue.b)], layerSize: PixelSize(width: 64, height: 64))
        let camera = Camera(viewport: viewport)
        let packer = BulkInstancePacker()
        let card = Scenes.card(0, x: viewport.width / 2, y: viewport.height / 2, width: width, height: height)
        packer.pack(cards: [card], offset: .zero, camera: camera, ordering: .depth, layers: LayerChoice(count: 1))
        packer.withMutableRecords { records in
            for i in records.indices {
                records[i].flags = (records[i].flags & 0x0F) | bits | (photo ? InstanceFlags.photo.rawValue : 0)
                records[i].title = title
            }
        }
        _ = try renderer.upload(packer.records)
        try renderer.draw(packer.records, passes: packer.passes, camera: camera)
        return try gpu.readPixels()
    }

    /// The centre (pixels) of label dot `n` on a `width` × `height` card at the viewport's centre
    /// whose mark has `marks` symbol slots before the labels (card.vert: the pill in the card's
    /// top-left corner, `pad` = 0.2 h inside it, slots h wide; a picked row 2 · pickRadius h tall).
    static func dotCenter(_ n: Int, marks: Double, width: Double, height: Double, picked: Bool = false, photo: Bool = false) -> (x: Int, y: Int) {
        let unit = min(width, height)
        let h = min(max(0.08 * unit, 6), 64), pad = 0.2 * h
        let radius = CardOutline.cornerRadius(unit: unit)
        let margin = max(0.025 * unit, 2) + (photo ? 0 : 0.3 * radius)
        let left = viewport.width / 2 - width / 2, top = viewport.height / 2 - height / 2
        let row = picked ? 2 * Double(CullMarkShape.pickRadius) * h : h
        return (Int(left + margin + pad + (marks + Double(n) + 0.5) * h), Int(top + margin + pad + 0.5 * row))
    }

    /// Whether the pixel at `at` (and its eight neighbours) is label `k`'s colour.
    static func shows(_ image: RGBAImage, _ at: (x: Int, y: Int), label k: Int) -> Bool {
        for dy in -1...1 {
            for dx in -1...1 {
                let p = image[at.x + dx, at.y + dy], c = colors[k]
                guard abs(Double(p.r) - c.r) <= 8, abs(Double(p.g) - c.g) <= 8, abs(Double(p.b) - c.b) <= 8 else { return false }
            }
        }
        return true
    }

    static func isCardBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        p.r == blue.r && p.g == blue.g && p.b == blue.b
    }

    @Test("five labels after two stars: each dot in its colour, darktable's order")
    func everyLabel() throws {
        let stars = InstanceFlags.cullBits(stars: 2, picked: false, rejected: false)
        guard let image = try Self.render(width: 600, height: 400, bits: stars, title: TitleSlot.field(slot: 0, labels: 0x1F)) else {
            Issue.record("no headless OpenGL 3.3")
            return
        }
        for k in 0..<5 {
            let at = Self.dotCenter(k, marks: 2, width: 600, height: 400)
            #expect(Self.shows(image, at, label: k), "label \(k) at \(at): \(image[at.x, at.y])")
        }
    }

    @Test("labels alone make a mark; a pick, a reject come first; no labels: the card's own colour there")
    func labelsBesideTheMark() throws {
        let picked = InstanceFlags.cullBits(stars: 1, picked: true, rejected: false)
        let rejected = InstanceFlags.cullBits(stars: 3, picked: false, rejected: true)
        guard let alone = try Self.render(width: 600, height: 400, bits: 0, title: TitleSlot.field(slot: TitleSlot.none, labels: 0b1001)),
              let afterPick = try Self.render(width: 600, height: 400, bits: picked, title: TitleSlot.field(slot: 4, labels: 0b0100)),
              let afterReject = try Self.render(width: 600, height: 400, bits: rejected, title: TitleSlot.field(slot: 4, labels: 0b0010)),
              let none = try Self.render(width: 600, height: 400, bits: InstanceFlags.cullBits(stars: 2, picked: false, rejected: false),
                                         title: 4) else {
            Issue.record("no headless OpenGL 3.3")
            return
        }
        // Red and blue, no stars: the pill holds the two dots.
        #expect(Self.shows(alone, Self.dotCenter(0, marks: 0, width: 600, height: 400), label: 0))
        #expect(Self.shows(alone, Self.dotCenter(1, marks: 0, width: 600, height: 400), label: 3))
        // The red dot is 2 · labelDotRadius · h across (h = 0.08 · 400 = 32: 23 pixels).
        let red = CullMarkSizeTests.extent(alone) { $0.r > 200 && $0.g < 90 && $0.b < 90 }
        let across = 2 * Double(CullMarkShape.labelDotRadius) * 32
        #expect(abs(Double(red.width) - across) <= 2 && abs(Double(red.height) - across) <= 2, "\(red)")
        // Green after the pick's slot and one star.
        let green = Self.dotCenter(0, marks: Double(CullMarkShape.pickSlot) + 1, width: 600, height: 400, picked: true)
        #expect(Self.shows(afterPick, green, label: 2), "\(afterPick[green.x, green.y])")
        // Yellow after the cross, on a dimmed card (the dot itself undimmed).
        let yellow = Self.dotCenter(0, marks: 1, width: 600, height: 400)
        #expect(Self.shows(afterReject, yellow, label: 1), "\(afterReject[yellow.x, yellow.y])")
        // Without labels, where the first dot would be (past the pill): the card's blue.
        for n in 0..<3 {
            let at = Self.dotCenter(n, marks: 2, width: 600, height: 400)
            #expect(Self.isCardBlue(none[at.x, at.y]), "\(at): \(none[at.x, at.y])")
        }
    }

    @Test("the photo view's picture shows its labels in its mark, top-left")
    func photoView() throws {
        let stars = InstanceFlags.cullBits(stars: 3, picked: false, rejected: false)
        guard let image = try Self.render(width: 600, height: 400, bits: stars, title: TitleSlot.field(slot: TitleSlot.none, labels: 0b10001),
                                          photo: true) else {
            Issue.record("no headless OpenGL 3.3")
            return
        }
        #expect(Self.shows(image, Self.dotCenter(0, marks: 3, width: 600, height: 400, photo: true), label: 0))
        #expect(Self.shows(image, Self.dotCenter(1, marks: 3, width: 600, height: 400, photo: true), label: 4))
    }
}
