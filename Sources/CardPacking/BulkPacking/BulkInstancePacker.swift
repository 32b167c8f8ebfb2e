import CardLayout
import CardMath

/// Packs a frame's cards straight from a layout into instance records: the fast path of a frame
/// (layout and packing in one sweep, no `CardAttributes` in between).
///
/// When the layout can write in bulk (`InstanceWriting.canWriteInBulk`), its specialised writer
/// fills the records in the order the ordering needs, so no sort is needed: front to back for
/// `depth` (the reverse of zIndex order), back to front for `zindex` (zIndex order) — index order
/// or its reverse, by `restingZIndexOrder`. Translucent records, should a writer produce any, are
/// sorted back to front after the opaque ones, as `InstancePacker` does. Otherwise — a
/// highlighted, swiped, lifted or dragged card, or numbers out of Float range — it takes the
/// generic path (`attributes(at:)` per card, then `InstancePacker`) and gives the same records.
///
/// It is also the frame packer of the viewer: `pack(cards:…)` packs attributes laid out
/// elsewhere (an animated frame), and `withMutableRecords` lets the caller give records their
/// deck ids and pictures after packing.
///
/// Scopes: `.all` packs every card of the deck (as the seeds lay out every card each frame);
/// `.visible` packs the layout's candidates (`candidateRange`, a superset of the visible cards
/// that the GPU clips), or on the generic path the culled cards of `layoutVisible`.
///
/// Storage is kept between frames and grows by doubling, so a warm frame allocates nothing.
public final class BulkInstancePacker {
    /// Which cards a frame packs.
    public enum Scope: String, Sendable, CaseIterable {
        /// The cards that can be visible.
        case visible
        /// Every card of the deck.
        case all
    }

    private var storage: UnsafeMutablePointer<InstanceRecord>
    private var capacity: Int
    /// How many records the last `pack` produced.
    public private(set) var count = 0
    /// How many leading records make up the opaque pass (`depth` ordering; 0 for `zindex`).
    public private(set) var opaqueCount = 0
    /// The draw passes of the last `pack`, in order, without empty ones.
    public private(set) var passes: [InstancePass] = []
    /// True when the last `pack` took the layout's bulk path, false for the generic path.
    public private(set) var usedBulkPath = false

    private var ordering = RenderOrdering.depth
    private var isOrdered = true
    private var writtenReversed = false
    private var clipsOccludedCards = false
    private var eye = Vec3.zero
    /// Whether the frame's layout may tie cards in one plane (`CardLayout.mayTieCoplanarCards`):
    /// `orderRecords` then searches for ties, else ranks the biases alone.
    private var searchesTies = false
    /// What the frame's camera shows (the tie search skips records outside it).
    private var volume = ViewVolume(camera: Camera(viewport: Size(width: 0, height: 0)))
    private var onlyOpaque = false
    private var cards: [CardAttributes] = []
    private var generic = InstancePacker()
    private var staging: [InstanceRecord] = []
    private var keys: [SortKey] = []
    private var scratch: [SortKey] = []
    private var ranking = BiasRanking()

    /// Records reserved up front: more than any layout's visible range (a few dozen cards), so
    /// that visible frames never grow the storage.
    public static let initialCapacity = 256

    public init() {
        capacity = Self.initialCapacity
        storage = UnsafeMutablePointer<InstanceRecord>.allocate(capacity: capacity)
        passes.reserveCapacity(2)
    }

    deinit { storage.deallocate() }

    /// The records of the last `pack`, valid until the next one.
    public var records: UnsafeBufferPointer<InstanceRecord> { UnsafeBufferPointer(start: storage, count: count) }

    /// Bytes held for records (the instance storage's capacity).
    public var reservedBytes: Int { capacity * InstanceRecord.stride }

    /// Packs one frame of `layout` in `context`: `writeRecords`, then `orderRecords`.
    ///
    /// - Parameter layerCount: image layers available; card `id` gets layer `id % layerCount`.
    /// - Complexity: O(k) for k cards in the scope (O(k log k) only for translucent records or
    ///   on the generic path with `zindex` and unsorted zIndex); no allocation once warm.
    public func pack<Layout: InstanceWriting>(_ layout: Layout, scope: Scope, in context: LayoutContext,
                                              ordering: RenderOrdering, layerCount: Int) {
        writeRecords(layout, scope: scope, in: context, ordering: ordering, layerCount: layerCount)
        orderRecords()
    }

    /// The first half of `pack`, the layout stage of a fast frame: the layout writes the records
    /// of the cards in `scope`, already in the order `ordering` draws them (on the generic path,
    /// this lays out, packs and orders).
    ///
    /// - Complexity: O(k) for k cards in the scope; no allocation once warm.
    public func writeRecords<Layout: InstanceWriting>(_ layout: Layout, scope: Scope, in context: LayoutContext,
                                                      ordering: RenderOrdering, layerCount: Int) {
        self.ordering = ordering
        guard layout.canWriteInBulk(in: context) else {
            packGenerically(layout, scope: scope, in: context, ordering: ordering, layerCount: layerCount)
            isOrdered = true
            return
        }
        usedBulkPath = true
        isOrdered = false
        onlyOpaque = layout.writesOnlyOpaqueRecords
        // Only the cards that can be visible: clipping every card of a deck (the layout-throughput
        // scope) would cost more than the fill it saves off screen.
        clipsOccludedCards = layout.stacksOverPreviousCard && ordering == .depth && scope == .visible
        eye = context.camera.eye
        searchesTies = layout.mayTieCoplanarCards
        if searchesTies { volume = ViewVolume(camera: context.camera) }
        let range = scope == .all ? 0..<context.cardCount : layout.candidateRange(in: context)
        reserve(range.count)
        // zindex: back to front is zIndex order; depth: front to back is its reverse.
        let descending = layout.restingZIndexOrder == .descending
        let reversed = ordering == .zindex ? descending : !descending
        writtenReversed = reversed
        count = layout.writeInstances(range, in: context, layerCount: layerCount, reversed: reversed, into: storage)
    }

    /// The second half of `pack`, the packing stage of a fast frame: turns the records' biases
    /// into depth offsets (`BiasRanking`; for a layout that may tie cards in one plane,
    /// `mayTieCoplanarCards`, exact coplanar ties by the drawing order, among the records the
    /// camera may show), moves translucent
    /// records (if any) after the opaque ones, sorted back to front, and makes the passes. Does nothing
    /// when `writeRecords` took the generic path, which ordered already.
    ///
    /// - Complexity: O(k) for opaque records, O(k log k) for translucent ones (plus the tie
    ///   search, for a layout that may tie); no allocation once warm.
    public func orderRecords() {
        guard !isOrdered else { return }
        isOrdered = true
        if searchesTies {
            rankSearchingTies()
        } else {
            ranking.rank(UnsafeMutableBufferPointer(start: storage, count: count))
        }
        switch ordering {
        case .zindex:
            opaqueCount = 0
        case .depth:
            if onlyOpaque { opaqueCount = count } else { sortTranslucentRecords() }
            if clipsOccludedCards, onlyOpaque { clipOccludedCards() }
        }
        makePasses(ordering: ordering)
    }

    /// `ranking.rank` with the tie search, for a layout that may tie; never inlined, so that
    /// `orderRecords` stays as compiled without it (`InstancePacker.rankSearchingTies`).
    @inline(never)
    private func rankSearchingTies() {
        // The writer's records are in the order `ordering` draws them: zindex back to front (the
        // painter's order), depth front to back (its reverse).
        let backToFront = ordering == .zindex
        ranking.rank(UnsafeMutableBufferPointer(start: storage, count: count), volume: volume) {
            PaintOrder(zIndex: 0, index: backToFront ? $0 : -$0)
        }
    }

    /// Packs one frame of a layout known only by its protocol: one dynamic call per frame,
    /// none per card.
    public func pack(any layout: any InstanceWriting, scope: Scope, in context: LayoutContext,
                     ordering: RenderOrdering, layerCount: Int) {
        pack(layout, scope: scope, in: context, ordering: ordering, layerCount: layerCount)
    }

    /// `writeRecords` for a layout known only by its protocol (opened once per frame).
    public func writeRecords(any layout: any InstanceWriting, scope: Scope, in context: LayoutContext,
                             ordering: RenderOrdering, layerCount: Int) {
        writeRecords(layout, scope: scope, in: context, ordering: ordering, layerCount: layerCount)
    }

    /// The generic path: attributes per card, packed by `InstancePacker`, copied here.
    private func packGenerically<Layout: CardLayout>(_ layout: Layout, scope: Scope, in context: LayoutContext,
                                                     ordering: RenderOrdering, layerCount: Int) {
        usedBulkPath = false
        cards.removeAll(keepingCapacity: true)
        switch scope {
        case .visible:
            layout.layoutVisible(in: context, into: &cards)
        case .all:
            for index in 0..<context.cardCount { cards.append(layout.attributes(at: index, in: context)) }
        }
        generic.pack(cards, offset: context.offset, camera: context.camera, ordering: ordering, layerCount: layerCount,
                     searchingTies: layout.mayTieCoplanarCards)
        copyGenericRecords()
    }

    /// Packs cards laid out elsewhere (an animated frame of the viewer) as `InstancePacker`
    /// does, into this packer's records and passes.
    ///
    /// - Parameter searchingTies: whether the cards may tie in one plane (`InstancePacker.pack`):
    ///   the layout's `mayTieCoplanarCards` for its own frames, true for cards in between
    ///   (`ViewerSession.frameMayTieCoplanarCards`); false (the default) ranks the biases alone.
    /// - Complexity: as `InstancePacker.pack`; no allocation once warm.
    public func pack(cards: [CardAttributes], offset: Vec2, camera: Camera, ordering: RenderOrdering,
                     layers: LayerChoice, searchingTies: Bool = false) {
        self.ordering = ordering
        usedBulkPath = false
        isOrdered = true
        generic.pack(cards, offset: offset, camera: camera, ordering: ordering, layers: layers,
                     searchingTies: searchingTies)
        copyGenericRecords()
    }

    /// Calls `body` with the records of the last `pack`, which it may change in place (ids,
    /// pictures; not their order or count).
    public func withMutableRecords<Result>(_ body: (UnsafeMutableBufferPointer<InstanceRecord>) throws -> Result) rethrows -> Result {
        try body(UnsafeMutableBufferPointer(start: storage, count: count))
    }

    private func copyGenericRecords() {
        reserve(generic.records.count)
        generic.records.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { storage.update(from: base, count: source.count) }
        }
        count = generic.records.count
        opaqueCount = generic.opaqueCount
        passes.removeAll(keepingCapacity: true)
        generic.forEachPass { passes.append($0) }
    }

    /// Makes room for `needed` records, doubling (the old contents are not kept).
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = max(needed, 2 * capacity)
        storage.deallocate()
        storage = UnsafeMutablePointer<InstanceRecord>.allocate(capacity: grown)
        capacity = grown
    }

    /// `depth` ordering: keeps the opaque records in place, in order, and moves the translucent
    /// ones after them sorted back to front (farthest first; ties by bias, then in index order).
    private func sortTranslucentRecords() {
        var opaque = 0
        while opaque < count, storage[opaque].isOpaque { opaque += 1 }
        guard opaque < count else { opaqueCount = count; return }
        staging.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        for position in opaque..<count {
            let record = storage[position]
            if record.isOpaque {
                storage[opaque] = record
                opaque += 1
            } else {
                // Records are in index order here (or its reverse), so the position orders ties
                // as the index does.
                let tie = writtenReversed ? -staging.count : staging.count
                keys.append(SortKey(primary: -Double(record.depth), bias: record.depthOffset, secondary: tie,
                                    position: staging.count))
                staging.append(record)
            }
        }
        opaqueCount = opaque
        if !keys.isSorted { MergeSort.sort(&keys, scratch: &scratch) }
        for (offset, key) in keys.enumerated() { storage[opaque + offset] = staging[key.position] }
    }

    /// Each record's visible height behind the next card's (`OcclusionClip`): records are
    /// consecutive cards, so card i + 1 is the record before (written in reverse) or after.
    private func clipOccludedCards() {
        guard count > 1 else { return }
        let step = writtenReversed ? -1 : 1
        for position in 0..<count {
            let next = position + step
            guard next >= 0, next < count, storage[next].id == storage[position].id &+ 1,
                  let visible = OcclusionClip.visibleHeight(of: storage[position], behind: storage[next], eye: eye) else { continue }
            storage[position].visibleHeight = visible
        }
    }

    private func makePasses(ordering: RenderOrdering) {
        passes.removeAll(keepingCapacity: true)
        InstancePass.forEach(count: count, opaqueCount: opaqueCount, ordering: ordering) { passes.append($0) }
    }
}
