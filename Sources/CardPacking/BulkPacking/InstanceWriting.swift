import CardLayout
import CardMath

/// A layout that writes instance records for a run of cards directly, with no `CardAttributes`
/// in between: the bulk path of `BulkInstancePacker`.
///
/// Each layout specialises the per-card formula for its resting state (no highlighted, swiped,
/// lifted or dragged card): constants hoisted out of the loop, no allocation, no dynamic
/// dispatch per card, trigonometry by angle-addition recurrence where the angle is linear in
/// the index. The records agree with the generic path,
/// `InstanceRecord(attributes(at: i, in: context), offset: context.offset, eye: context.camera.eye,
/// layerCount: layerCount)`, within `BulkPacking.tolerance`; in any other state, or when a
/// number could overflow a Float, the packer takes the generic path instead.
public protocol InstanceWriting: CardLayout {
    /// True when `writeInstances` may be used in `context`: the layout is at rest and every
    /// number it would compute is finite and within Float range.
    ///
    /// - Complexity: O(1).
    func canWriteInBulk(in context: LayoutContext) -> Bool

    /// How zIndex follows the index at rest: index order is zIndex order (`.ascending`,
    /// with ties broken by index as the packer does), or its reverse (`.descending`).
    var restingZIndexOrder: IndexOrder { get }

    /// True when `writeInstances` writes only opaque records (alpha 1), so that `depth`
    /// ordering needs no look for translucent ones. The default is false.
    var writesOnlyOpaqueRecords: Bool { get }

    /// True when, at rest, each card hides the lower part of the card before it (`OcclusionClip`
    /// applies to consecutive cards: pages). The default is false.
    var stacksOverPreviousCard: Bool { get }

    /// Writes the records of the cards in `range` (clamped to the deck) to `out`, in index order
    /// (reverse index order when `reversed`), skipping cards with nothing to draw (alpha 0).
    /// Only called when `canWriteInBulk(in: context)`. Returns how many records it wrote
    /// (at most `range.count`).
    ///
    /// - Complexity: O(range.count); no allocation.
    func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                        into out: UnsafeMutablePointer<InstanceRecord>) -> Int
}

/// An order of cards by index.
public enum IndexOrder: Sendable {
    case ascending
    case descending
}

/// Constants of the bulk path.
public enum BulkPacking {
    /// How far a bulk record may differ from the generic path's, per number: `tolerance` times
    /// the larger of 1 and the number's magnitude (points for translations, and card sizes, scaled
    /// matrix entries, depth). The bulk path converts the same Doubles to Float except for
    /// sines and cosines from a recurrence (off by ~1e-13) and a depth taken through Float;
    /// so records agree to a few Float ulps, far below a pixel.
    public static let tolerance = 1e-6

    /// Cards between exact sine/cosine evaluations in an angle recurrence: the recurrence's
    /// rounding error grows by about an ulp per step, so it stays near 1e-13.
    static let reseedInterval = 512

    /// The largest magnitude a bulk writer lets through to a Float: far below Float's 3.4e38,
    /// so that squares in the depth and sums of a few such terms stay finite in Double.
    static let floatLimit = 1e30
}

extension InstanceWriting {
    public var writesOnlyOpaqueRecords: Bool { false }

    public var stacksOverPreviousCard: Bool { false }

    /// The generic path for `range`: `attributes(at:)` per card, then `InstanceRecord`.
    /// Writers fall back to it where their specialised formula does not apply.
    ///
    /// - Complexity: O(range.count); no allocation.
    public func writeInstancesOneByOne(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                                       into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        let range = range.clamped(to: 0..<context.cardCount)
        let eye = context.camera.eye
        var written = 0
        // Two plain loops rather than a local function: a captured counter would be boxed on
        // the heap in unoptimised builds.
        if reversed {
            // A counting loop: `range.reversed()`'s iterator allocates per step in unoptimised builds.
            var index = range.upperBound
            while index > range.lowerBound {
                index -= 1
                guard let record = InstanceRecord(attributes(at: index, in: context), offset: context.offset, eye: eye,
                                                  layerCount: layerCount) else { continue }
                (out + written).initialize(to: record)
                written += 1
            }
        } else {
            for index in range {
                guard let record = InstanceRecord(attributes(at: index, in: context), offset: context.offset, eye: eye,
                                                  layerCount: layerCount) else { continue }
                (out + written).initialize(to: record)
                written += 1
            }
        }
        return written
    }
}

extension LayoutContext {
    /// True when the viewport and the offset are finite and within `BulkPacking.floatLimit`.
    var isBulkSafe: Bool {
        let limit = BulkPacking.floatLimit
        return abs(viewport.width) < limit && abs(viewport.height) < limit
            && abs(offset.x) < limit && abs(offset.y) < limit
    }
}

/// True when `value` is finite and within `BulkPacking.floatLimit` (false for NaN).
@inline(__always) func isBulkSafe(_ value: Double) -> Bool { abs(value) < BulkPacking.floatLimit }

/// The picture layer of consecutive card ids, `id % layerCount` (`LayerChoice` without a table),
/// without a division per card.
struct LayerCycle {
    private var value: UInt32
    private let count: UInt32

    /// Starts at card id `id`.
    init(id: UInt32, layerCount: Int) {
        count = layerCount > 1 ? UInt32(truncatingIfNeeded: min(layerCount, PictureLayer.poolLimit)) : 1
        value = count > 1 ? id % count : 0
    }

    /// The layer of the current id.
    @inline(__always) var layer: UInt16 { UInt16(truncatingIfNeeded: value) }

    /// Moves to the next id (`id + 1`); `nextID` is that id, so a wrap of the 32-bit id restarts at 0.
    @inline(__always) mutating func advance(nextID: UInt32) {
        value &+= 1
        if value == count || nextID == 0 { value = 0 }
    }

    /// Moves to the previous id (`id − 1`), which is `previousID`.
    @inline(__always) mutating func retreat(previousID: UInt32) {
        if previousID == UInt32.max { value = previousID % count; return }
        value = value == 0 ? count &- 1 : value &- 1
    }

    /// Moves `id` one card along a run walked in the direction of `step` (> 0: up, else down),
    /// and the layer with it: what every writer's loop does after writing a record.
    @inline(__always) mutating func follow(step: Int, id: inout UInt32) {
        if step > 0 {
            id &+= 1
            advance(nextID: id)
        } else {
            id &-= 1
            retreat(previousID: id)
        }
    }
}

/// A writer whose cards are all laid out by one loop over a run of indices, walked from either
/// end: `writeInstances` clamps the range and picks the direction; the layout writes the loop.
public protocol RunInstanceWriting: InstanceWriting {
    /// Writes every card of `range` (already clamped to the deck, not empty) to `out`, walking
    /// from its lower end when `step` is 1 or from its upper end when `step` is −1.
    ///
    /// - Complexity: O(range.count); no allocation.
    func writeRun(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, step: Int,
                  into out: UnsafeMutablePointer<InstanceRecord>)
}

extension RunInstanceWriting {
    public func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                               into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        let range = range.clamped(to: 0..<context.cardCount)
        guard !range.isEmpty else { return 0 }
        // Two literal steps, so each specialised loop sees a constant direction.
        if reversed {
            writeRun(range, in: context, layerCount: layerCount, step: -1, into: out)
        } else {
            writeRun(range, in: context, layerCount: layerCount, step: 1, into: out)
        }
        return range.count
    }
}
