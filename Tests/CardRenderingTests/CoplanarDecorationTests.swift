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

    /// The row (issue 34): cards 1, 2, 3 at x = 120, 200, 280, all at z = 0 with equal
    /// bias, card 2 on top by zIndex alone; card 2 at `middleAlpha`.
    static func tiedRow(middleAlpha: Double = 1) -> [CardAttributes] {
        [(1, 120.0), (2, 200), (3, 280)].map { id, x in
            Scenes.card(UInt32(id), x: x, y: 150, width: 160, height: 120, alpha: id == 2 ? middleAlpha : 1, zIndex: id == 2 ? 2 : 1)
        }
    }

    static let rowImages = [(200, 60, 60), (60, 200, 60), (60, 60, 200), (200, 200, 60)].map { r, g, b in
        RGBAImage(width: 8, height: 8, fill: (UInt8(r), UInt8(g), UInt8(b), 255))
    }

    @Test("exactly tied cards (one plane, equal bias): the badge of a card under another by zIndex does not show through it")
    func tiedBadgeHidden() throws {
        let viewport = Size(width: 400, height: 300)
        let cards = Self.tiedRow()
        let result = try #require(BadgeTests.footprint(cards, images: Self.rowImages, viewport: viewport))
        #expect(result.pixels.count > 50, "badges are drawn")
        // As in `badgeHidden`: card 1's badge (x 170…200) lies inside card 2; card 2's own at x 250…280.
        let throughCard2 = result.pixels.filter { $0.x < 240 }
        #expect(throughCard2.isEmpty, "\(throughCard2.count) pixels of card 1's badge show through card 2")
        #expect(result.pixels.contains { $0.x >= 240 && $0.x < 280 }, "card 2's own badge is drawn")
        // Card 3's badge (x 330…360) is outside card 2: drawn.
        #expect(result.pixels.contains { $0.x >= 290 }, "card 3's own badge is drawn")
        // The bodies as before: card 2 (blue; card 1 green, card 3 yellow: layer = id % 4) over
        // both side cards where they overlap.
        let image = result.image
        let overCard1 = image[190, 150], card1 = image[60, 150], overCard3 = image[215, 150], card3 = image[350, 150]
        #expect(overCard1.b > 150 && overCard1.g < 100, "card 2 covers card 1: \(overCard1)")
        #expect(overCard3.b > 150 && overCard3.r < 100, "card 2 covers card 3: \(overCard3)")
        #expect(card1.g > 150 && card1.r < 100 && card3.r > 150 && card3.b < 100, "\(card1) \(card3)")
    }

    @Test("tied, the card on top translucent: it is drawn over the side cards, and card 1's badge only through it")
    func tiedTranslucent() throws {
        let viewport = Size(width: 400, height: 300)
        let cards = Self.tiedRow(middleAlpha: 0.5)
        let result = try #require(BadgeTests.footprint(cards, images: Self.rowImages, viewport: viewport))
        let alone = try #require(BadgeTests.footprint([cards[0]], images: Self.rowImages, viewport: viewport))
        // Over card 1's body (x 120…200), card 2 (blue) at half alpha: a blend, not card 1's green.
        let over = result.image[180, 150], under = alone.image[180, 150]
        #expect(under.g > 150 && under.r < 100, "card 1 alone is green there: \(under)")
        #expect(abs(Int(over.g) - Int(under.g)) > 40, "card 2 is drawn over card 1: \(over) against \(under)")
        // Card 1's badge seen through card 2: every pixel of it differs from the badge drawn alone.
        let badge = alone.pixels.filter { $0.x >= 160 && $0.x < 200 && $0.y < 120 }
        #expect(!badge.isEmpty, "card 1's badge is where the test looks")
        let unblended = badge.filter { result.image[$0.x, $0.y] == alone.image[$0.x, $0.y] }
        #expect(unblended.count <= badge.count / 20, "\(unblended.count) of \(badge.count) badge pixels drawn over card 2")
    }

    /// The row laid out by a layout that does not say it never ties (the protocol's
    /// default, as a layout file's): its frames are searched.
    struct TiedRowLayout: CardLayout {
        var name: String { "tied-row" }
        var scrollAxis: ScrollAxis { .horizontal }
        func contentSize(viewport: Size, cardCount: Int) -> Size { viewport }
        func attributes(at index: Int, in context: LayoutContext) -> CardAttributes { CoplanarDecorationTests.tiedRow()[index] }
        func candidateRange(in context: LayoutContext) -> Range<Int> { 0..<min(context.cardCount, 3) }
    }

    @Test("through a layout: searched as its mayTieCoplanarCards says (yes: badge hidden), and not searched the badge shows through")
    func throughLayout() throws {
        let viewport = Size(width: 400, height: 300)
        let layout = TiedRowLayout()
        #expect(layout.mayTieCoplanarCards)
        let cards = layout.visibleAttributes(in: LayoutContext(viewport: viewport, cardCount: 3))
        #expect(cards.count == 3)
        let searched = try #require(BadgeTests.footprint(cards, images: Self.rowImages, viewport: viewport,
                                                         searchingTies: layout.mayTieCoplanarCards))
        #expect(searched.pixels.count > 50 && !searched.pixels.contains { $0.x < 240 }, "card 1's badge hidden by card 2")
        // What a layout that says it never ties would get for these cards: card 1's badge, at
        // its body's depth plus the lift, beats card 2's body.
        let unsearched = try #require(BadgeTests.footprint(cards, images: Self.rowImages, viewport: viewport, searchingTies: false))
        let through = unsearched.pixels.filter { $0.x >= 160 && $0.x < 240 }
        #expect(through.count > 50, "\(through.count) pixels of card 1's badge through card 2 without the search")
    }
}
