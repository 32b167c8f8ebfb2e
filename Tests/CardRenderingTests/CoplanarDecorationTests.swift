import CardLayout
import CardMath
import CardPixels
import CardRendering
import Testing
import CardRenderingTestSupport

/// A coplanar card's decorations (SPEC §8): its badge, lifted 0.25 points toward the eye, stays
/// under the coplanar card in front of it, which its rank of bias moves 0.5 points nearer.
@Suite("Coplanar cards: decorations stay under the card in front", .serialized)
struct CoplanarDecorationTests {
    @Test("a row in one plane: the badge of the card behind does not show through the card in front; its own does")
    func badgeHidden() throws {
        let viewport = Size(width: 400, height: 300)
        // Card 2 in front (bias 0) of cards 1 and 3 (bias −1), all at z = 0, 160 × 120 points.
        let cards = [(1, 120.0, -1.0), (2, 200, 0), (3, 280, -1)].map { id, x, bias in
            var card = Scenes.card(UInt32(id), x: x, y: 150, width: 160, height: 120, zIndex: id == 2 ? 0 : 1)
            card.depthBias = bias
            return card
        }
        let images = [(200, 60, 60), (60, 200, 60), (60, 60, 200), (200, 200, 60)].map { r, g, b in
            RGBAImage(width: 8, height: 8, fill: (UInt8(r), UInt8(g), UInt8(b), 255))
        }
        let result = try #require(BadgeTests.footprint(cards, images: images, viewport: viewport))
        #expect(result.pixels.count > 50, "badges are drawn")
        // Card 1's badge sits at its top-right corner (x 170…200, y 90…110), inside card 2; card 2's
        // own at x 250…280. Only card 2's own and card 3's (beyond x = 280) may differ.
        let throughCard2 = result.pixels.filter { $0.x < 240 }
        #expect(throughCard2.isEmpty, "\(throughCard2.count) pixels of card 1's badge show through card 2")
        #expect(result.pixels.contains { $0.x >= 240 && $0.x < 280 }, "card 2's own badge is drawn")
        // Card 1's badge does show where nothing covers it: the same row without card 2.
        let alone = try #require(BadgeTests.footprint([cards[0]], images: images, viewport: viewport))
        #expect(alone.pixels.contains { $0.x >= 160 && $0.x < 200 && $0.y < 120 }, "card 1's badge is where the test looks")
    }
}
