import CardInteraction
import CardLayout
import CardMath
import CardRendering
import CardTestSupport
import Testing
@testable import CardCompare
import CardRenderingTestSupport

/// The reference's hoisted ray-plane algebra against `Ray.intersectQuad` and `HitTesting`.
@Suite("Projected cards and screen bins")
struct ProjectedCardTests {
    /// A random affine card: tilted about all three axes, scaled, anywhere in front of the eye.
    static func randomCard(_ index: Int, using generator: inout SplitMix64) -> CardAttributes {
        func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        let transform = Mat4.translation(Vec3(value(-50...50), value(-50...50), value(-600...300)))
            * .rotationZ(value(-1...1)) * .rotationY(value(-1.4...1.4)) * .rotationX(value(-1.4...1.4))
            * .scale(Vec3(value(0.5...1.5), value(0.5...1.5), 1))
        return CardAttributes(index: index, center: Vec3(value(0...400), value(0...300), 0),
                              size: Size(width: value(20...300), height: value(20...300)),
                              anchor: Vec2(value(0...1), value(0...1)), transform: transform, alpha: 1, zIndex: index)
    }

    @Test("hit or miss, ray parameter and local point agree with Ray.intersectQuad on random rays")
    func agreesWithIntersectQuad() throws {
        var generator = SplitMix64(seed: 42)
        let camera = Camera(viewport: Size(width: 400, height: 300))
        var hits = 0, agreements = 0
        for i in 0..<200 {
            let card = Self.randomCard(i, using: &generator)
            let projected = try #require(ProjectedCard(card, offset: .zero, camera: camera))
            let matrix = card.localToWorld(offset: .zero)
            for n in 0..<50 {
                // Half the rays aimed at a point of the card's plane near it, half anywhere.
                let u = Double.random(in: -0.7...0.7, using: &generator) * card.size.width
                let v = Double.random(in: -0.7...0.7, using: &generator) * card.size.height
                let aimed = camera.project(matrix.transformPoint(Vec3(u, v, 0)))?.point
                let anywhere = Vec2(Double.random(in: -100...500, using: &generator), Double.random(in: -100...400, using: &generator))
                let point = n % 2 == 0 ? aimed ?? anywhere : anywhere
                let ray = camera.ray(through: point)
                let expected = ray.intersectQuad(matrix: matrix, halfSize: card.size.vector / 2)
                let plane = projected.planeHit(dx: ray.direction.x, dy: ray.direction.y, dz: ray.direction.z)
                let got = plane.flatMap { projected.contains($0) ? $0 : nil }
                // Points within a hair of an edge may fall either way in floating point.
                if let plane, abs(abs(plane.u) - projected.halfWidth) < 1e-6 || abs(abs(plane.v) - projected.halfHeight) < 1e-6 { continue }
                #expect((expected == nil) == (got == nil))
                if let expected, let got {
                    hits += 1
                    #expect(closeEnough(got.t, expected.t, absolute: 1e-9, relative: 1e-9))
                    #expect(closeEnough(Vec2(got.u, got.v), expected.local, absolute: 1e-6))
                }
                agreements += 1
            }
        }
        #expect(hits > 2000 && agreements > 9000, "\(hits) hits, \(agreements) rays")
    }

    @Test("the cards a reference pixel sees are HitTesting.allHits, nearest first, and its bins hold them")
    func agreesWithHitTesting() {
        var generator = SplitMix64(seed: 7)
        let viewport = Size(width: 400, height: 300)
        let cards = (0..<12).map { Self.randomCard($0, using: &generator) }
        let scene = CompareScene(name: "random", summary: "", viewport: viewport, cards: cards)
        let pixels = PixelSize(width: 100, height: 75)
        let reference = ExactReference.render(scene, pixels: pixels)
        let bins = ScreenBins(cards, offset: .zero, camera: scene.camera, pixels: pixels)
        let mask = ExclusionMask(reference)
        var checked = 0
        for y in stride(from: 0, to: 75, by: 3) {
            for x in stride(from: 0, to: 100, by: 3) {
                let point = Vec2((Double(x) + 0.5) * 4, (Double(y) + 0.5) * 4)
                let hits = HitTesting.allHits(point, in: cards, offset: .zero, camera: scene.camera)
                for hit in hits { #expect(bins.cards(x: x, y: y).contains(Int32(hit.index)), "(\(x), \(y))") }
                // All cards are opaque: the pixel shows the nearest hit, or black.
                guard !mask.excluded[y * 100 + x] else { continue }
                #expect(reference.image.identity(x: x, y: y) == hits.first?.id)
                checked += 1
            }
        }
        #expect(checked > 300)
    }
}
