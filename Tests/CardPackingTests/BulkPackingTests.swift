import CardLayout
import CardMath
import CardPacking
import CardTestSupport
import Testing

/// The bulk path (each layout's `writeInstances`, `BulkInstancePacker`) against the generic
/// path (`attributes(at:)` per card, then `InstanceRecord`/`InstancePacker`): the same records in
/// the same order, numbers within `BulkPacking.tolerance`. Pure, no GL.
@Suite("Bulk packing")
struct BulkPackingTests {
    static let viewports = [Size(width: 1280, height: 800), Size(width: 320, height: 480), Size(width: 64, height: 40)]

    /// Offsets along the layout's scroll axis: before the start, the start, inside, the end, past it.
    static func offsets(_ layout: any CardLayout, viewport: Size, cardCount: Int) -> [Vec2] {
        let maximum = layout.maximumOffset(viewport: viewport, cardCount: cardCount)
        let along = layout.scrollAxis == .vertical ? Vec2(0, 1) : Vec2(1, 0)
        let extent = max(layout.scrollAxis == .vertical ? maximum.y : maximum.x, 1)
        return [-250.0, 0, 0.3, 0.5, 0.77, 1, 1.2].map { fraction in
            along * (fraction < 0 ? fraction : fraction * extent)
        }
    }

    /// True when two records agree: ids, layers, alpha and depth offset exactly, every other
    /// Float within the tolerance.
    static func agree(_ a: InstanceRecord, _ b: InstanceRecord) -> Bool {
        guard a.id == b.id, a.layer == b.layer, a.alpha == b.alpha, a.depthOffset == b.depthOffset else { return false }
        let got = [a.row0, a.row1, a.row2].flatMap { [$0.x, $0.y, $0.z, $0.w] } + [a.depth]
        let expected = [b.row0, b.row1, b.row2].flatMap { [$0.x, $0.y, $0.z, $0.w] } + [b.depth]
        return zip(got, expected).allSatisfy { g, e in
            abs(Double(g) - Double(e)) <= BulkPacking.tolerance * max(1, abs(Double(e)))
        }
    }

    /// The position of the first pair of records that do not agree, or nil.
    static func firstDisagreement(_ a: [InstanceRecord], _ b: [InstanceRecord]) -> Int? {
        zip(a.indices, b.indices).first { !agree(a[$0.0], b[$0.1]) }?.0
    }

    /// The generic path's records for `indices`, in that order.
    static func genericRecords(_ layout: any CardLayout, _ indices: [Int], in context: LayoutContext,
                               layerCount: Int) -> [InstanceRecord] {
        indices.compactMap {
            InstanceRecord(layout.attributes(at: $0, in: context), offset: context.offset, eye: context.camera.eye,
                           layerCount: layerCount)
        }
    }

    /// `writeInstances` of `layout` for `range`, as an array.
    static func bulkRecords(_ layout: some InstanceWriting, _ range: Range<Int>, in context: LayoutContext,
                            layerCount: Int, reversed: Bool) -> [InstanceRecord] {
        let out = UnsafeMutablePointer<InstanceRecord>.allocate(capacity: max(range.count, 1))
        defer { out.deallocate() }
        let written = layout.writeInstances(range, in: context, layerCount: layerCount, reversed: reversed, into: out)
        return Array(UnsafeBufferPointer(start: out, count: written))
    }

    static func check(_ layout: some InstanceWriting, _ range: Range<Int>, in context: LayoutContext,
                      layerCount: Int, reversed: Bool) {
        let bulk = bulkRecords(layout, range, in: context, layerCount: layerCount, reversed: reversed)
        let indices = Array(range.clamped(to: 0..<context.cardCount))
        let generic = genericRecords(layout, reversed ? indices.reversed() : indices, in: context, layerCount: layerCount)
        #expect(bulk.count == generic.count, "\(layout.name) \(range) at \(context.offset), reversed: \(reversed)")
        let first = firstDisagreement(bulk, generic)
        let detail = first.map { " \(bulk[$0]) vs \(generic[$0])" } ?? ""
        #expect(first == nil, "\(layout.name) \(range) at \(context.offset), reversed: \(reversed): record \(first ?? -1)\(detail)")
    }

    @Test("every layout's writer gives the generic records, in index order and reversed",
          arguments: LayoutKind.bulkWriting)
    func writerEquivalence(kind: LayoutKind) throws {
        let layout = try kind.writer
        for viewport in Self.viewports {
            for count in [0, 1, 2, 37, 1500] {
                for offset in Self.offsets(layout, viewport: viewport, cardCount: count) {
                    let context = LayoutContext(viewport: viewport, cardCount: count, offset: offset)
                    #expect(layout.canWriteInBulk(in: context))
                    for reversed in [false, true] {
                        Self.check(layout, 0..<count, in: context, layerCount: 7, reversed: reversed)
                        Self.check(layout, (count / 3)..<(count / 3 + 20), in: context, layerCount: 1, reversed: reversed)
                    }
                }
            }
        }
    }

    @Test("long runs stay exact across recurrence restarts and deep into the content", arguments: LayoutKind.bulkWriting)
    func longRuns(kind: LayoutKind) throws {
        let layout = try kind.writer
        let viewport = Size(width: 1280, height: 800)
        let count = 100_000
        for fraction in [0.0, 0.1, 0.999] {
            let maximum = layout.maximumOffset(viewport: viewport, cardCount: count)
            let context = LayoutContext(viewport: viewport, cardCount: count, offset: maximum * fraction)
            for reversed in [false, true] {
                Self.check(layout, 0..<3000, in: context, layerCount: 30, reversed: reversed)
                Self.check(layout, 40_000..<43_000, in: context, layerCount: 30, reversed: reversed)
                Self.check(layout, (count - 2000)..<count, in: context, layerCount: 30, reversed: reversed)
            }
        }
    }

    /// The generic path's frame: `InstancePacker` over the given cards (searching them for
    /// coplanar ties when their layout may tie: `searchingTies`).
    static func genericFrame(_ cards: [CardAttributes], in context: LayoutContext, ordering: RenderOrdering,
                             layerCount: Int, searchingTies: Bool = false) -> (records: [InstanceRecord], passes: [InstancePass]) {
        var packer = InstancePacker()
        packer.pack(cards, offset: context.offset, camera: context.camera, ordering: ordering, layerCount: layerCount,
                    searchingTies: searchingTies)
        var passes: [InstancePass] = []
        packer.forEachPass { passes.append($0) }
        return (packer.records, passes)
    }

    static func expectSameFrame(_ packer: BulkInstancePacker, _ expected: (records: [InstanceRecord], passes: [InstancePass]),
                                _ label: String) {
        let got = Array(packer.records)
        #expect(got.count == expected.records.count, "\(label)")
        let first = firstDisagreement(got, expected.records)
        #expect(first == nil, "\(label): record \(first ?? -1)")
        #expect(packer.passes == expected.passes, "\(label)")
    }

    @Test("the packer's frames equal InstancePacker's, for both orderings and both scopes", arguments: LayoutKind.bulkWriting)
    func packerEquivalence(kind: LayoutKind) throws {
        let layout = try kind.writer
        let packer = BulkInstancePacker()
        for viewport in Self.viewports {
            for count in [0, 1, 40, 2000] {
                for offset in Self.offsets(layout, viewport: viewport, cardCount: count) {
                    let context = LayoutContext(viewport: viewport, cardCount: count, offset: offset)
                    for ordering in RenderOrdering.allCases {
                        let label = "\(kind) \(viewport) n=\(count) at \(offset) \(ordering)"
                        packer.pack(any: layout, scope: .all, in: context, ordering: ordering, layerCount: 5)
                        #expect(packer.usedBulkPath)
                        let all = (0..<count).map { layout.attributes(at: $0, in: context) }
                        Self.expectSameFrame(packer, Self.genericFrame(all, in: context, ordering: ordering, layerCount: 5),
                                             "all: " + label)
                        packer.pack(any: layout, scope: .visible, in: context, ordering: ordering, layerCount: 5)
                        let candidates = layout.candidateRange(in: context).map { layout.attributes(at: $0, in: context) }
                        Self.expectSameFrame(packer, Self.genericFrame(candidates, in: context, ordering: ordering, layerCount: 5),
                                             "visible: " + label)
                        // The candidates hold every card the layout's own culling keeps.
                        let packed = Set(packer.records.map(\.id))
                        #expect(layout.visibleAttributes(in: context).allSatisfy { packed.contains($0.id.rawValue) }, "\(label)")
                    }
                }
            }
        }
    }

    @Test("zIndex order needs no sort: the bulk zindex frame is sorted by zIndex, then index", arguments: LayoutKind.bulkWriting)
    func zIndexSorted(kind: LayoutKind) throws {
        let layout = try kind.writer
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 500, offset: .zero)
        let packer = BulkInstancePacker()
        packer.pack(any: layout, scope: .all, in: context, ordering: .zindex, layerCount: 1)
        let keys = packer.records.map { record in
            let card = layout.attributes(at: Int(record.id), in: context)
            return [card.zIndex, card.index]
        }
        #expect(keys.count == (kind == .tasks ? layout.candidateRange(in: context).count : 500))
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    }

    @Test("dynamic states take the generic path and give its records")
    func dynamicStates() {
        let viewport = Size(width: 1280, height: 800)
        let context = LayoutContext(viewport: viewport, cardCount: 300, offset: Vec2(0, 4000))
        let slideContext = LayoutContext(viewport: viewport, cardCount: 300, offset: Vec2(2 * 1408, 0))
        let states: [(any InstanceWriting, LayoutContext)] = [
            (PagesLayout(highlightedIndex: 30), context),
            (PagesLayout(swipe: (index: 26, dx: -120)), context),
            (GridLayout(lifted: (index: 3, position: Vec2(300, 4300))), context),
            (SlideBoxLayout(frontDrag: Vec2(40, -90)), slideContext),
        ]
        let packer = BulkInstancePacker()
        for (layout, context) in states {
            #expect(!layout.canWriteInBulk(in: context))
            for ordering in RenderOrdering.allCases {
                packer.pack(any: layout, scope: .visible, in: context, ordering: ordering, layerCount: 3)
                #expect(!packer.usedBulkPath)
                Self.expectSameFrame(packer, Self.genericFrame(layout.visibleAttributes(in: context), in: context,
                                                               ordering: ordering, layerCount: 3), "\(layout.name) visible")
                packer.pack(any: layout, scope: .all, in: context, ordering: ordering, layerCount: 3)
                let all = (0..<context.cardCount).map { layout.attributes(at: $0, in: context) }
                Self.expectSameFrame(packer, Self.genericFrame(all, in: context, ordering: ordering, layerCount: 3),
                                     "\(layout.name) all")
            }
        }
    }

    @Test("the five seeds write their records in bulk, the carousels do not")
    func theSeedsWriteInBulkButTheCarousels() {
        #expect(Array(LayoutKind.bulkWriting.prefix(5)) == [.pages, .tasks, .slidebox, .grid, .wheel])
        for kind in LayoutKind.bulkWriting { #expect(kind.makeLayout() is any InstanceWriting, "\(kind)") }
        for type in CarouselType.allCases { #expect(LayoutKind.genericOnly.contains(LayoutKind(type.name)), "\(type)") }
    }

    /// A bulk writer is optional: a layout without one is packed by the generic path, whose
    /// frame is `InstancePacker`'s.
    @Test("a built-in layout without a bulk writer is packed by the generic path", arguments: LayoutKind.genericOnly)
    func withoutAWriter(kind: LayoutKind) {
        let layout = kind.makeLayout()
        let packer = BulkInstancePacker()
        for viewport in Self.viewports {
            let context = LayoutContext(viewport: viewport, cardCount: 40)
            let cards = layout.visibleAttributes(in: context)
            #expect(!cards.isEmpty, "\(kind) at \(viewport)")
            for ordering in [RenderOrdering.depth, .zindex] {
                packer.pack(cards: cards, offset: context.offset, camera: context.camera, ordering: ordering, layers: LayerChoice(count: 3))
                #expect(!packer.usedBulkPath)
                Self.expectSameFrame(packer, Self.genericFrame(cards, in: context, ordering: ordering, layerCount: 3), "\(kind) \(ordering)")
            }
        }
    }

    @Test("non-finite or huge numbers never reach a record: such frames take the generic path")
    func nonFinite() throws {
        let packer = BulkInstancePacker()
        for kind in LayoutKind.bulkWriting {
            let layout = try kind.writer
            for offset in [Vec2(.nan, .nan), Vec2(0, .infinity), Vec2(1e300, 1e300)] {
                let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 50, offset: offset)
                #expect(!layout.canWriteInBulk(in: context), "\(kind) at \(offset)")
                packer.pack(any: layout, scope: .all, in: context, ordering: .depth, layerCount: 1)
                #expect(packer.records.allSatisfy { record in
                    [record.row0, record.row1, record.row2].allSatisfy { ($0 * 0) == .zero } && record.depth.isFinite
                })
            }
        }
    }

    /// A bulk writer with translucent cards: every third card has alpha 0.5, at varying depth.
    struct FadingLayout: WholeDeckTestWriter {
        var name: String { "fading" }
        var scrollAxis: ScrollAxis { .vertical }
        func contentSize(viewport: Size, cardCount: Int) -> Size { viewport }
        func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
            CardAttributes(index: index, center: Vec3(100, 100, Double((index * 37) % 101) - 50),
                           size: Size(width: 40, height: 30), alpha: index % 3 == 0 ? 0.5 : 1, zIndex: index)
        }
    }

    @Test("translucent records go after the opaque ones, far to near, as InstancePacker orders them")
    func translucent() {
        let layout = FadingLayout()
        let context = LayoutContext(viewport: Size(width: 400, height: 300), cardCount: 400)
        let packer = BulkInstancePacker()
        packer.pack(layout, scope: .all, in: context, ordering: .depth, layerCount: 1)
        let all = (0..<400).map { layout.attributes(at: $0, in: context) }
        Self.expectSameFrame(packer, Self.genericFrame(all, in: context, ordering: .depth, layerCount: 1,
                                                       searchingTies: layout.mayTieCoplanarCards), "fading")
        #expect(packer.opaqueCount == 266)
        #expect(packer.passes.count == 2)
    }

    @Test("storage is kept: a frame no larger than the last reserves nothing new")
    func storageKept() {
        let packer = BulkInstancePacker()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 10_000, offset: Vec2(0, 5000))
        packer.pack(PagesLayout(), scope: .all, in: context, ordering: .depth, layerCount: 1)
        let reserved = packer.reservedBytes
        #expect(reserved >= 10_000 * 64)
        packer.pack(PagesLayout(), scope: .visible, in: context, ordering: .zindex, layerCount: 1)
        packer.pack(PagesLayout(), scope: .all, in: context, ordering: .depth, layerCount: 1)
        #expect(packer.reservedBytes == reserved)
        #expect(packer.count == 10_000)
    }
}

extension LayoutKind {
    /// The built-in layouts with a bulk writer (`InstanceWriting`, an optional speed-up): the
    /// seeds. The carousels (SPEC §8), whose cards are drawn in the order of their depth, not of
    /// their index (`CarouselLayout`), and any layout that has no writer take the generic path.
    static var bulkWriting: [LayoutKind] { builtIn.filter { $0.makeLayout() is any InstanceWriting } }

    /// The built-in layouts without a bulk writer: packed by the generic path only.
    static var genericOnly: [LayoutKind] { builtIn.filter { !($0.makeLayout() is any InstanceWriting) } }

    /// The resting layout of this kind as a bulk writer (`InstanceWriting` conformances live in
    /// CardPacking, next to the packer); a kind without one fails the test that asks, and only it.
    var writer: any InstanceWriting {
        get throws { try #require(makeLayout() as? any InstanceWriting, "\(self) has no bulk writer") }
    }
}
