import CardLayout
import CardMath
import CardPacking
import CardPixels
@testable import CardRendering
import Testing
import CardRenderingTestSupport

/// Depth peeling in the renderer, pixel values worked out by hand (independent of the reference).
@Suite("Depth peeling: translucent cards that intersect", .serialized)
struct DepthPeelingTests {
    static let viewport = Size(width: 400, height: 300)
    static let camera = Camera(viewport: viewport)

    static func context() throws -> EGLOffscreenContext {
        try EGLOffscreenContext(size: PixelSize(width: 400, height: 300), samples: 1)
    }

    static func card(_ id: UInt32, z: Double = 0, width: Double = 240, height: Double = 160,
                     transform: Mat4 = .identity, alpha: Double = 0.5, zIndex: Int = 0) -> CardAttributes {
        CardAttributes(index: Int(id), id: CardID(id), center: Vec3(200, 150, z), size: Size(width: width, height: height),
                       transform: transform, alpha: alpha, zIndex: zIndex)
    }

    static func color(_ id: UInt32) -> SIMD3<Double> {
        let c = IdentityColor.rgb(for: CardID(id))
        return SIMD3(Double(c.r), Double(c.g), Double(c.b))
    }

    static func rgb(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> SIMD3<Double> { SIMD3(Double(p.r), Double(p.g), Double(p.b)) }

    static func near(_ a: SIMD3<Double>, _ b: SIMD3<Double>, tolerance: Double = 2.5) -> Bool {
        let d: SIMD3<Double> = a - b
        return Swift.abs(d.x) <= tolerance && Swift.abs(d.y) <= tolerance && Swift.abs(d.z) <= tolerance
    }

    /// Card 1 turned +35° about Y, card 2 −35°, crossing along the vertical line x = 200: left of
    /// it card 1 is nearer (its left half swings toward the viewer), right of it card 2.
    static let crossing = [card(1, transform: .rotationY(radians(35)), zIndex: 1),
                           card(2, transform: .rotationY(radians(-35)), zIndex: 2)]

    @Test("two translucent cards crossing in an X: on each side the nearer one is blended over the farther one")
    func crossingIdentity() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        let leftExpected = 0.5 * Self.color(1) + 0.25 * Self.color(2)   // 1 over 2 over black
        let rightExpected = 0.5 * Self.color(2) + 0.25 * Self.color(1)  // 2 over 1 over black
        for cards in [Self.crossing, Self.crossing.reversed()] {
            let stats = try renderer.render(RenderFrame(cards: cards, camera: Self.camera, shading: .identity))
            let image = try gpu.readPixels()
            #expect(stats.peeledLayers == 2)
            #expect(Self.near(Self.rgb(image[150, 150]), leftExpected), "\(image[150, 150]) vs \(leftExpected)")
            #expect(Self.near(Self.rgb(image[250, 150]), rightExpected), "\(image[250, 150]) vs \(rightExpected)")
        }
        // Sorted by center distance (equal here) the two cards draw in one order: one side is wrong.
        try renderer.render(RenderFrame(cards: Self.crossing, camera: Self.camera, shading: .identity, translucency: .sorted))
        let sorted = try gpu.readPixels()
        let bothRight = Self.near(Self.rgb(sorted[150, 150]), leftExpected) && Self.near(Self.rgb(sorted[250, 150]), rightExpected)
        #expect(!bothRight)
    }

    @Test("a multisampled target (as `render` uses): the single-sampled layers land on every sample")
    func crossingMultisampled() throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 400, height: 300), samples: 4)
        let renderer = try CardRenderer(context: gpu)
        let stats = try renderer.render(RenderFrame(cards: Self.crossing, camera: Self.camera, shading: .identity))
        let image = try gpu.readPixels()
        #expect(stats.peeledLayers == 2)
        #expect(Self.near(Self.rgb(image[150, 150]), 0.5 * Self.color(1) + 0.25 * Self.color(2)))
        #expect(Self.near(Self.rgb(image[250, 150]), 0.5 * Self.color(2) + 0.25 * Self.color(1)))
    }

    @Test("textured cards peel the same way: solid images over the slate background")
    func crossingTextured() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.setLabelGlyphs(nil)
        try renderer.uploadPictures([RGBAImage(width: 8, height: 8, fill: (40, 40, 200, 255)),
                                RGBAImage(width: 8, height: 8, fill: (200, 40, 40, 255)),
                                RGBAImage(width: 8, height: 8, fill: (40, 200, 40, 255))])
        let red = SIMD3<Double>(200, 40, 40), green = SIMD3<Double>(40, 200, 40)
        let slate = 255 * SIMD3<Double>(Double(Float(0.10)), Double(Float(0.11)), Double(Float(0.14)))
        try renderer.render(RenderFrame(cards: Self.crossing, camera: Self.camera))
        let image = try gpu.readPixels()
        // Card 1 shows layer 1 (red), card 2 layer 2 (green).
        let left = 0.5 * red + 0.5 * (0.5 * green + 0.5 * slate), right = 0.5 * green + 0.5 * (0.5 * red + 0.5 * slate)
        #expect(Self.near(Self.rgb(image[150, 160]), left), "\(image[150, 160]) vs \(left)")
        #expect(Self.near(Self.rgb(image[250, 160]), right), "\(image[250, 160]) vs \(right)")
        #expect(image[150, 160].a == 255)
    }

    @Test("a translucent card crossing an opaque one: blended where it is in front, hidden where it is behind")
    func crossingOpaque() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        let opaque = Self.card(1, transform: .rotationY(radians(35)), alpha: 1)
        let glass = Self.card(2, transform: .rotationY(radians(-35)))
        let other = Self.card(3, z: -200, width: 60, height: 40, transform: .identity)  // far behind both: a second translucent card
        let stats = try renderer.render(RenderFrame(cards: [glass, opaque, other], camera: Self.camera, shading: .identity))
        let image = try gpu.readPixels()
        #expect(stats.peeledLayers >= 1)
        #expect(Self.rgb(image[150, 130]) == Self.color(1))                                      // opaque in front
        #expect(Self.near(Self.rgb(image[250, 130]), 0.5 * Self.color(2) + 0.5 * Self.color(1)))  // glass over opaque
    }

    @Test("more layers than the limit: the rest is drawn sorted behind the peeled ones (exact for parallel cards)")
    func layerLimit() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        let stack = (0..<5).map { Self.card(UInt32($0 + 1), z: -30 * Double($0), width: 200 + 20 * Double($0)) }
        var expected = SIMD3<Double>.zero
        for id in (1...5).reversed() { expected = 0.5 * Self.color(UInt32(id)) + 0.5 * expected }
        let all = try renderer.render(RenderFrame(cards: stack, camera: Self.camera, shading: .identity))
        let exact = try gpu.readPixels()
        #expect(all.peeledLayers == 5)
        #expect(Self.near(Self.rgb(exact[200, 150]), expected), "\(exact[200, 150]) vs \(expected)")
        renderer.maximumPeelLayers = 2
        let capped = try renderer.render(RenderFrame(cards: stack.shuffled(), camera: Self.camera, shading: .identity))
        #expect(capped.peeledLayers == 2)
        #expect(Self.near(Self.rgb(try gpu.readPixels()[200, 150]), expected))
    }

    @Test("translucent cards all hidden behind an opaque one: the first layer is empty, only the opaque card shows")
    func hiddenTranslucency() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        let cards = [Self.card(1, alpha: 1), Self.card(2, z: -20, width: 100, height: 60), Self.card(3, z: -40, width: 80, height: 50)]
        let stats = try renderer.render(RenderFrame(cards: cards, camera: Self.camera, shading: .identity))
        #expect(stats.peeledLayers == 0)
        #expect(stats.drawCalls == 3)  // opaque pass, opaque depth pass, one empty layer
        #expect(Self.rgb(try gpu.readPixels()[200, 150]) == Self.color(1))
    }

    @Test("the peeling passes are scissored to the translucent cards: a flat card's pixel rectangle, plus one pixel")
    func scissorBounds() throws {
        // A 100 × 80 card at z = 0 spans x 150…250, y 110…190 points = pixels; GL's rows count
        // from the bottom: 300 − 190 = 110 … 190.
        let card = Self.card(1, width: 100, height: 80)
        let record = try #require(InstanceRecord(card, offset: .zero, eye: Self.camera.eye, layerCount: 1))
        let rect = try #require(ScissorBounds.rect(of: [record][...], viewProjection: Self.camera.viewProjection,
                                                   drawable: PixelSize(width: 400, height: 300)))
        #expect(rect == (149, 109, 102, 82))
        // Off screen: nothing to do; reaching behind the eye: the whole drawable.
        let away = try #require(InstanceRecord(Self.card(2, z: 0, width: 10, height: 10, transform: .translation(Vec3(900, 0, 0))),
                                               offset: .zero, eye: Self.camera.eye, layerCount: 1))
        #expect(ScissorBounds.rect(of: [away][...], viewProjection: Self.camera.viewProjection,
                                   drawable: PixelSize(width: 400, height: 300)) == nil)
        let huge = try #require(InstanceRecord(Self.card(3, width: 100, height: 8000, transform: .rotationX(radians(80))),
                                               offset: .zero, eye: Self.camera.eye, layerCount: 1))
        #expect(ScissorBounds.rect(of: [huge][...], viewProjection: Self.camera.viewProjection,
                                   drawable: PixelSize(width: 400, height: 300)) ?? (0, 0, 0, 0) == (0, 0, 400, 300))
    }

    @Test("pixels outside the translucent cards' bounds are left as the opaque pass drew them")
    func scissoredFrame() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        let small = Self.crossing.map { card -> CardAttributes in
            var c = card
            c.center = Vec3(80, 60, 0)
            c.size = Size(width: 100, height: 80)
            return c
        }
        let opaque = CardAttributes(index: 9, id: CardID(9), center: Vec3(300, 220, 0), size: Size(width: 120, height: 100))
        let stats = try renderer.render(RenderFrame(cards: small + [opaque], camera: Self.camera, shading: .identity))
        let image = try gpu.readPixels()
        #expect(stats.peeledLayers == 2)
        #expect(image.identity(x: 300, y: 220) == CardID(9))
        #expect(Self.rgb(image[390, 10]) == .zero && Self.rgb(image[200, 290]) == .zero)
        #expect(Self.near(Self.rgb(image[60, 60]), 0.5 * Self.color(1) + 0.25 * Self.color(2)))
    }

    @Test("after the drawable is resized the peeling targets follow")
    func resized() throws {
        let gpu = try Self.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.render(RenderFrame(cards: Self.crossing, camera: Self.camera, shading: .identity))
        try gpu.resize(to: PixelSize(width: 200, height: 150), samples: 1)
        // The same viewport on half the pixels: pixel (75, 75) is point (150, 150).
        let stats = try renderer.render(RenderFrame(cards: Self.crossing, camera: Self.camera, shading: .identity))
        #expect(stats.peeledLayers == 2)
        let expected = 0.5 * Self.color(1) + 0.25 * Self.color(2)
        #expect(Self.near(Self.rgb(try gpu.readPixels()[75, 75]), expected))
    }
}
