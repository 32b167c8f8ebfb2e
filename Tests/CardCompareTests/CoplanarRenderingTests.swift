import CardLayout
import CardMath
import CardPacking
import CardPixels
@testable import CardRendering
import Testing
import CardRenderingTestSupport

/// Coplanar cards on the GPU (SPEC §8): the depth test orders them by `depthBias`, read back
/// pixel by pixel; without the bias the same frames come out wrong, and the bias does not move
/// the intersection of cards that really cross.
@Suite("Coplanar cards: the depth offset orders ties by bias", .serialized)
struct CoplanarRenderingTests {
    static let viewport = Size(width: 400, height: 300)
    static let camera = Camera(viewport: viewport)

    static func card(_ id: UInt32, x: Double = 200, transform: Mat4 = .identity, bias: Double, zIndex: Int,
                     alpha: Double = 1) -> CardAttributes {
        CardAttributes(index: Int(id), id: CardID(id), center: Vec3(x, 150, 0), size: Size(width: 160, height: 120),
                       transform: transform, alpha: alpha, zIndex: zIndex, depthBias: bias)
    }

    static func withoutBias(_ cards: [CardAttributes]) -> [CardAttributes] {
        cards.map { var c = $0; c.depthBias = 0; return c }
    }

    static func draw(_ cards: [CardAttributes], on gpu: EGLOffscreenContext, renderer: CardRenderer,
                     translucency: Translucency = .peeled) throws -> RGBAImage {
        try renderer.render(RenderFrame(cards: cards, camera: camera, shading: .identity, translucency: translucency))
        return try gpu.readPixels()
    }

    /// A row in the plane z = 0 (linear with spacing 1/2): cards at x = 120, 200, 280, the middle
    /// one in front by bias (0 against −1) while the outer ones have the higher zIndex — and, drawn
    /// first, would win every exact depth tie.
    static let row = [card(1, x: 120, bias: -1, zIndex: 1), card(2, x: 200, bias: 0, zIndex: 0),
                      card(3, x: 280, bias: -1, zIndex: 1)]

    @Test("an exactly coplanar row: the card with the larger bias is seen where cards overlap, the zIndex order without it")
    func row() throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 400, height: 300), samples: 1)
        let renderer = try CardRenderer(context: gpu)
        let image = try Self.draw(Self.row, on: gpu, renderer: renderer)
        // Overlaps of cards 1 and 2 (x 120…200), of all three (x = 200), of 2 and 3 (200…280).
        for x in stride(from: 125, through: 275, by: 10) {
            for y in [100, 150, 200] { #expect(image.identity(x: x, y: y) == CardID(2), "(\(x), \(y))") }
        }
        #expect(image.identity(x: 60, y: 150) == CardID(1) && image.identity(x: 340, y: 150) == CardID(3))
        // Without the bias every tie goes to the card drawn first (front to back: the higher zIndex).
        let plain = try Self.draw(Self.withoutBias(Self.row), on: gpu, renderer: renderer)
        #expect(plain.identity(x: 150, y: 150) == CardID(1) && plain.identity(x: 250, y: 150) == CardID(3))
    }

    /// Parallel planes 0.004 points apart, tilted 35° about Y together (a time-machine stack),
    /// pushed `push` points back: a third of the depth buffer's resolution at the z = 0 plane
    /// (a tenth at 1500 points further), so without the bias the depth test rounds either way
    /// from pixel to pixel.
    static func stack(push: Double) -> [CardAttributes] {
        (0..<3).map { i in
            card(UInt32(i + 1), transform: .translation(Vec3(0, 0, push)) * .rotationY(radians(35))
                    * .translation(Vec3(Double(i) * 40, 0, Double(i) * 0.004)),
                 bias: Double(i), zIndex: 2 - i)
        }
    }

    @Test("a tilted stack below the depth buffer's resolution: every overlap pixel shows the larger bias; without it, not",
          arguments: [0.0, -1500])
    func stack(push: Double) throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 400, height: 300), samples: 1)
        let renderer = try CardRenderer(context: gpu)
        let stack = Self.stack(push: push)
        let reference = try Self.draw(stack, on: gpu, renderer: renderer)
        let plain = try Self.draw(Self.withoutBias(stack), on: gpu, renderer: renderer)
        // Expected card at each pixel: the last (largest bias) whose quad the pixel's ray meets.
        var counted = 0, wrongWithBias = 0, wrongWithout = 0
        for y in stride(from: 90, through: 210, by: 3) {
            for x in stride(from: 100, through: 330, by: 2) {
                let ray = Self.camera.ray(through: Vec2(Double(x) + 0.5, Double(y) + 0.5))
                // The cards the ray meets, skipping pixels within 2 points of any card's outline.
                var covering: [CardID] = [], nearEdge = false
                for card in stack {
                    let m = card.localToWorld(offset: .zero)
                    guard let hit = ray.intersectQuad(matrix: m, halfSize: Vec2(82, 62)) else { continue }
                    let u = Swift.abs(hit.local.x), v = Swift.abs(hit.local.y)
                    if u > 78 || v > 58 { nearEdge = true } else { covering.append(card.id) }
                }
                guard !nearEdge, covering.count >= 2, let expected = covering.last else { continue }
                counted += 1
                if reference.identity(x: x, y: y) != expected { wrongWithBias += 1 }
                if plain.identity(x: x, y: y) != expected { wrongWithout += 1 }
            }
        }
        #expect(counted > 300, "\(counted) pixels counted")
        #expect(wrongWithBias == 0, "\(wrongWithBias) of \(counted) wrong with the bias")
        #expect(wrongWithout > 0, "without the bias the depth test should mix the stack up")
    }

    @Test("coplanar translucent cards peel as two layers: the larger bias over the other, over black")
    func translucent() throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 400, height: 300), samples: 1)
        let renderer = try CardRenderer(context: gpu)
        let cards = [Self.card(1, x: 160, bias: 1, zIndex: 0, alpha: 0.5), Self.card(2, x: 240, bias: 0, zIndex: 1, alpha: 0.5)]
        let color = { (id: UInt32) -> SIMD3<Double> in
            let c = IdentityColor.rgb(for: CardID(id))
            return SIMD3(Double(c.r), Double(c.g), Double(c.b))
        }
        let rgb = { (image: RGBAImage, x: Int, y: Int) -> SIMD3<Double> in
            let p = image[x, y]
            return SIMD3(Double(p.r), Double(p.g), Double(p.b))
        }
        let expected = 0.5 * color(1) + 0.25 * color(2)  // 1 over 2 over black
        let image = try Self.draw(cards, on: gpu, renderer: renderer)
        let got = rgb(image, 200, 150)
        #expect(Swift.abs(got.x - expected.x) <= 2.5 && Swift.abs(got.y - expected.y) <= 2.5 && Swift.abs(got.z - expected.z) <= 2.5,
                "\(got) vs \(expected)")
        // Without the bias the two are at exactly the same depth: peeling sees one of them only.
        let plain = try Self.draw(Self.withoutBias(cards), on: gpu, renderer: renderer)
        let other = rgb(plain, 200, 150)
        #expect(Swift.abs(other.x - expected.x) > 2.5 || Swift.abs(other.y - expected.y) > 2.5 || Swift.abs(other.z - expected.z) > 2.5,
                "\(other): without the bias the overlap should not composite both cards")
    }

    /// The column where row 150 changes from card 1 to card 2 (the first pixel showing card 2).
    static func crossingColumn(_ image: RGBAImage) -> Int? {
        (150..<250).first { image.identity(x: $0, y: 150) == CardID(2) && image.identity(x: $0 - 1, y: 150) == CardID(1) }
    }

    @Test("cards that really intersect still cross at the same line, within a pixel, whatever their biases")
    func intersection() throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 400, height: 300), samples: 1)
        let renderer = try CardRenderer(context: gpu)
        // Card 1 turned +30° about Y, card 2 −30°: they cross along x = 200, card 1 in front on the left.
        let crossing = [Self.card(1, transform: .rotationY(radians(30)), bias: 0, zIndex: 0),
                        Self.card(2, transform: .rotationY(radians(-30)), bias: 0, zIndex: 1)]
        let plain = try #require(Self.crossingColumn(try Self.draw(crossing, on: gpu, renderer: renderer)))
        #expect(Swift.abs(plain - 200) <= 1)
        for biases in [(1.0, 0.0), (0.0, 1.0), (-1.0, 1.0)] {
            var cards = crossing
            cards[0].depthBias = biases.0
            cards[1].depthBias = biases.1
            let image = try Self.draw(cards, on: gpu, renderer: renderer)
            let column = try #require(Self.crossingColumn(image), "\(biases)")
            // The line moves by depthPerStep (one rank here) over the rate at which the depths
            // part, 2·tan 30° per point: 0.43 points, under a pixel here (1 point each).
            #expect(Swift.abs(column - plain) <= 1, "\(biases): \(column) vs \(plain)")
            #expect(image.identity(x: 150, y: 150) == CardID(1) && image.identity(x: 250, y: 150) == CardID(2))
        }
    }
}
