import CardInteraction
import CardLayout
import CardMath
import Testing

/// Hit-testing coplanar cards (SPEC §8): the same front-to-back order as the drawing — hits
/// within `CoplanarOrder.tolerance` of the nearest are ordered by `depthBias`.
@Suite struct CoplanarHitTestingTests {
    let camera = Camera(viewport: Size(width: 1280, height: 800))

    func card(_ id: UInt32, x: Double, z: Double = 0, transform: Mat4 = .identity, bias: Double, zIndex: Int) -> CardAttributes {
        CardAttributes(index: Int(id), id: CardID(id), center: Vec3(x, 400, z), size: Size(width: 200, height: 260),
                       transform: transform, zIndex: zIndex, depthBias: bias)
    }

    func hit(_ x: Double, _ y: Double = 400, in cards: [CardAttributes]) -> CardID? {
        HitTesting.hitTest(Vec2(x, y), in: cards, offset: .zero, camera: camera)?.id
    }

    @Test("linear with spacing 1/2: the card nearer the centre wins the overlap, against zIndex and list order")
    func row() {
        // Cards at x = 440…840 in steps of 100, bias −|o|, zIndex and list order rising outward.
        let cards = (-2...2).map { o in card(UInt32(o + 2), x: 640 + 100 * Double(o), bias: -Double(abs(o)), zIndex: abs(o)) }
        #expect(hit(640, in: cards) == CardID(2))
        #expect(hit(600, in: cards) == CardID(2))   // cards 1 and 2 overlap
        #expect(hit(500, in: cards) == CardID(1))   // cards 0 and 1: 1 is nearer the centre
        #expect(hit(780, in: cards) == CardID(3))   // cards 3 and 4
        #expect(hit(350, in: cards) == CardID(0))   // only card 0
        // Without the bias, the exact tie goes to the higher zIndex: the outer card.
        let plain = cards.map { var c = $0; c.depthBias = 0; return c }
        #expect(hit(600, in: plain) == CardID(1))
        #expect(hit(500, in: plain) == CardID(0))
        #expect(hit(780, in: plain) == CardID(4))
    }

    @Test("a carousel-wheel fan: each card, 0.01 points in front of the one before, wins its overlap by its bias")
    func fan() {
        let r = 200 * 16 / (2 * Double.pi), angle = 2 * Double.pi / 16
        let cards = (-3...3).map { o -> CardAttributes in
            let o = Double(o)
            let transform = Mat4.translation(Vec3(0, r, 0)) * .rotationZ(o * angle) * .translation(Vec3(0, -r, o * 0.01))
            return card(UInt32(o + 3), x: 640, transform: transform, bias: o * 0.01, zIndex: 0)  // iCarousel's numbers
        }.reversed().map { $0 }  // list order against the bias
        for o in -3..<3 {
            // The point halfway between the centres of cards o and o + 1 lies on both.
            let a = cards.first { $0.id == CardID(UInt32(o + 3)) }!, b = cards.first { $0.id == CardID(UInt32(o + 4)) }!
            let pa = a.localToWorld(offset: .zero).transformPoint(Vec3(0, 0, 0))
            let pb = b.localToWorld(offset: .zero).transformPoint(Vec3(0, 0, 0))
            let all = HitTesting.allHits(Vec2((pa.x + pb.x) / 2, (pa.y + pb.y) / 2), in: cards, offset: .zero, camera: camera)
            #expect(Set(all.map(\.id)).isSuperset(of: [a.id, b.id]))
            #expect(hit((pa.x + pb.x) / 2, (pa.y + pb.y) / 2, in: cards) == b.id, "between \(o) and \(o + 1)")
        }
    }

    @Test("the tolerance: a higher bias 0.05 points behind wins; 0.5 points behind it does not")
    func tolerance() {
        let front = card(1, x: 640, z: 0, bias: 0, zIndex: 1)
        #expect(hit(640, in: [front, card(2, x: 640, z: -0.05, bias: 1, zIndex: 0)]) == CardID(2))
        #expect(hit(640, in: [front, card(2, x: 640, z: -0.5, bias: 1, zIndex: 0)]) == CardID(1))
        // Equal bias within the tolerance: the nearer, as before.
        #expect(hit(640, in: [card(2, x: 640, z: -0.05, bias: 0, zIndex: 5), front]) == CardID(1))
        // 0.3 points behind, beyond the tolerance: no bias brings it forward.
        #expect(hit(640, in: [card(3, x: 640, z: -0.3, bias: 9, zIndex: 9), front]) == CardID(1))
    }

    @Test("two cards that really cross: the nearer on each side of the line, whatever their biases")
    func crossing() {
        for biases in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)] {
            let cards = [card(1, x: 640, transform: .rotationY(radians(40)), bias: biases.0, zIndex: 0),
                         card(2, x: 640, transform: .rotationY(radians(-40)), bias: biases.1, zIndex: 1)]
            #expect(hit(600, in: cards) == CardID(1), "\(biases)")  // card 1's left half swings forward
            #expect(hit(680, in: cards) == CardID(2), "\(biases)")
        }
    }

    @Test("exact ties (one plane, equal bias) in the painter's order, as the packer ranks them: zIndex, then index, then list order")
    func exactTies() {
        // The row: the middle card on top by zIndex alone.
        let row = [card(1, x: 540, bias: 0, zIndex: 1), card(2, x: 640, bias: 0, zIndex: 2), card(3, x: 740, bias: 0, zIndex: 1)]
        #expect(hit(580, in: row) == CardID(2))
        #expect(hit(700, in: row) == CardID(2))
        #expect(hit(460, in: row) == CardID(1))
        // Equal zIndex: the higher index on top (drawn on top in both orderings), whatever the list order.
        let a = CardAttributes(index: 7, id: CardID(7), center: Vec3(600, 400, 0), size: Size(width: 200, height: 260), zIndex: 0)
        let b = CardAttributes(index: 3, id: CardID(3), center: Vec3(680, 400, 0), size: Size(width: 200, height: 260), zIndex: 0)
        #expect(hit(640, in: [a, b]) == CardID(7))
        #expect(hit(640, in: [b, a]) == CardID(7))
        // Equal zIndex and index: the later in the list, as before.
        var c = b
        c.index = 7
        #expect(hit(640, in: [a, c]) == CardID(3))
        #expect(hit(640, in: [c, a]) == CardID(7))
    }
}
