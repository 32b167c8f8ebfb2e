import CardLayout
import CardMath

/// Turns a frame's card attributes into instance records, in the order the ordering needs.
///
/// Pure Swift, no GL: the packing step of each frame, benchmarkable on its own. The packer keeps
/// its buffers between frames, so once they have grown to the deck's visible size a frame
/// allocates nothing.
///
/// - `zindex`: all records in one pass, stably sorted by zIndex, then index (back to front).
/// - `depth`: opaque records first, front to back — by zIndex, then index, both descending: the
///   layouts give the cards that cover others the higher zIndex, and at rest their 3D order
///   agrees with it (the comparison scenes measure it), so the depth test rejects the hidden
///   fragments before they are shaded (the depth buffer decides what is seen whatever the order;
///   the order only saves fill). Then the translucent ones, sorted back to front by their
///   center's distance from the eye; at equal distance the larger `depthBias` later (in front,
///   as the depth test orders coplanar cards: `CoplanarOrder`), then the index. Last, the
///   frame's biases become depth offsets by rank (`BiasRanking`; exact coplanar ties by zIndex,
///   then index, as `zindex` draws them, when the frame may have them: `searchingTies`).
public struct InstancePacker {
    /// The records of the last `pack`, ready to upload: `records[0..<opaqueCount]` then the rest.
    public private(set) var records: [InstanceRecord] = []
    /// How many leading records make up the opaque pass (`depth` ordering; 0 for `zindex`).
    public private(set) var opaqueCount = 0
    /// The ordering of the last `pack`.
    public private(set) var ordering: RenderOrdering = .depth

    private var staging: [InstanceRecord] = []
    /// The painter's order of each staged card, then of each record (what orders exact ties).
    private var stagingOrder: [PaintOrder] = []
    private var recordOrder: [PaintOrder] = []
    private var opaqueKeys: [SortKey] = []
    private var keys: [SortKey] = []
    private var scratch: [SortKey] = []
    private var ranking = BiasRanking()

    public init() {}

    /// Packs the cards of one frame, dropping hidden, transparent and non-finite ones.
    ///
    /// - Parameters:
    ///   - offset: the scroll offset, content points; subtracted before conversion to Float.
    ///   - camera: the shared camera (its eye gives each card's depth).
    ///   - layerCount: image layers available; card `id` gets layer `id % layerCount`…
    ///   - layerTable: …unless this table, indexed by id, names its layer (a deck whose cards
    ///     show their own pictures); layers past the last are clamped.
    ///   - searchingTies: whether to search the cards on screen for exact coplanar ties and
    ///     order them by zIndex, then index (`CoplanarTies`): the frame's layout's
    ///     `mayTieCoplanarCards`, true for cards from anywhere (`RenderFrame`'s default). False
    ///     (the default) ranks the biases alone: the frames of a layout that never ties.
    /// - Complexity: O(n) when no sort is needed (cards already in the order, as the layouts
    ///   return them), O(n log n) otherwise, plus the tie search when `searchingTies`; no
    ///   allocation once the buffers have grown to n.
    public mutating func pack(_ cards: [CardAttributes], offset: Vec2, camera: Camera,
                              ordering: RenderOrdering, layerCount: Int, layerTable: [UInt32] = [],
                              searchingTies: Bool = false) {
        pack(cards, offset: offset, camera: camera, ordering: ordering,
             layers: LayerChoice(count: layerCount, table: layerTable), searchingTies: searchingTies)
    }

    /// Packs the cards of one frame with the layer choice `layers` (`searchingTies` as above).
    public mutating func pack(_ cards: [CardAttributes], offset: Vec2, camera: Camera,
                              ordering: RenderOrdering, layers: LayerChoice, searchingTies: Bool = false) {
        self.ordering = ordering
        records.removeAll(keepingCapacity: true)
        staging.removeAll(keepingCapacity: true)
        stagingOrder.removeAll(keepingCapacity: true)
        recordOrder.removeAll(keepingCapacity: true)
        opaqueKeys.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        // Room for every card in each list, so that a frame whose mix of opaque and translucent
        // cards differs from the last one's allocates nothing (no-ops once grown). They grow by
        // doubling: a layout whose count of visible cards creeps up as it scrolls (a helix
        // turning) would otherwise reallocate at every new largest frame.
        Self.makeRoom(in: &staging, for: cards.count)
        Self.makeRoom(in: &records, for: cards.count)
        if searchingTies {
            Self.makeRoom(in: &stagingOrder, for: cards.count)
            Self.makeRoom(in: &recordOrder, for: cards.count)
        }
        Self.makeRoom(in: &opaqueKeys, for: cards.count)
        Self.makeRoom(in: &keys, for: cards.count)
        let eye = camera.eye
        // Index loops: a for-in over an array allocates per element in debug builds (the warm
        // frame allocates nothing; tests count in debug).
        var index = 0
        while index < cards.count {
            let card = cards[index]
            index += 1
            guard let record = InstanceRecord(card, offset: offset, eye: eye, layers: layers) else { continue }
            switch ordering {
            case .depth where record.isOpaque:
                opaqueKeys.append(SortKey(primary: -Double(card.zIndex), secondary: -card.index, position: staging.count))
            case .depth:
                keys.append(SortKey(primary: -Double(record.depth), bias: record.depthOffset, secondary: card.index,
                                    position: staging.count))
            case .zindex:
                keys.append(SortKey(primary: Double(card.zIndex), secondary: card.index, position: staging.count))
            }
            staging.append(record)
            if searchingTies { stagingOrder.append(PaintOrder(zIndex: card.zIndex, index: card.index)) }
        }
        opaqueCount = opaqueKeys.count
        // The sort's scratch grows with the staging buffer (in the frames that grow it), not in
        // the first frame that happens to need a merge sort.
        if scratch.count < staging.count {
            scratch = Array(repeating: SortKey(primary: 0, secondary: 0, position: 0), count: staging.capacity)
        }
        Self.order(&opaqueKeys, scratch: &scratch)
        Self.order(&keys, scratch: &scratch)
        index = 0
        while index < opaqueKeys.count { records.append(staging[opaqueKeys[index].position]); index += 1 }
        index = 0
        while index < keys.count { records.append(staging[keys[index].position]); index += 1 }
        if searchingTies {
            rankSearchingTies(camera: camera)
        } else {
            records.withUnsafeMutableBufferPointer { ranking.rank($0) }
        }
    }

    /// `ranking.rank` with the tie search: each record's painter's order (`recordOrder`, in the
    /// records' order: the opaque keys', then the others'), then the ranks. Kept out of `pack`
    /// (never inlined) so that the frames that do not search run `pack` as compiled without it:
    /// inlined, the search's code made the whole generic frame some 3 µs slower (release).
    @inline(never)
    private mutating func rankSearchingTies(camera: Camera) {
        var index = 0
        while index < opaqueKeys.count { recordOrder.append(stagingOrder[opaqueKeys[index].position]); index += 1 }
        index = 0
        while index < keys.count { recordOrder.append(stagingOrder[keys[index].position]); index += 1 }
        recordOrder.withUnsafeBufferPointer { order in
            records.withUnsafeMutableBufferPointer { ranking.rank($0, volume: ViewVolume(camera: camera)) { order[$0] } }
        }
    }

    /// Sorts `keys` ascending: nothing to do when sorted, a reversal when sorted the other way
    /// (the layouts list cards in index order, the reverse of front to back), else a merge sort.
    /// The fewest cards the buffers are made for: more than a window shows in any layout.
    static let minimumCapacity = 256

    /// Makes `array`'s capacity at least `count`: at first `minimumCapacity`, then at least
    /// doubling it when it grows.
    static func makeRoom<Element>(in array: inout [Element], for count: Int) {
        guard array.capacity < count else { return }
        array.reserveCapacity(max(count, 2 * array.capacity, minimumCapacity))
    }

    static func order(_ keys: inout [SortKey], scratch: inout [SortKey]) {
        if keys.isSorted { return }
        if keys.isStrictlyDescending {
            // By hand: `reverse()` allocated per swap in debug builds.
            var i = 0, j = keys.count - 1
            while i < j {
                let swapped = keys[i]
                keys[i] = keys[j]
                keys[j] = swapped
                i += 1
                j -= 1
            }
            return
        }
        MergeSort.sort(&keys, scratch: &scratch)
    }

    /// The draw passes of the last `pack`, in order, skipping empty ones: one for `zindex`,
    /// up to two (opaque, translucent) for `depth`.
    ///
    /// - Complexity: O(1), no allocation.
    public func forEachPass(_ body: (InstancePass) throws -> Void) rethrows {
        try InstancePass.forEach(count: records.count, opaqueCount: opaqueCount, ordering: ordering, body)
    }
}

/// A sort key: primary, then the coplanar bias (translucent cards at equal distance: the smaller
/// bias first, i.e. behind), then secondary, then the position in the input (so the order is
/// total and the sort stable whatever the algorithm).
struct SortKey: Comparable {
    var primary: Double
    var bias: Float = 0
    var secondary: Int
    var position: Int

    static func < (a: SortKey, b: SortKey) -> Bool {
        if a.primary != b.primary { return a.primary < b.primary }
        if a.bias != b.bias { return a.bias < b.bias }
        if a.secondary != b.secondary { return a.secondary < b.secondary }
        return a.position < b.position
    }
}

extension Array where Element: Comparable {
    /// True when no element is smaller than the one before it. O(n).
    var isSorted: Bool {
        var index = 1
        while index < count {
            if self[index] < self[index - 1] { return false }
            index += 1
        }
        return true
    }

    /// True when every element is smaller than the one before it (so reversing sorts it). O(n).
    var isStrictlyDescending: Bool {
        var index = 1
        while index < count {
            if !(self[index] < self[index - 1]) { return false }
            index += 1
        }
        return true
    }
}
