import CardLayout
import CardMath
import CardPacking
import Testing

/// The record's picture fields, their half-float storage, the default layer choice, and the
/// draw orders the packers produce. Pure, no GL.
@Suite("Instance records: pictures, titles, draw order")
struct InstanceRecordTests {
    static let camera = Camera(viewport: Size(width: 1280, height: 800))

    @Test("half floats: exact values round-trip, others round to the nearest half, specials stay special")
    func halfFloats() {
        for value: Float in [0, 1, -1, 0.5, 0.25, 2, 1024, 65504, -65504, 0x1p-14, 0x1p-24, 1.5, 0.75] {
            #expect(HalfFloat.float(HalfFloat.bits(value)) == value, "\(value)")
        }
        #expect(HalfFloat.bits(1) == 0x3C00)
        #expect(HalfFloat.bits(-2) == 0xC000)
        #expect(HalfFloat.bits(65520) == 0x7C00)          // rounds up past the largest half: infinity
        #expect(HalfFloat.float(HalfFloat.bits(.infinity)) == .infinity)
        #expect(HalfFloat.float(HalfFloat.bits(.nan)).isNaN)
        #expect(HalfFloat.bits(0x1p-26) == 0)               // below half the smallest subnormal
        // Nearest, ties to even: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10.
        #expect(HalfFloat.bits(1 + 0x1p-11) == 0x3C00)
        #expect(HalfFloat.bits(1 + 3 * 0x1p-11) == 0x3C02)
        // Across 0…2 (card units and a bit beyond), within half an ulp (2^-11 relative).
        for i in 0...2000 {
            let value = Float(i) / 1000 - 0.01
            let back = HalfFloat.float(HalfFloat.bits(value))
            #expect(abs(back - value) <= max(abs(value), 0x1p-14) * 0x1p-11, "\(value) → \(back)")
        }
        #if !(os(macOS) && arch(x86_64))
        // Where Swift has Float16, it agrees bit for bit.
        for value: Float in [0.1, 0.3333, 123.456, -7.77, 1e-5, 3e-7, 6.1e4] {
            #expect(HalfFloat.bits(value) == Float16(value).bitPattern, "\(value)")
        }
        #endif
    }

    @Test("a packed record has the default picture: layer by id, full rectangle, fully faded in, no title, no flags")
    func defaults() throws {
        let card = CardAttributes(index: 0, id: CardID(9), center: Vec3(100, 100, 0), size: Size(width: 60, height: 40))
        let record = try #require(InstanceRecord(card, offset: .zero, eye: Self.camera.eye, layerCount: 4))
        #expect(record.layer == 1)
        #expect(record.pictureRect == .full)
        #expect(record.pictureRectBits == SIMD4(0, 0, 0x3C00, 0x3C00))
        #expect(record.pictureOpacity == 1)
        #expect(record.title == TitleSlot.none)
        #expect(record.instanceFlags.isEmpty)
    }

    @Test("setPicture writes layer, rectangle (to half precision), opacity (to 1/255) and the unreadable flag")
    func setPicture() throws {
        let card = CardAttributes(index: 0, center: Vec3(100, 100, 0), size: Size(width: 60, height: 40))
        var record = try #require(InstanceRecord(card, offset: .zero, eye: Self.camera.eye, layerCount: 1))
        let rect = PictureRect(minX: 0.125, minY: -0.3, maxX: 0.875, maxY: 1.3)
        record.setPicture(layer: PictureLayer.fullResolution(1), rect: rect, opacity: 0.4, unreadable: true)
        #expect(record.layer == 0xFFF1)
        #expect(abs(record.pictureRect.minY + 0.3) < 0.3 * 0x1p-10)
        #expect(record.pictureRect.minX == 0.125 && record.pictureRect.maxX == 0.875)
        #expect(record.pictureOpacityLevel == 102)
        #expect(record.instanceFlags.contains(.unreadable))
        record.setPicture(layer: PictureLayer.none, rect: .full, opacity: 7, unreadable: false)
        #expect(record.layer == 0xFFFF && record.pictureOpacity == 1 && record.flags == 0)
        record.pictureOpacity = .nan
        #expect(record.pictureOpacityLevel == 0)
    }

    @Test("the layer choice: a table by id, else id % count, clamped to the pool")
    func layerChoice() {
        let choice = LayerChoice(count: 4, table: [3, 3, 0, 9])
        #expect((0..<6).map { choice.layer(forID: UInt32($0)) } == [3, 3, 0, 3, 0, 1])
        #expect(LayerChoice(count: 0).layer(forID: 77) == 0)
        #expect(LayerChoice(count: 1, table: [5]).layer(forID: 0) == 0)
        #expect(LayerChoice(count: 100_000).count == PictureLayer.poolLimit)
    }

    @Test("bulk writers fill the default picture fields", arguments: LayoutKind.bulkWriting)
    func writerDefaults(kind: LayoutKind) throws {
        let packer = BulkInstancePacker()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 300, offset: .zero)
        packer.pack(any: try kind.writer, scope: .visible, in: context, ordering: .depth, layerCount: 7)
        #expect(packer.count > 0)
        #expect(packer.records.allSatisfy { $0.pictureRect == .full && $0.pictureOpacityLevel == 255 && $0.flags == 0
            && $0.title == TitleSlot.none && Int($0.layer) == Int($0.id) % 7 })
    }

    /// The zIndex and index of each record of a bulk frame (ids are indices here).
    static func keys(_ packer: BulkInstancePacker, _ layout: any CardLayout, _ context: LayoutContext) -> [(Int, Int)] {
        packer.records.map { record in
            let card = layout.attributes(at: Int(record.id), in: context)
            return (card.zIndex, card.index)
        }
    }

    @Test("depth ordering draws opaque cards front to back (zIndex descending), zindex back to front, on both paths",
          arguments: LayoutKind.bulkWriting)
    func drawOrder(kind: LayoutKind) throws {
        let layout = try kind.writer
        let viewport = Size(width: 1280, height: 800)
        let maximum = layout.maximumOffset(viewport: viewport, cardCount: 400)
        let context = LayoutContext(viewport: viewport, cardCount: 400, offset: maximum * 0.4)
        let packer = BulkInstancePacker()
        packer.pack(any: layout, scope: .visible, in: context, ordering: .depth, layerCount: 1)
        let front = Self.keys(packer, layout, context)
        #expect(front.count > 1)
        #expect(zip(front, front.dropFirst()).allSatisfy { $0 > $1 }, "\(kind): \(front)")
        #expect(packer.passes.map(\.kind) == [.opaque])
        packer.pack(any: layout, scope: .visible, in: context, ordering: .zindex, layerCount: 1)
        let back = Self.keys(packer, layout, context)
        #expect(zip(back, back.dropFirst()).allSatisfy { $0 < $1 }, "\(kind): \(back)")
        #expect(packer.passes.map(\.kind) == [.backToFront])
        // The generic path (cards laid out elsewhere) orders them the same way.
        packer.pack(cards: layout.visibleAttributes(in: context).shuffled(), offset: context.offset, camera: context.camera,
                    ordering: .depth, layers: LayerChoice(count: 1))
        let generic = Self.keys(packer, layout, context)
        #expect(zip(generic, generic.dropFirst()).allSatisfy { $0 > $1 }, "\(kind): \(generic)")
    }
}

/// Occlusion clipping of stacked pages (`OcclusionClip`): pure geometry.
@Suite("Occlusion clipping")
struct OcclusionClipTests {
    static let viewport = Size(width: 1280, height: 800)

    @Test("at rest each page but the nearest keeps only what the page in front leaves visible; nothing else is clipped")
    func pagesAtRest() throws {
        let context = LayoutContext(viewport: Self.viewport, cardCount: 1000, offset: Vec2(0, 40_000))
        let packer = BulkInstancePacker()
        packer.pack(PagesLayout(), scope: .visible, in: context, ordering: .depth, layerCount: 1)
        let records = Array(packer.records)
        // Front to back: the nearest page (highest index) first, not clipped.
        let clipped = records.filter { $0.visibleHeight < 1 }
        #expect(clipped.count >= records.count / 2, "\(clipped.count) of \(records.count)")
        #expect(records.first?.visibleHeight == 1)
        for record in clipped {
            // What is kept is at least the strip above the next page (pitch 160 of 800 points, seen tilted).
            #expect(record.visibleHeight > 0.05 && record.visibleHeight < 0.9, "\(record.id): \(record.visibleHeight)")
        }
        // zindex ordering and other layouts draw whole cards.
        packer.pack(PagesLayout(), scope: .visible, in: context, ordering: .zindex, layerCount: 1)
        #expect(packer.records.allSatisfy { $0.visibleHeight == 1 })
        for kind in [LayoutKind.grid, .wheel, .slidebox, .tasks] {
            packer.pack(any: try kind.writer, scope: .visible, in: LayoutContext(viewport: Self.viewport, cardCount: 1000, offset: .zero),
                        ordering: .depth, layerCount: 1)
            #expect(packer.records.allSatisfy { $0.visibleHeight == 1 }, "\(kind)")
        }
    }

    @Test("the clip line is where the front page's lowered top edge is seen on the back page")
    func geometry() throws {
        let context = LayoutContext(viewport: Self.viewport, cardCount: 50, offset: Vec2(0, 1200))
        let layout = PagesLayout()
        let eye = context.camera.eye
        let back = try #require(InstanceRecord(layout.attributes(at: 10, in: context), offset: context.offset, eye: eye, layerCount: 1))
        let front = try #require(InstanceRecord(layout.attributes(at: 11, in: context), offset: context.offset, eye: eye, layerCount: 1))
        let visible = try #require(OcclusionClip.visibleHeight(of: back, behind: front, eye: eye))
        // Project both points with the camera: the back page's point at the clip line and the
        // front page's lowered top edge land on the same screen row.
        func world(_ r: InstanceRecord, _ v: Double) -> Vec3 {
            let p = SIMD4<Float>(0, Float(v), 0, 1)
            return Vec3(Double((r.row0 * p).sum()), Double((r.row1 * p).sum()), Double((r.row2 * p).sum()))
        }
        let height = Double(SIMD2(front.row1.y, front.row2.y).x * SIMD2(front.row1.y, front.row2.y).x
                            + SIMD2(front.row1.y, front.row2.y).y * SIMD2(front.row1.y, front.row2.y).y).squareRoot()
        let margin = OcclusionClip.margin(width: Double(front.row0.x), height: height)
        let a = try #require(context.camera.project(world(back, Double(visible) - 0.5)))
        let b = try #require(context.camera.project(world(front, -0.5 + margin / height)))
        #expect(abs(a.point.y - b.point.y) < 0.01, "\(a.point) vs \(b.point)")
        #expect(a.depth > b.depth)  // the front page is nearer there
        // Not a pair: different x axes, or the back card in front.
        #expect(OcclusionClip.visibleHeight(of: front, behind: back, eye: eye) == nil)
        var shifted = front
        shifted.row0.w += 10
        #expect(OcclusionClip.visibleHeight(of: back, behind: shifted, eye: eye) == nil)
    }
}
