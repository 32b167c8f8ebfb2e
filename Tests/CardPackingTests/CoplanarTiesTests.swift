import CardLayout
import CardMath
import CardPacking
import Testing

/// Exact coplanar ties (SPEC §8, issue 34): overlapping cards in one plane with equal
/// `depthBias` get depth offsets in the painter's order (zIndex, then index), one
/// `CoplanarOrder.depthPerStep` apart — more than the 0.25-point lift of a card's decorations —
/// while frames without such ties keep the offsets of their biases alone.
@Suite("Coplanar ties: depth offsets follow zIndex among exactly tied cards")
struct CoplanarTiesTests {
    static let camera = Camera(viewport: Size(width: 1280, height: 800))
    static let step = Float(CoplanarOrder.depthPerStep)

    static func card(_ index: Int, x: Double, y: Double = 400, z: Double = 0, width: Double = 160, height: Double = 120,
                     transform: Mat4 = .identity, bias: Double = 0, zIndex: Int = 0, alpha: Double = 1) -> CardAttributes {
        CardAttributes(index: index, id: CardID(UInt32(index)), center: Vec3(x, y, z), size: Size(width: width, height: height),
                       transform: transform, alpha: alpha, zIndex: zIndex, depthBias: bias)
    }

    /// Each card's offset (by id) from the generic packer, in `ordering`.
    static func offsets(_ cards: [CardAttributes], ordering: RenderOrdering = .depth) -> [UInt32: Float] {
        var packer = InstancePacker()
        packer.pack(cards, offset: .zero, camera: camera, ordering: ordering, layerCount: 1, searchingTies: true)
        return Dictionary(uniqueKeysWithValues: packer.records.map { ($0.id, $0.depthOffset) })
    }

    /// The row: three 160-point cards at x = 120, 200, 280 in the plane z = 0, equal
    /// bias; the middle one has the highest zIndex (the side cards only touch each other).
    static func row(middleAlpha: Double = 1) -> [CardAttributes] {
        [Self.card(1, x: 120, zIndex: 1), Self.card(2, x: 200, zIndex: 2, alpha: middleAlpha), Self.card(3, x: 280, zIndex: 1)]
    }

    @Test("the issue's row: the middle card one step in front of both side cards, in both orderings and alphas",
          arguments: [1.0, 0.5])
    func row(middleAlpha: Double) {
        for ordering in RenderOrdering.allCases {
            let offsets = Self.offsets(Self.row(middleAlpha: middleAlpha), ordering: ordering)
            // Two ranks (side cards layer 0, the middle layer 1), centred.
            #expect(offsets == [1: -Self.step / 2, 2: Self.step / 2, 3: -Self.step / 2], "\(ordering)")
            #expect(offsets[2]! - offsets[1]! > 0.25 + 0.1, "above the decorations' lift and the tolerance")
        }
        // The same for any common bias.
        let biased = Self.row(middleAlpha: middleAlpha).map { var c = $0; c.depthBias = 3; return c }
        #expect(Self.offsets(biased) == [1: -Self.step / 2, 2: Self.step / 2, 3: -Self.step / 2])
    }

    @Test("a pile: each tied card one step above the tied cards under it, by zIndex, then index")
    func pile() {
        // Four cards at nearly one place, zIndex against list order; cards 2 and 3 share zIndex 1.
        let cards = [Self.card(0, x: 400, zIndex: 5), Self.card(1, x: 410, zIndex: 0), Self.card(2, x: 420, zIndex: 1), Self.card(3, x: 430, zIndex: 1)]
        let offsets = Self.offsets(cards)
        // Paint order 1, 2, 3, 0: layers 0…3, centred on 1.5.
        #expect(offsets == [1: -1.5 * Self.step, 2: -0.5 * Self.step, 3: 0.5 * Self.step, 0: 1.5 * Self.step])
        // Layers are the longest chain under a card: two piles side by side share their layers.
        let two = cards + cards.map { var c = $0; c.index += 10; c.id = CardID(UInt32(c.index)); c.center.x += 500; return c }
        let twoOffsets = Self.offsets(two)
        for (id, offset) in offsets { #expect(twoOffsets[id] == offset && twoOffsets[id + 10] == offset) }
        // A card that ties with none keeps layer 0: here the lowest rank of its bias.
        let lone = Self.offsets(cards + [Self.card(9, x: 1100, zIndex: 99)])
        #expect(lone[9] == -1.5 * Self.step)
    }

    @Test("ties rank within their bias: a larger bias stays in front of every layer of a smaller one")
    func withBiases() {
        // Cards 1 and 2 tie at bias 0; card 3 (bias 1) overlaps both; card 4 (bias −1) lies apart.
        let cards = [Self.card(1, x: 300, zIndex: 2), Self.card(2, x: 350, zIndex: 1), Self.card(3, x: 330, bias: 1), Self.card(4, x: 900, bias: -1)]
        // Ranks: (−1, 0), (0, 0), (0, 1), (1, 0).
        #expect(Self.offsets(cards) == [4: -1.5 * Self.step, 2: -0.5 * Self.step, 1: 0.5 * Self.step, 3: 1.5 * Self.step])
    }

    @Test("not ties: touching edges, parallel planes, different biases, cards of no area — the offsets of the biases alone")
    func notTies() {
        // A row that only touches (x = 100…260, 260…420, …) and a grid of gaps: offset 0 each.
        let touching = (0..<5).map { Self.card($0, x: 180 + 160 * Double($0), zIndex: $0) }
        #expect(Self.offsets(touching).values.allSatisfy { $0 == 0 })
        let grid = (0..<24).map { Self.card($0, x: 100 + 170 * Double($0 % 6), y: 100 + 130 * Double($0 / 6), zIndex: $0) }
        #expect(Self.offsets(grid).values.allSatisfy { $0 == 0 })
        // Overlapping cards in parallel planes 0.5 points apart, or tilted differently.
        let parallel = [Self.card(0, x: 400, z: 0, zIndex: 1), Self.card(1, x: 450, z: 0.5, zIndex: 0)]
        #expect(Self.offsets(parallel).values.allSatisfy { $0 == 0 })
        let tilted = [Self.card(0, x: 400, transform: .rotationY(radians(20)), zIndex: 1), Self.card(1, x: 400, zIndex: 0)]
        #expect(Self.offsets(tilted).values.allSatisfy { $0 == 0 })
        // Different biases: their ranks, as before.
        let biased = [Self.card(0, x: 400, bias: 1, zIndex: 0), Self.card(1, x: 450, bias: 0, zIndex: 1)]
        #expect(Self.offsets(biased) == [0: Self.step / 2, 1: -Self.step / 2])
        // A card of no width ties with nothing (and does not stop the others' tie).
        let flat = [Self.card(0, x: 400, width: 0, zIndex: 3), Self.card(1, x: 400, zIndex: 1), Self.card(2, x: 420, zIndex: 2)]
        #expect(Self.offsets(flat) == [0: -Self.step / 2, 1: -Self.step / 2, 2: Self.step / 2])
    }

    @Test("one plane whatever the cards' own rotations: turned in the plane, or the plane itself tilted")
    func planes() {
        // Turned about z (their normals stay ±z exactly), the lower zIndex listed last.
        let turned = [Self.card(0, x: 400, transform: .rotationZ(radians(30)), zIndex: 1), Self.card(1, x: 480, transform: .rotationZ(radians(-10)), zIndex: 0)]
        #expect(Self.offsets(turned) == [0: Self.step / 2, 1: -Self.step / 2])
        // Two cards of one plane tilted 30° about y, moved apart along the plane's y axis (so their
        // records' plane distances agree exactly: see `CoplanarTies` on nearly coplanar cards).
        let tilt = Mat4.rotationY(radians(30))
        let tiltedPlane = [Self.card(0, x: 640, transform: tilt * .translation(Vec3(0, -30, 0)), zIndex: 0),
                           Self.card(1, x: 640, transform: tilt * .translation(Vec3(0, 30, 0)), zIndex: 1)]
        #expect(Self.offsets(tiltedPlane) == [0: -Self.step / 2, 1: Self.step / 2])
    }

    /// A bulk writer whose cards all lie at z = 0, 100 points apart, 160 wide, bias 0, zIndex =
    /// index: each overlaps its neighbours (not the cards two away).
    struct OverlappingRow: WholeDeckTestWriter {
        var name: String { "overlapping-row" }
        var scrollAxis: ScrollAxis { .horizontal }
        func contentSize(viewport: Size, cardCount: Int) -> Size { viewport }
        func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
            CoplanarTiesTests.card(index, x: 100 + 100 * Double(index), zIndex: index)
        }
    }

    @Test("the bulk path orders ties as the generic path does (records in the order they draw)")
    func bulk() {
        let layout = OverlappingRow()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 7)
        let generic = Self.offsets((0..<7).map { layout.attributes(at: $0, in: context) })
        // Each card covers the one before it: a chain, layers 0…6 by index, centred on 3.
        #expect((0..<7).allSatisfy { generic[UInt32($0)] == Float($0 - 3) * Self.step })
        let packer = BulkInstancePacker()
        for ordering in RenderOrdering.allCases {
            packer.pack(layout, scope: .all, in: context, ordering: ordering, layerCount: 1)
            #expect(packer.usedBulkPath)
            #expect(Dictionary(uniqueKeysWithValues: packer.records.map { ($0.id, $0.depthOffset) }) == generic, "\(ordering)")
        }
        // The viewer's packing of attributes laid out elsewhere, too.
        packer.pack(cards: (0..<7).map { layout.attributes(at: $0, in: context) }, offset: .zero, camera: context.camera,
                    ordering: .depth, layers: LayerChoice(count: 1), searchingTies: layout.mayTieCoplanarCards)
        #expect(Dictionary(uniqueKeysWithValues: packer.records.map { ($0.id, $0.depthOffset) }) == generic)
    }

    @Test("the built-in layouts at rest have no exact ties: their bulk and generic frames keep offset 0",
          arguments: LayoutKind.bulkWriting)
    func builtIn(kind: LayoutKind) throws {
        let layout = try kind.writer
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 300, offset: .zero)
        let packer = BulkInstancePacker()
        packer.pack(any: layout, scope: .visible, in: context, ordering: .depth, layerCount: 7)
        #expect(packer.records.allSatisfy { $0.depthOffset == 0 })
        var cards: [CardAttributes] = []
        layout.layoutVisible(in: context, into: &cards)
        #expect(Self.offsets(cards).values.allSatisfy { $0 == 0 })
    }
}
