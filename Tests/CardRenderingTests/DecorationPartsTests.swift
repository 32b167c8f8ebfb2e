import CardLayout
import CardMath
import CardPacking
import CardPixels
@testable import CardRendering
import CardRenderingTestSupport
import Testing

/// The decorations pass compiles only the parts it draws (`CardPrograms.Variant.decorationParts`,
/// `DECORATION_PARTS` in card.vert and card.frag): a window's first frame, badges only, links
/// and compiles about half the code the full decorations program had (issue 34, the first
/// frame in a new HOME). Read back: the lean program draws the same badge pixels as the full one.
@Suite("Decoration parts", .serialized)
struct DecorationPartsTests {
    static let viewport = Size(width: 400, height: 300)

    /// Two cards side by side (left id 0, right id 1, neither over the middle column) with a flat
    /// picture each, the right one's culling bits set to `rightBits`, drawn; the frame and the
    /// program variant of its decorations pass.
    static func render(_ renderer: CardRenderer, _ gpu: EGLOffscreenContext, rightBits: UInt8) throws
        -> (image: RGBAImage, decorations: CardPrograms.Variant) {
        let camera = Camera(viewport: viewport)
        let packer = BulkInstancePacker()
        let cards = [Scenes.card(0, x: 100, y: 150, width: 160, height: 110), Scenes.card(1, x: 300, y: 150, width: 160, height: 110)]
        packer.pack(cards: cards, offset: .zero, camera: camera, ordering: .depth, layers: LayerChoice(count: 1))
        packer.withMutableRecords { records in
            for i in records.indices where records[i].id == 1 { records[i].flags = (records[i].flags & 0x0F) | rightBits }
        }
        let variant = renderer.pictureFeatures(packer.records).variant(.decorations)
        _ = try renderer.upload(packer.records)
        try renderer.draw(packer.records, passes: packer.passes, camera: camera)
        return (try gpu.readPixels(), variant)
    }

    @Test("badges only: the pass's program leaves out the title, mark and culling mark, and draws the left card's badge as the full program does")
    func badgesOnly() throws {
        let gpu = try Scenes.context(Self.viewport)
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Scenes.solid(40, 80, 200)], layerSize: PixelSize(width: 64, height: 64))
        let lean = try Self.render(renderer, gpu, rightBits: 0)
        let full = try Self.render(renderer, gpu, rightBits: InstanceFlags.cullBits(stars: 3, picked: false, rejected: false))
        #expect(lean.decorations.decorationParts == 1)
        #expect(lean.decorations.defines.contains("DECORATION_PARTS 1"))
        #expect(full.decorations.decorationParts == 4)
        #expect(!full.decorations.defines.contains { $0.hasPrefix("DECORATION_PARTS") }, "the full program keeps its source")
        // The title's code (the only reader of uTitleSlot) is not in the lean program.
        #expect(try renderer.programs.program(lean.decorations).location(CardUniform.titleSlot.rawValue) == -1)
        #expect(try renderer.programs.program(full.decorations).location(CardUniform.titleSlot.rawValue) >= 0)
        try renderer.setLabelGlyphs(nil)
        let plain = try Self.render(renderer, gpu, rightBits: 0)
        var badge = 0, differing = 0, marked = 0
        for y in 0..<lean.image.height {
            for x in 0..<lean.image.width / 2 {
                if lean.image[x, y] != plain.image[x, y] { badge += 1 }
                if lean.image[x, y] != full.image[x, y] { differing += 1 }
            }
            for x in lean.image.width / 2..<lean.image.width where lean.image[x, y] != full.image[x, y] { marked += 1 }
        }
        #expect(badge > 50, "the left card's badge is drawn (\(badge) pixels)")
        #expect(differing == 0, "\(differing) pixels of the left card differ between the lean and the full program")
        #expect(marked > 50, "the right card's culling mark is drawn by the full program (\(marked) pixels)")
    }

    @Test("every part count compiles and links, with the other features too", arguments: 1...4)
    func everyPartCount(parts: Int) throws {
        let gpu = try Scenes.context(Self.viewport)
        let renderer = try CardRenderer(context: gpu)
        for features in [CardRenderer.PictureFeatures(), CardRenderer.PictureFeatures(fullResolution: true, fade: true),
                         CardRenderer.PictureFeatures(noPictures: true)] {
            var features = features
            features.decorationQuads = parts
            let variant = features.variant(.decorations)
            #expect(variant.decorationParts == parts)
            let program = try renderer.programs.program(variant)
            #expect(program.location(CardUniform.titleSlot.rawValue) >= 0 || parts == 1)
            #expect(features.variant(.bodyAndDecorations).decorationParts == 4, "a translucent card's draw has all parts")
        }
    }
}
