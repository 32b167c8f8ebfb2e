import CardImaging
import CardLayout
import CardMath
import CardPacking
import CardRendering
import Testing
import CardRenderingTestSupport

/// The offscreen target, read-back and PNG output.
@Suite("Offscreen rendering and PNG output", .serialized)
struct OffscreenTests {
    @Test("the context is OpenGL 3.3 core or later")
    func version() throws {
        let gpu = try Scenes.context()
        #expect(gpu.info.supportsGL33)
        #expect(!gpu.info.renderer.isEmpty)
    }

    @Test("read-back is top row first: a card in the top half shows in the image's top half")
    func rowOrder() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        let card = Scenes.card(7, x: 200, y: 50, width: 100, height: 40)
        try renderer.render(RenderFrame(cards: [card], camera: Camera(viewport: Scenes.viewport), shading: .identity))
        let image = try gpu.readPixels()
        #expect(image.width == 400 && image.height == 300)
        #expect(image.identity(x: 200, y: 50) == CardID(7))
        #expect(image.identity(x: 200, y: 250) == nil)
        // Flat card at z = 0: the plane maps 1:1, so its edges are where its frame says.
        #expect(image.identity(x: 152, y: 50) == CardID(7))
        #expect(image.identity(x: 148, y: 50) == nil)
        #expect(image.identity(x: 200, y: 32) == CardID(7))
        #expect(image.identity(x: 200, y: 28) == nil)
    }

    @Test("PNG output decodes back to the pixels read", arguments: [1, 4])
    func pngRoundTrip(samples: Int) throws {
        let gpu = try Scenes.context(samples: samples)
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Scenes.solid(200, 40, 40), Scenes.solid(40, 200, 40)])
        let context = LayoutContext(viewport: Scenes.viewport, cardCount: 12)
        let cards = PagesLayout().visibleAttributes(in: context)
        try renderer.render(RenderFrame(cards: cards, camera: context.camera))
        let image = try gpu.readPixels()
        let path = "/tmp/cardviewer-test-\(samples)-\(UInt32.random(in: 0...UInt32.max)).png"
        try PNGCodec.write(image, to: path)
        let decoded = try PNGCodec.read(contentsOf: path)
        #expect(decoded == image)
        // Not a blank frame: both the background and the card images are there.
        let background = image[2, 2]
        #expect(background.r < 60 && background.g < 60 && background.b < 60 && background.a == 255)
        #expect(image.pixels.count == 400 * 300 * 4)
    }

    @Test("a 0 × 0 target draws nothing and reads back an empty image")
    func emptyTarget() throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 0, height: 0))
        let renderer = try CardRenderer(context: gpu)
        let stats = try renderer.render(RenderFrame(cards: Scenes.grid(count: 3), camera: Camera(viewport: Scenes.viewport)))
        #expect(stats.drawCalls == 0)
        #expect(try gpu.readPixels().pixels.isEmpty)
    }

    @Test("resizing the target: a smaller viewport maps onto the new drawable")
    func resize() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try gpu.resize(to: PixelSize(width: 200, height: 100), samples: 1)
        let small = Size(width: 200, height: 100)
        try renderer.render(RenderFrame(cards: [Scenes.card(3, x: 100, y: 50)], camera: Camera(viewport: small), shading: .identity))
        let image = try gpu.readPixels()
        #expect(image.width == 200 && image.height == 100)
        #expect(image.identity(x: 100, y: 50) == CardID(3))
    }

    @Test("a framebuffer beyond the driver's limit is refused with a message, not a crash")
    func tooLarge() throws {
        #expect(throws: RenderError.self) {
            _ = try EGLOffscreenContext(size: PixelSize(width: 1 << 20, height: 16))
        }
    }
}
