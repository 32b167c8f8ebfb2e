import CardImaging
import CardLayout
import CardMath
import CardRendering
import Testing

/// The rendered frame against a CPU ray-cast of the same matrices, pixel by pixel.
@Suite("Depth ordering against a CPU ray-cast", .serialized)
struct DepthOrderingTests {
    struct Comparison {
        var checked = 0
        var depthMismatches = 0
        var zIndexMismatches = 0
        var depthDiffersFromZIndex = 0
        var cardsSeen = Set<CardID>()
    }

    /// Renders the crossing scene in both orderings (identity shading) and compares every 4th
    /// pixel whose 3 × 3 neighbourhood (±1 pixel) has one answer in both references, so pixels on
    /// card edges and intersection lines, where rasterisation may round either way, are left out.
    static func compare() throws -> Comparison {
        let cards = Scenes.crossingPages()
        let camera = Camera(viewport: Scenes.viewport)
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.render(RenderFrame(cards: cards, camera: camera, ordering: .depth, shading: .identity))
        let depthImage = try gpu.readPixels()
        try renderer.render(RenderFrame(cards: cards, camera: camera, ordering: .zindex, shading: .identity))
        let zIndexImage = try gpu.readPixels()

        let caster = RayCaster(cards: cards, camera: camera)
        var result = Comparison()
        for y in stride(from: 2, to: depthImage.height - 2, by: 4) {
            for x in stride(from: 2, to: depthImage.width - 2, by: 4) {
                let center = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let nearest = caster.nearest(at: center), painted = caster.topmostByZIndex(at: center)
                var stable = true
                for dy in -1...1 { for dx in -1...1 where dx != 0 || dy != 0 {
                    let p = center + Vec2(Double(dx), Double(dy))
                    if caster.nearest(at: p) != nearest || caster.topmostByZIndex(at: p) != painted { stable = false }
                } }
                guard stable else { continue }
                result.checked += 1
                if depthImage.identity(x: x, y: y) != nearest { result.depthMismatches += 1 }
                if zIndexImage.identity(x: x, y: y) != painted { result.zIndexMismatches += 1 }
                if zIndexImage.identity(x: x, y: y) != nearest { result.depthDiffersFromZIndex += 1 }
                if let nearest { result.cardsSeen.insert(nearest) }
            }
        }
        return result
    }

    @Test("depth: every checked pixel shows the nearest card; zindex: the painter's card, wrong in the crossings")
    func depthMatchesRayCast() throws {
        let result = try Self.compare()
        // Enough pixels, spread over many cards, to mean something.
        #expect(result.checked > 3000)
        #expect(result.cardsSeen.count >= 3)
        #expect(result.depthMismatches == 0)
        // zindex draws exactly what Core Animation would …
        #expect(result.zIndexMismatches == 0)
        // … which is wrong wherever a lower card crosses in front of a higher one.
        #expect(result.depthDiffersFromZIndex > result.checked / 50)
    }
}
