import CardLayout
import CardMath

/// Turns a frame's card attributes into instance records, in the order the ordering needs.
///
/// Pure Swift, no GL: the packing step of each frame, benchmarkable on its own. The packer keeps
/// its buffers between frames, so once they have grown to the deck's visible size a frame
/// allocates nothing.
///
/// - `zindex`: all records in one pass, stably sorted by zIndex, then index (back to front).
/// - `depth`: opaque records first, in input order (the depth buffer needs no order); then the
///   translucent ones sorted back to front by their center's distance from the eye.
public struct InstancePacker {
    /// The records of the last `pack`, ready to upload: `records[0..<opaqueCount]` then the rest.
    public private(set) var records: [InstanceRecord] = []
    /// How many leading records make up the opaque pass (`depth` ordering; 0 for `zindex`).
    public private(set) var opaqueCount = 0
    /// The ordering of the last `pack`.
    public private(set) var ordering: RenderOrdering = .depth

    private var staging: [InstanceRecord] = []
    private var keys: [SortKey] = []
    private var scratch: [SortKey] = []

    public init() {}

    /// Packs the cards of one frame, dropping hidden, transparent and non-finite ones.
    ///
    /// - Parameters:
    ///   - offset: the scroll offset, content points; subtracted before conversion to Float.
    ///   - camera: the shared camera (its eye gives each card's depth).
    ///   - layerCount: image layers available; card `id` gets layer `id % layerCount`…
    ///   - layerTable: …unless this table, indexed by id, names its layer (a deck whose cards
    ///     show their own pictures); layers past the last are clamped.
    /// - Complexity: O(n) when no sort is needed (cards already in zIndex order, or all opaque),
    ///   O(n log n) otherwise; no allocation once the buffers have grown to n.
    public mutating func pack(_ cards: [CardAttributes], offset: Vec2, camera: Camera,
                              ordering: RenderOrdering, layerCount: Int, layerTable: [UInt32] = []) {
        self.ordering = ordering
        records.removeAll(keepingCapacity: true)
        staging.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        let eye = camera.eye
        for card in cards {
            guard var record = InstanceRecord(card, offset: offset, eye: eye, layerCount: layerCount) else { continue }
            if Int(record.id) < layerTable.count, layerCount > 0 {
                record.layer = min(layerTable[Int(record.id)], UInt32(layerCount - 1))
            }
            switch ordering {
            case .depth where record.isOpaque:
                records.append(record)
            case .depth:
                keys.append(SortKey(primary: -Double(record.depth), secondary: card.index, position: staging.count))
                staging.append(record)
            case .zindex:
                keys.append(SortKey(primary: Double(card.zIndex), secondary: card.index, position: staging.count))
                staging.append(record)
            }
        }
        opaqueCount = ordering == .depth ? records.count : 0
        if !keys.isSorted { MergeSort.sort(&keys, scratch: &scratch) }
        for key in keys { records.append(staging[key.position]) }
    }

    /// The draw passes of the last `pack`, in order, skipping empty ones: one for `zindex`,
    /// up to two (opaque, translucent) for `depth`.
    ///
    /// - Complexity: O(1), no allocation.
    public func forEachPass(_ body: (InstancePass) throws -> Void) rethrows {
        switch ordering {
        case .zindex:
            if !records.isEmpty {
                try body(InstancePass(range: 0..<records.count, depthTest: false, depthWrite: false, blending: true))
            }
        case .depth:
            if opaqueCount > 0 {
                try body(InstancePass(range: 0..<opaqueCount, depthTest: true, depthWrite: true, blending: false))
            }
            if records.count > opaqueCount {
                try body(InstancePass(range: opaqueCount..<records.count, depthTest: true, depthWrite: false, blending: true))
            }
        }
    }
}

/// A run of instance records drawn with one draw call and one set of depth and blend states.
public struct InstancePass: Hashable, Sendable {
    /// The records drawn, indices into `InstancePacker.records`.
    public var range: Range<Int>
    public var depthTest: Bool
    public var depthWrite: Bool
    public var blending: Bool

    public init(range: Range<Int>, depthTest: Bool, depthWrite: Bool, blending: Bool) {
        self.range = range
        self.depthTest = depthTest
        self.depthWrite = depthWrite
        self.blending = blending
    }
}

/// A sort key: primary, then secondary, then the position in the input (so the order is total
/// and the sort stable whatever the algorithm).
struct SortKey: Comparable {
    var primary: Double
    var secondary: Int
    var position: Int

    static func < (a: SortKey, b: SortKey) -> Bool {
        if a.primary != b.primary { return a.primary < b.primary }
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
}
