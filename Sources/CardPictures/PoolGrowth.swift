/// When a pool of texture layers grows and shrinks (SPEC §10 "Memory grows with what is shown").
///
/// A pool starts at `minimum` layers. As soon as a frame's demand for the tier (the distinct
/// pictures of the cards in view and their neighbourhood, `PoolNeeds`) needs more layers than
/// the pool has, it doubles (past `doublingLimit` layers: `stepPastDoubling` more) — as often as
/// it takes, at once — up to `maximum` (the plan for the
/// framebuffer, `PictureSizing.poolPlan`). When the need has stayed below the next smaller
/// size for `idleSeconds` while the content stood still, the pool shrinks to the smallest size
/// of its ladder (`minimum`, doubled, capped at `maximum`) that holds the need.
///
/// Pure policy: no GL. The caller resizes the pool (`PictureResidency.grow`/`shrink`) and its
/// texture when `update` returns a new capacity.
public struct PoolGrowth: Sendable, Equatable {
    /// The layers a pool starts with and never shrinks below (0: nothing until needed).
    public let minimum: Int
    /// The most layers it grows to.
    public let maximum: Int
    /// Seconds the need must stay below a smaller size, with the content at rest, before the
    /// pool shrinks.
    public let idleSeconds: Double
    /// True: sizes double (many small layers: few re-creations); false: the pool takes exactly
    /// the layers needed (a few framebuffer-sized layers: 5.5 MB each at 1280×800 with mips,
    /// where doubling 5 to 8 would hold three unused).
    public let doubles: Bool
    /// For a pool that does not double: the share of the need taken on top of it (0.5: 5
    /// needed, 8 taken), rounded up. A pool grows by a new texture its kept layers are copied
    /// into, so growing from `n` to `m` layers holds `n + m` for a moment: pages' full tier went
    /// 5 → 8 on the first Page Down, 13 layers at the peak (the walk's VmHWM, docs/BENCHMARKS.md),
    /// where taking 8 at once holds 8. 0: exactly the need.
    public let headroom: Double
    /// The layer count the pool should have now.
    public private(set) var capacity: Int
    /// Since when (seconds, the caller's clock) the need has fitted a smaller size at rest;
    /// `nil` while it has not.
    public private(set) var smallerSince: Double?

    /// The default wait at rest before a shrink, seconds.
    public static let defaultIdleSeconds = 10.0

    /// A policy starting at `minimum` layers (clamped to `0...maximum`).
    public init(minimum: Int, maximum: Int, idleSeconds: Double = defaultIdleSeconds, doubles: Bool = true,
                headroom: Double = 0) {
        self.doubles = doubles
        self.headroom = headroom.isFinite ? max(headroom, 0) : 0
        self.maximum = max(maximum, 0)
        self.minimum = min(max(minimum, 0), self.maximum)
        self.idleSeconds = idleSeconds
        capacity = self.minimum
    }

    /// The smallest size of the ladder — `minimum`, then doubling (from 1 when `minimum` is 0;
    /// past `doublingLimit`, `stepPastDoubling` at a time),
    /// capped at `maximum`; every count from `minimum` when the pool does not double (the need
    /// and its `headroom`) — that holds `needed` layers; `maximum` when none does.
    public func fittingCapacity(for needed: Int) -> Int {
        guard doubles else {
            let extra = needed > 0 ? Int((Double(needed) * headroom).rounded(.up)) : 0
            return min(max(needed + min(extra, maximum), minimum), maximum)
        }
        var size = minimum
        while size < needed, size < maximum {
            size = min(size < Self.doublingLimit ? max(size * 2, 1) : size + Self.stepPastDoubling, maximum)
        }
        return size
    }

    /// Pools double up to this many layers, then grow `stepPastDoubling` at a time: a grid of
    /// 30 cards at 1440×900 with two screens ahead needs ~90 card layers — 96, where doubling
    /// gave 128 (32 layers of 384² with mips: 25 MB that held nothing).
    public static let doublingLimit = 64
    /// The step past `doublingLimit`, layers.
    public static let stepPastDoubling = 32

    /// Takes one frame's need for the tier, at `time` (seconds, any monotonic clock); `atRest`
    /// is false while the content moves. Returns the new capacity when the pool should grow or
    /// shrink now, else `nil`.
    ///
    /// - Complexity: O(log maximum); no allocation.
    public mutating func update(needed: Int, time: Double, atRest: Bool) -> Int? {
        let fitting = fittingCapacity(for: needed)
        if fitting > capacity {
            capacity = fitting
            smallerSince = nil
            return capacity
        }
        guard fitting < capacity, atRest else {
            smallerSince = nil
            return nil
        }
        guard let since = smallerSince else {
            smallerSince = time
            return nil
        }
        guard time - since >= idleSeconds else { return nil }
        capacity = fitting
        smallerSince = nil
        return capacity
    }

    /// When the pool will shrink if nothing changes (seconds, the caller's clock), or `nil`.
    public var shrinkDue: Double? { smallerSince.map { $0 + idleSeconds } }
}

/// Counts the distinct pictures per tier in a frame's demand: what the pools must hold.
///
/// - Complexity: `count` is O(demand); no allocation once the stamps cover the pictures.
public struct PoolNeeds: Sendable {
    private var stamps: [UInt32] = []
    private var frame: UInt32 = 0

    public init() {}

    /// Distinct card-tier and full-tier pictures in `demand` that are in view or ahead of the
    /// scroll (keys outside `0..<pictureCount` are not counted): the pictures behind are kept
    /// only while there is room, so they never make a pool grow.
    public mutating func count(_ demand: PictureDemand, pictureCount: Int) -> (card: Int, full: Int) {
        let slots = max(pictureCount, 0) * TierPool.count
        if stamps.count < slots { stamps.append(contentsOf: repeatElement(0, count: slots - stamps.count)) }
        frame &+= 1
        if frame == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            frame = 1
        }
        var card = 0, full = 0
        var index = 0
        let entries = demand.entries
        while index < entries.count {
            let key = entries[index].key, slot = key.slot
            index += 1
            guard key.picture >= 0, slot < slots, stamps[slot] != frame, entries[index - 1].band != .behind else { continue }
            stamps[slot] = frame
            if key.tier == .card { card += 1 } else { full += 1 }
        }
        return (card, full)
    }
}
