import CardLayout
import CardMath
import CardPacking
import CardRendering
import Testing
@testable import CardCompare
import CardRenderingTestSupport

/// The exact reference on tiny scenes whose answers are worked out by hand.
@Suite("Exact CPU reference on hand-checked scenes")
struct ReferenceTests {
    static let viewport = Size(width: 400, height: 300)
    static let pixels = PixelSize(width: 400, height: 300)

    static func scene(_ cards: [CardAttributes]) -> CompareScene {
        CompareScene(name: "test", summary: "", viewport: viewport, cards: cards)
    }

    static func card(_ id: UInt32, x: Double = 200, y: Double = 150, z: Double = 0, width: Double = 100, height: Double = 80,
                     transform: Mat4 = .identity, alpha: Double = 1, zIndex: Int = 0) -> CardAttributes {
        CardAttributes(index: Int(id), id: CardID(id), center: Vec3(x, y, z), size: Size(width: width, height: height),
                       transform: transform, alpha: alpha, zIndex: zIndex)
    }

    static func color(_ id: UInt32) -> SIMD3<Double> {
        let c = IdentityColor.rgb(for: CardID(id))
        return SIMD3(Double(c.r), Double(c.g), Double(c.b))
    }

    static func pixel(_ reference: ReferenceImage, _ x: Int, _ y: Int) -> SIMD3<Double> {
        let p = reference.image[x, y]
        return SIMD3(Double(p.r), Double(p.g), Double(p.b))
    }

    /// `value` rounded to bytes, halves away from zero, as the reference stores it.
    static func bytes(_ value: SIMD3<Double>) -> SIMD3<Double> { value.rounded(.toNearestOrAwayFromZero) }

    @Test("two cards crossing about a vertical axis: the nearer plane wins on each side of the line, by 2D geometry")
    func crossingCards() {
        // Both cards share the center (200, 150, 0); card 1 turned +30° about Y, card 2 −30°.
        let a = Self.card(1, width: 200, transform: .rotationY(radians(30)), zIndex: 1)
        let b = Self.card(2, width: 200, transform: .rotationY(radians(-30)), zIndex: 2)
        let reference = ExactReference.render(Self.scene([a, b]), pixels: Self.pixels)
        let mask = ExclusionMask(reference)
        // In the plane y = 150 the eye is at (200, 1500) in (x, z); the ray through pixel x meets
        // z = 0 at x + 0.5. Each card is the line through (200, 0) along (cos θ, −sin θ).
        func depth(_ x: Int, _ degrees: Double) -> Double {
            let px = Double(x) + 0.5, dx = px - 200, dz = -1500.0
            let (sine, cosine) = sinCos(radians(degrees))
            let cx = cosine, cz = -sine
            // (200 + t·dx, 1500 + t·dz) = (200 + s·cx, s·cz); by Cramer's rule on (t, s).
            let det = dx * (-cz) - (-cx) * dz
            let t = (0 * (-cz) - (-cx) * (-1500)) / det
            return t
        }
        for x in stride(from: 120, through: 280, by: 8) where abs(x - 200) > 3 {
            let expected: UInt32 = depth(x, 30) < depth(x, -30) ? 1 : 2
            #expect(reference.image.identity(x: x, y: 150) == CardID(expected), "x = \(x)")
            #expect(!mask.excluded[150 * 400 + x], "x = \(x) should be counted")
        }
        // Left of the line card 1 (+30°) is nearer, right of it card 2: both are seen.
        #expect(reference.image.identity(x: 150, y: 150) == CardID(1))
        #expect(reference.image.identity(x: 250, y: 150) == CardID(2))
        // The intersection line (x ≈ 200) is not counted.
        #expect(mask.excluded[150 * 400 + 199] && mask.excluded[150 * 400 + 200])
        // The painter's answer: card 2 (higher zIndex) everywhere they overlap.
        let painter = ExactReference.render(Self.scene([a, b]), pixels: Self.pixels, visibility: .painter)
        #expect(painter.image.identity(x: 150, y: 150) == CardID(2))
        #expect(painter.image.identity(x: 250, y: 150) == CardID(2))
    }

    @Test("a translucent card over an opaque one: exactly a·front + (1 − a)·back, rounded once")
    func translucentOverOpaque() {
        let back = Self.card(1, z: -50, width: 200, height: 150)
        let front = Self.card(2, alpha: 0.5)
        for cards in [[back, front], [front, back]] {
            let reference = ExactReference.render(Self.scene(cards), pixels: Self.pixels)
            #expect(Self.pixel(reference, 200, 150) == Self.bytes(0.5 * Self.color(2) + 0.5 * Self.color(1)))
            #expect(reference.image[200, 150].a == 255)
            // Beside the front card only the back one; outside both the black background.
            #expect(Self.pixel(reference, 110, 150) == Self.color(1))
            #expect(Self.pixel(reference, 10, 10) == .zero)
        }
    }

    @Test("two translucent cards over black: the nearer one over the farther one, whatever their zIndex")
    func translucentStack() {
        let near = Self.card(1, alpha: 0.5, zIndex: 0)
        let far = Self.card(2, z: -40, width: 200, height: 150, alpha: 0.25, zIndex: 9)
        let reference = ExactReference.render(Self.scene([far, near]), pixels: Self.pixels)
        let expected = 0.5 * Self.color(1) + 0.5 * (0.25 * Self.color(2))
        #expect(Self.pixel(reference, 200, 150) == Self.bytes(expected))
        let painter = ExactReference.render(Self.scene([far, near]), pixels: Self.pixels, visibility: .painter)
        #expect(Self.pixel(painter, 200, 150) == Self.bytes(0.25 * Self.color(2) + 0.75 * (0.5 * Self.color(1))))
    }

    @Test("an opaque card in front hides every card behind it; a card behind the eye is not seen")
    func occlusionAndClipping() {
        let front = Self.card(1, z: 10)
        let hidden = Self.card(2, z: -10, alpha: 0.5)
        let behindEye = Self.card(3, z: 1600, width: 4000, height: 4000)
        let reference = ExactReference.render(Self.scene([hidden, front, behindEye]), pixels: Self.pixels)
        #expect(Self.pixel(reference, 200, 150) == Self.color(1))
        #expect(Self.pixel(reference, 10, 10) == .zero)
    }

    @Test("the mask: a flat card's edge between two pixel centers excludes exactly those two columns")
    func edgeExclusion() {
        // The card spans x 150…250 and y 110…190 on the z = 0 plane (1 point = 1 pixel).
        let reference = ExactReference.render(Self.scene([Self.card(1)]), pixels: Self.pixels)
        let mask = ExclusionMask(reference)
        let row = 150 * 400
        #expect(!mask.excluded[row + 147] && !mask.excluded[row + 148])
        #expect(mask.excluded[row + 149] && mask.excluded[row + 150])
        #expect(!mask.excluded[row + 151] && !mask.excluded[row + 200])
        #expect(mask.excluded[109 * 400 + 200] && mask.excluded[110 * 400 + 200] && !mask.excluded[111 * 400 + 200])
        // Four edges of about 100 and 80 pixels, two pixels wide each (corners counted once).
        #expect((700...740).contains(mask.excludedCount), "\(mask.excludedCount)")
    }

    @Test("an empty scene is black and counts every pixel; a 0 × 0 image is empty")
    func emptyScenes() {
        let reference = ExactReference.render(Self.scene([]), pixels: PixelSize(width: 8, height: 4))
        #expect(reference.image.pixels == [UInt8](repeating: 0, count: 8 * 4 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 })
        #expect(ExclusionMask(reference).countedCount == 32)
        let none = ExactReference.render(Self.scene([Self.card(1)]), pixels: PixelSize(width: 0, height: 0))
        #expect(none.image.pixels.isEmpty && ExclusionMask(none).countedCount == 0)
    }
}
