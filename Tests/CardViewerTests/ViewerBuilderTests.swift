import CardImaging
import CardInteraction
import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
import CardViewerFrame
import Foundation
import Testing

/// `ViewerBuilder`, the one place a viewer is assembled (window, `render`, replays, `bench`):
/// built offscreen with a small deck and a layout, its frame shows the deck's cards with their
/// own pictures; the picture pass alone sets each record's layer; and `cardviewer render`, which
/// builds its viewer here, draws the same frame.
@Suite("the viewer builder")
struct ViewerBuilderTests {
    static let viewport = Size(width: 640, height: 400)

    /// A viewer of `folder`'s pictures in the grid, built offscreen; its frame once the cards in
    /// view show their pictures.
    static func settledFrame(_ builder: ViewerBuilder) throws -> (viewer: AssembledViewer, image: RGBAImage) {
        let gpu = try ViewerBuilder.offscreenSurface(size: viewport)
        let viewer = try builder.build(on: gpu, viewport: viewport)
        viewer.session.advance(to: 0)
        #expect(try viewer.waitForPictures(timeout: 30), "missing: \(viewer.pictures.missingFiles)")
        gpu.present()
        return (viewer, try gpu.readPixels())
    }

    @Test("built offscreen on a folder of four colours, the grid's frame shows each card's own colour")
    func drawsTheDecksCards() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try ViewerTest.imageFolder(count: 4, in: directory.url)
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        let (viewer, image) = try Self.settledFrame(builder)
        defer { viewer.shutdown(thumbnailSeconds: 0) }

        #expect(viewer.session.deck.count == 4)
        #expect(viewer.session.viewport == Self.viewport)
        #expect(viewer.overlay == nil, "no overlay unless asked for")
        #expect(image.width == 640 && image.height == 400)
        let grid = GridLayout()
        for index in 0..<4 {
            let center = grid.slotFrame(at: index, viewport: Self.viewport).center
            let c = ViewerTest.colors[index]
            #expect(ViewerTest.pixel(image, Int(center.x), Int(center.y), is: c, tolerance: 12),
                    "card \(index): \(image[Int(center.x), Int(center.y)]) instead of \(c)")
        }
        // Outside the cards: the background, not a card's colour.
        let corner = image[2, image.height - 3]
        #expect(!ViewerTest.colors.prefix(4).contains { ViewerTest.pixel(image, 2, image.height - 3, is: $0, tolerance: 12) },
                "the corner shows a card: \(corner)")
    }

    @Test("the frame's records get their layers from the picture pass: each card its own resident picture")
    func layersComeFromThePicturePass() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try ViewerTest.imageFolder(count: 4, in: directory.url)
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        let (viewer, _) = try Self.settledFrame(builder)
        defer { viewer.shutdown(thumbnailSeconds: 0) }
        let records = Array(viewer.frame.packer.records)
        #expect(records.count == 4)
        #expect(viewer.frame.usedBulkPath, "the grid at rest takes the bulk writers")
        // Four different pictures: four different layers, none the placeholder, as the packers
        // (which leave every layer 0) would not give them.
        let layers = Set(records.map(\.layer))
        #expect(layers.count == 4, "\(records.map(\.layer))")
        #expect(!layers.contains(PictureLayer.none))
        let deck = viewer.session.deck
        #expect(Set(records.map(\.id)) == Set((0..<deck.count).map { deck[$0].id.rawValue }))
    }

    @Test("offscreen surfaces are multisampled 4× up to 4096² pixels, 1× beyond (render and headless replays alike)")
    func offscreenSamples() {
        #expect(ViewerBuilder.offscreenSamples(PixelSize(width: 1280, height: 800)) == 4)
        #expect(ViewerBuilder.offscreenSamples(PixelSize(width: 4096, height: 4096)) == 4)
        #expect(ViewerBuilder.offscreenSamples(PixelSize(width: 4097, height: 4096)) == 1)
        #expect(ViewerBuilder.offscreenSamples(PixelSize(width: 16384, height: 16384)) == 1)
    }

    @Test("`cardviewer render` draws the builder's frame", arguments: [LayoutKind.grid, .pages])
    func renderDrawsTheBuildersFrame(layout: LayoutKind) throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try ViewerTest.imageFolder(count: 6, in: directory.url)
        let out = directory.path("render.png")
        let outcome = try ChildProcess.runViewer(["render", "--images", folder.path, "--thumbnail-cache", "off", "--layout", layout.rawValue,
                                                  "--size", "640x400", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rendered = try PNGCodec.read(contentsOf: out)

        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: layout)
        builder.pictures.thumbnailCache = .off
        let (viewer, image) = try Self.settledFrame(builder)
        viewer.shutdown(thumbnailSeconds: 0)
        try #require(rendered.width == image.width && rendered.height == image.height)
        var differing = 0
        for y in 0..<image.height {
            for x in 0..<image.width where !ViewerTest.pixel(rendered, x, y, is: (image[x, y].r, image[x, y].g, image[x, y].b), tolerance: 2) {
                differing += 1
            }
        }
        #expect(differing <= image.width * image.height / 1000, "\(differing) pixels differ")
    }
}
