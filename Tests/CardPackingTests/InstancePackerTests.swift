import CardLayout
import CardMath
import CardPacking
import CardTestSupport
import Testing

/// Packing: the record layout, the matrices it carries, the orders it produces. Pure, no GL.
@Suite("Instance packing")
struct InstancePackerTests {
    static let camera = Camera(viewport: Size(width: 1280, height: 800))

    @Test("a record is 80 bytes (SPEC: at most 80) with the documented field offsets, which the attribute offsets are")
    func layout() {
        #expect(InstanceRecord.stride == 80)
        #expect(MemoryLayout<InstanceRecord>.size == 80)  // no padding left: bytes 76–79 hold depthOffset
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.row0) == 0)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.row1) == 16)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.row2) == 32)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.alpha) == 48)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.depth) == 52)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.id) == 56)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.layer) == 60)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.title) == 62)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.pictureRectBits) == 64)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.pictureOpacityLevel) == 72)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.flags) == 73)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.visibleHeightLevel) == 74)
        #expect(MemoryLayout<InstanceRecord>.offset(of: \.depthOffset) == 76)
        #expect([InstanceRecord.rowsOffset, InstanceRecord.alphaDepthOffset, InstanceRecord.idOffset,
                 InstanceRecord.layerTitleOffset, InstanceRecord.pictureRectOffset, InstanceRecord.opacityFlagsOffset,
                 InstanceRecord.visibleHeightOffset, InstanceRecord.depthOffsetOffset]
                == [0, 48, 56, 60, 64, 72, 74, 76])
    }

    /// The world point the record's rows map unit-quad point (u, v) to.
    static func apply(_ r: InstanceRecord, _ u: Float, _ v: Float) -> Vec3 {
        let p = SIMD4<Float>(u, v, 0, 1)
        return Vec3(Double((r.row0 * p).sum()), Double((r.row1 * p).sum()), Double((r.row2 * p).sum()))
    }

    @Test("the rows map the unit quad's corners onto the card's world corners", arguments: [0.0, 1234.5, 9_876_543.0])
    func corners(offsetY: Double) throws {
        let layout = PagesLayout()
        let context = LayoutContext(viewport: Self.camera.viewport, cardCount: 100_000, offset: Vec2(0, offsetY))
        let cards = layout.visibleAttributes(in: context)
        try #require(!cards.isEmpty)
        for card in cards {
            let record = try #require(InstanceRecord(card, offset: context.offset, eye: Self.camera.eye, layerCount: 1))
            let expected = card.worldCorners(offset: context.offset)
            let got = [Self.apply(record, -0.5, -0.5), Self.apply(record, 0.5, -0.5), Self.apply(record, 0.5, 0.5),
                       Self.apply(record, -0.5, 0.5)]
            for (g, e) in zip(got, expected) {
                // Float rounding of numbers in the thousands: well under a hundredth of a point,
                // even ten million points down the content (the offset is subtracted in Double).
                #expect(closeEnough(g, e, absolute: 0.01), "\(g) vs \(e)")
            }
            let eyeDistance = (card.localToWorld(offset: context.offset).transformPoint(.zero) - Self.camera.eye).length
            #expect(closeEnough(Double(record.depth), eyeDistance, absolute: 0.01, relative: 1e-6))
        }
    }

    @Test("layer is id % layerCount; alpha is clamped to 1; the id travels as is")
    func fields() throws {
        let card = CardAttributes(index: 3, id: CardID(17), center: Vec3(10, 20, 0), size: Size(width: 4, height: 2), alpha: 7)
        let record = try #require(InstanceRecord(card, offset: .zero, eye: Self.camera.eye, layerCount: 5))
        #expect(record.layer == 2)
        #expect(record.id == 17)
        #expect(record.alpha == 1)
        #expect(InstanceRecord(card, offset: .zero, eye: Self.camera.eye, layerCount: 0)?.layer == 0)
    }

    @Test("nothing that is hidden, transparent, NaN or infinite reaches a record")
    func dropped() {
        let base = CardAttributes(index: 0, center: Vec3(10, 20, 0), size: Size(width: 4, height: 2))
        var hidden = base; hidden.isHidden = true
        var transparent = base; transparent.alpha = 0
        var nanAlpha = base; nanAlpha.alpha = .nan
        var nanCenter = base; nanCenter.center.y = .nan
        var infinite = base; infinite.size.width = .infinity
        var overflow = base; overflow.center.x = 1e300  // finite Double, infinite Float
        var nanTransform = base; nanTransform.transform.c0.x = .nan
        for card in [hidden, transparent, nanAlpha, nanCenter, infinite, overflow, nanTransform] {
            #expect(InstanceRecord(card, offset: .zero, eye: Self.camera.eye, layerCount: 1) == nil)
        }
        #expect(InstanceRecord(base, offset: .zero, eye: Self.camera.eye, layerCount: 1) != nil)
    }

    static func cards(zIndices: [Int], alphas: [Double]? = nil) -> [CardAttributes] {
        zIndices.enumerated().map { i, z in
            CardAttributes(index: i, center: Vec3(100, 100, -Double(i * 10)), size: Size(width: 50, height: 50),
                           alpha: alphas?[i] ?? 1, zIndex: z)
        }
    }

    @Test("zindex: one pass, stably sorted by zIndex then index, depth test off, blending on")
    func zIndexOrder() {
        var generator = SplitMix64(seed: 7)
        let zIndices = (0..<500).map { _ in Int.random(in: -5...5, using: &generator) }
        var packer = InstancePacker()
        packer.pack(Self.cards(zIndices: zIndices), offset: .zero, camera: Self.camera, ordering: .zindex, layerCount: 1)
        let expected = zIndices.indices.sorted { (zIndices[$0], $0) < (zIndices[$1], $1) }
        #expect(packer.records.map { Int($0.id) } == expected)
        var passes: [InstancePass] = []
        packer.forEachPass { passes.append($0) }
        #expect(passes == [InstancePass(range: 0..<500, kind: .backToFront)])
    }

    @Test("depth: opaque cards first, front to back (zIndex, then index, descending), then translucent ones far to near")
    func depthOrder() {
        var generator = SplitMix64(seed: 11)
        let alphas = (0..<300).map { _ in Bool.random(using: &generator) ? 1 : Double.random(in: 0.1..<1, using: &generator) }
        let zIndices = (0..<300).map { _ in Int.random(in: -3...3, using: &generator) }
        let cards = Self.cards(zIndices: zIndices, alphas: alphas).shuffled(using: &generator)
        var packer = InstancePacker()
        packer.pack(cards, offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 1)
        let opaque = cards.filter { $0.alpha >= 1 }.sorted { ($0.zIndex, $0.index) > ($1.zIndex, $1.index) }.map { $0.id.rawValue }
        #expect(packer.opaqueCount == opaque.count)
        #expect(packer.records.prefix(packer.opaqueCount).map(\.id) == opaque)
        let translucent = packer.records.dropFirst(packer.opaqueCount)
        #expect(translucent.count == 300 - opaque.count)
        // Card i sits at z = −10·i: farther means a higher index.
        #expect(translucent.map(\.id) == translucent.map(\.id).sorted(by: >))
        #expect(zip(translucent, translucent.dropFirst()).allSatisfy { $0.depth >= $1.depth })
        var passes: [InstancePass] = []
        packer.forEachPass { passes.append($0) }
        #expect(passes == [
            InstancePass(range: 0..<opaque.count, kind: .opaque),
            InstancePass(range: opaque.count..<300, kind: .translucent),
        ])
    }

    @Test("no cards, no passes; all opaque, one pass")
    func passCounts() {
        var packer = InstancePacker()
        var count = 0
        packer.pack([], offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 1)
        packer.forEachPass { _ in count += 1 }
        #expect(count == 0)
        packer.pack(Self.cards(zIndices: [0, 1, 2]), offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 1)
        packer.forEachPass { _ in count += 1 }
        #expect(count == 1)
    }

    @Test("the packer's buffers are reused: a second frame of the same size keeps its capacity")
    func reuse() {
        var packer = InstancePacker()
        let cards = Self.cards(zIndices: Array((0..<200).reversed()))
        packer.pack(cards, offset: .zero, camera: Self.camera, ordering: .zindex, layerCount: 1)
        let capacity = packer.records.capacity
        packer.pack(cards, offset: .zero, camera: Self.camera, ordering: .zindex, layerCount: 1)
        #expect(packer.records.capacity == capacity)
        #expect(packer.records.map(\.id) == Array((0..<200).reversed()))
    }
}

/// Per-card image layers from a table indexed by id.
@Suite("Instance packing: layer tables")
struct LayerTableTests {
    @Test("a table names each card's layer; ids past it use id % layers; layers are clamped")
    func layers() {
        let cards = (0..<6).map { i in
            CardAttributes(index: i, id: CardID(UInt32(i)), center: Vec3(Double(50 * i + 25), 50, 0), size: Size(width: 40, height: 40))
        }
        var packer = InstancePacker()
        let camera = Camera(viewport: Size(width: 400, height: 100))
        packer.pack(cards, offset: .zero, camera: camera, ordering: .zindex, layerCount: 4, layerTable: [3, 3, 0, 9])
        #expect(packer.records.map(\.layer) == [3, 3, 0, 3, 0, 1])
        packer.pack(cards, offset: .zero, camera: camera, ordering: .zindex, layerCount: 4)
        #expect(packer.records.map(\.layer) == [0, 1, 2, 3, 0, 1])
    }
}
