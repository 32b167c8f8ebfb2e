import CardLayout
import CardMath
import CardPacking
import Testing

/// The coplanar bias in the records (SPEC §8): `depthOffset` in the record's former padding,
/// written by the generic packer and every bulk writer, and translucent ties sorted by it.
@Suite("Coplanar cards: the depth offset in the records")
struct CoplanarPackingTests {
    static let camera = Camera(viewport: Size(width: 1280, height: 800))

    static func card(_ index: Int, x: Double = 640, bias: Double, alpha: Double = 1) -> CardAttributes {
        CardAttributes(index: index, center: Vec3(x, 400, 0), size: Size(width: 200, height: 260), alpha: alpha,
                       zIndex: index, depthBias: bias)
    }

    @Test("the record keeps 80 bytes; the offset sits at bytes 76–79, depthBias × depthPerBias points")
    func layout() throws {
        #expect(InstanceRecord.stride == 80)
        #expect(InstanceRecord.depthOffsetOffset == 76)
        for bias in [0.0, 1, -3, 0.25, 14] {
            let record = try #require(InstanceRecord(Self.card(0, bias: bias), offset: .zero, eye: Self.camera.eye, layerCount: 1))
            #expect(record.depthOffset == Float(bias * CoplanarOrder.depthPerBias))
            // The bytes the vertex array reads at offset 76.
            let bytes = withUnsafeBytes(of: record) { Array($0[76..<80]) }
            let read = bytes.withUnsafeBytes { $0.loadUnaligned(as: Float.self) }
            #expect(read == record.depthOffset)
        }
        #expect(CoplanarOrder.depthPerBias > CoplanarOrder.tolerance)
        // The picture pass (setPicture) and the occlusion clip leave it alone.
        var record = try #require(InstanceRecord(Self.card(0, bias: 3), offset: .zero, eye: Self.camera.eye, layerCount: 1))
        record.setPicture(layer: 5, rect: .full, opacity: 0.5, unreadable: true)
        record.visibleHeight = 0.25
        #expect(record.depthOffset == Float(3 * CoplanarOrder.depthPerBias))
        // A bias that is not finite is a number that is not finite: nothing reaches the buffer.
        #expect(InstanceRecord(Self.card(0, bias: .nan), offset: .zero, eye: Self.camera.eye, layerCount: 1) == nil)
        #expect(InstanceRecord(Self.card(0, bias: .infinity), offset: .zero, eye: Self.camera.eye, layerCount: 1) == nil)
    }

    @Test("bulk writers write the offset of each card's bias (0 for the built-in layouts), as the generic path does",
          arguments: LayoutKind.builtIn)
    func writers(kind: LayoutKind) {
        let packer = BulkInstancePacker()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 300, offset: .zero)
        packer.pack(any: kind.writer, scope: .visible, in: context, ordering: .depth, layerCount: 7)
        #expect(packer.usedBulkPath && packer.count > 0)
        for record in packer.records {
            let card = kind.writer.attributes(at: Int(record.id), in: context)
            #expect(record.depthOffset == InstanceRecord.depthOffset(forBias: card.depthBias))
        }
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
