import CardLayout
import CardMath
import CardPacking
import Testing

/// The coplanar bias in the records (SPEC §8): `depthOffset` in the record's former padding,
/// written by the generic packer and every bulk writer, ranked into offsets, and translucent
/// ties sorted by it.
@Suite("Coplanar cards: the depth offset in the records")
struct CoplanarPackingTests {
    static let camera = Camera(viewport: Size(width: 1280, height: 800))

    static func card(_ index: Int, x: Double = 640, bias: Double, alpha: Double = 1) -> CardAttributes {
        CardAttributes(index: index, center: Vec3(x, 400, 0), size: Size(width: 200, height: 260), alpha: alpha,
                       zIndex: index, depthBias: bias)
    }

    @Test("the record keeps 80 bytes; bytes 76–79 hold the card's bias, then its offset by rank")
    func layout() throws {
        #expect(InstanceRecord.stride == 80)
        #expect(InstanceRecord.depthOffsetOffset == 76)
        for bias in [0.0, 1, -3, 0.25, 14, 1e-5] {
            let record = try #require(InstanceRecord(Self.card(0, bias: bias), offset: .zero, eye: Self.camera.eye, layerCount: 1))
            #expect(record.depthOffset == Float(bias))
            // The bytes the vertex array reads at offset 76.
            let bytes = withUnsafeBytes(of: record) { Array($0[76..<80]) }
            let read = bytes.withUnsafeBytes { $0.loadUnaligned(as: Float.self) }
            #expect(read == record.depthOffset)
        }
        #expect(CoplanarOrder.depthPerStep > CoplanarOrder.tolerance)
        // The picture pass (setPicture) and the occlusion clip leave it alone.
        var record = try #require(InstanceRecord(Self.card(0, bias: 3), offset: .zero, eye: Self.camera.eye, layerCount: 1))
        record.setPicture(layer: 5, rect: .full, opacity: 0.5, unreadable: true)
        record.visibleHeight = 0.25
        #expect(record.depthOffset == 3)
        // A bias that is not finite is a number that is not finite: nothing reaches the buffer.
        #expect(InstanceRecord(Self.card(0, bias: .nan), offset: .zero, eye: Self.camera.eye, layerCount: 1) == nil)
        #expect(InstanceRecord(Self.card(0, bias: .infinity), offset: .zero, eye: Self.camera.eye, layerCount: 1) == nil)
    }

    @Test("packing ranks the frame's biases: one step per distinct value, centred, whatever their magnitudes")
    func ranks() {
        // iCarousel-like numbers: 0.01-point nudges and a 1e-5 tie-break, against list order.
        let biases = [0.03, -1e-5, 0, 0.01, 0.01]
        // 250 points apart (200 wide): no two overlap, so no exact tie (`CoplanarTiesTests`) adds ranks.
        let cards = biases.enumerated().map { Self.card($0.offset, x: 200 + 250 * Double($0.offset), bias: $0.element) }
        var packer = InstancePacker()
        for ordering in RenderOrdering.allCases {
            packer.pack(cards, offset: .zero, camera: Self.camera, ordering: ordering, layerCount: 1)
            let step = Float(CoplanarOrder.depthPerStep)
            // Four distinct values, ranks 0…3 about 1.5.
            let expected: [UInt32: Float] = [0: 1.5 * step, 1: -1.5 * step, 2: -0.5 * step, 3: 0.5 * step, 4: 0.5 * step]
            #expect(Dictionary(uniqueKeysWithValues: packer.records.map { ($0.id, $0.depthOffset) }) == expected, "\(ordering)")
        }
        // All equal (any value): offset 0, as for every layout without coplanar cards.
        packer.pack(cards.map { var c = $0; c.depthBias = 7; return c }, offset: .zero, camera: Self.camera,
                    ordering: .depth, layerCount: 1)
        #expect(packer.records.allSatisfy { $0.depthOffset == 0 })
    }

    /// A bulk writer whose cards carry biases `−|i − 3|` (linear's, the nearer card in front).
    struct RowLayout: WholeDeckTestWriter {
        var name: String { "row" }
        var scrollAxis: ScrollAxis { .horizontal }
        func contentSize(viewport: Size, cardCount: Int) -> Size { viewport }
        func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
            CardAttributes(index: index, center: Vec3(300 + 100 * Double(index), 400, 0), size: Size(width: 200, height: 260),
                           zIndex: index, depthBias: -Double(abs(index - 3)))
        }
    }

    @Test("the bulk path ranks the biases its writer wrote, as the generic path does")
    func bulkRanks() {
        let layout = RowLayout()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 7)
        let packer = BulkInstancePacker()
        packer.pack(layout, scope: .all, in: context, ordering: .depth, layerCount: 1)
        #expect(packer.usedBulkPath)
        var generic = InstancePacker()
        generic.pack((0..<7).map { layout.attributes(at: $0, in: context) }, offset: .zero, camera: context.camera,
                     ordering: .depth, layerCount: 1)
        let bulk = Dictionary(uniqueKeysWithValues: packer.records.map { ($0.id, $0.depthOffset) })
        #expect(bulk == Dictionary(uniqueKeysWithValues: generic.records.map { ($0.id, $0.depthOffset) }))
        // Biases 0, −1, −2, −3: four ranks about 1.5; card 3 (bias 0) in front.
        let step = Float(CoplanarOrder.depthPerStep)
        #expect(bulk[3] == 1.5 * step && bulk[2] == 0.5 * step && bulk[4] == 0.5 * step && bulk[0] == -1.5 * step)
    }

    @Test("bulk writers of the built-in layouts write bias 0: every offset 0", arguments: LayoutKind.bulkWriting)
    func writers(kind: LayoutKind) throws {
        let packer = BulkInstancePacker()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 300, offset: .zero)
        packer.pack(any: try kind.writer, scope: .visible, in: context, ordering: .depth, layerCount: 7)
        #expect(packer.usedBulkPath && packer.count > 0)
        #expect(packer.records.allSatisfy { $0.depthOffset == 0 })
    }

    @Test("translucent cards at the same distance: the larger bias drawn later (in front), whatever the index")
    func translucentTies() {
        // Three translucent cards at one centre (equal distance), biases against index order.
        let cards = [Self.card(0, bias: 2, alpha: 0.5), Self.card(1, bias: -1, alpha: 0.5), Self.card(2, bias: 0, alpha: 0.5)]
        var packer = InstancePacker()
        packer.pack(cards, offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 3)
        #expect(packer.opaqueCount == 0)
        #expect(packer.records.map(\.id) == [1, 2, 0])
        // Equal biases: index order, as before.
        let plain = cards.map { var c = $0; c.depthBias = 0; return c }
        packer.pack(plain, offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 3)
        #expect(packer.records.map(\.id) == [0, 1, 2])
        // Different distances still come first: the farther card first whatever its bias.
        var far = cards
        far[0].center.z = -50
        packer.pack(far, offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 3)
        #expect(packer.records.map(\.id) == [0, 1, 2])
    }
}
