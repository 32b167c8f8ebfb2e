import CardMath

/// One tier of texture layers filled on demand: the pictures (in two pools, the card tier's
/// small layers and the full tier's framebuffer-sized ones), the titles (one pool, the atlas's
/// slots), the photo view's tiles next. It owns what every tier repeats — which key holds which
/// layer (`PictureResidency`), what the workers are asked for (`PictureScheduler`), the last
/// frame's demand (`PictureDemand`), and how each pool grows and shrinks with it (`PoolNeeds`,
/// `PoolGrowth`) — and leaves to its caller what differs: what a key's job is (a picture
/// decoded, a title rasterized), and the texture a pool lives in (`content` says which; the
/// frame's `PictureTier+Textures.swift` makes, resizes and fills it).
///
/// The card and the full pool are one tier, not two: they share one demand and one scheduler
/// (one in-flight limit; a request's priority is its position in the demand, either pool) and
/// one residency (a card shows its best resident pool, fading in from the first).
///
/// A frame, on the frame thread:
///
///     tier.demand.removeAll(); tier.demand.append(key, .visible) …   // the picture pass
///     tier.plan()                                        // pins, requests, cancellations
///     // submit `tier.scheduler.requests`, cancel `.cancellations` (index loops); then per result:
///     tier.scheduler.finished(key); let layer = tier.residency.assign(key, at: time)   // upload into it
///     let needs = tier.countNeeds()                      // the pools grow (or shrink) with them:
///     if let layers = tier.nextCapacity(of: .card, needed: needs.card, time: t, atRest: rest) { … }
///
/// - Complexity: `plan` O(demand + in flight), `countNeeds` O(demand), the rest O(1) except
///   `startPools`, `resizeKeys` and `forgetAll` (O(keys), O(keys), O(layers)). No allocation once
///   warm, except `startPools` and `resizeKeys`.
public struct PictureTier: Sendable {
    /// What a tier's layers hold: which textures its pools are, and their bytes per texel.
    public enum Content: Sendable {
        /// RGBA pictures with their mips (4 bytes a texel): the card pool and the full pool.
        case pictures
        /// One-byte title coverage with mips, in the card pool (the atlas's slots).
        case titles
    }

    public let content: Content
    /// The keys in layers, per pool; per key its fade start and whether it is unreadable.
    public var residency: PictureResidency
    /// What is asked of the workers; planned from `demand` (`plan()`).
    public var scheduler: PictureScheduler
    /// The last frame's wanted keys, most urgent first (filled by the picture pass).
    public var demand: PictureDemand
    private var needs = PoolNeeds()
    private var cardGrowth = PoolGrowth(minimum: 0, maximum: 0)
    private var fullGrowth = PoolGrowth(minimum: 0, maximum: 0)
    private var cardLayerSize = PixelSize(width: 0, height: 0)
    private var fullLayerSize = PixelSize(width: 0, height: 0)

    /// A tier of `content` for keys `0..<keyCount` with no layers yet (`startPools` makes them),
    /// at most `maxInFlight` jobs requested at a time, room for `demandCapacity` wanted keys a
    /// frame before its demand grows.
    public init(content: Content, keyCount: Int, maxInFlight: Int, demandCapacity: Int) {
        self.content = content
        residency = PictureResidency(pictureCount: keyCount, cardLayers: 0, fullLayers: 0)
        scheduler = PictureScheduler(pictureCount: keyCount, maxInFlight: maxInFlight)
        demand = PictureDemand(capacity: demandCapacity)
    }

    /// New, empty pools for keys `0..<keyCount`: `card` and `full` say how each grows (their
    /// capacities now are the pools' layer counts), `cardLayerSize` and `fullLayerSize` their
    /// layers' sizes in pixels (0 × 0: decided when the pool gets its first layer). Every key is
    /// forgotten and nothing counts as in flight (results of older jobs are the caller's to drop).
    /// Make the textures with them (`makeTextures`). Allocates.
    public mutating func startPools(keyCount: Int, card: PoolGrowth, full: PoolGrowth, cardLayerSize: PixelSize,
                                    fullLayerSize: PixelSize) {
        cardGrowth = card
        fullGrowth = full
        self.cardLayerSize = cardLayerSize
        self.fullLayerSize = fullLayerSize
        if keyCount != residency.pictureCount { scheduler.resizePictures(to: keyCount) }
        residency = PictureResidency(pictureCount: keyCount, cardLayers: card.capacity, fullLayers: full.capacity)
        scheduler.reset()
    }

    /// How many keys the tier knows (pictures, card ids).
    public var keyCount: Int { residency.pictureCount }

    /// Grows (or shrinks) the key space (pictures added, new card ids); keys past a smaller
    /// count are forgotten, and dropped from what is in flight (cancel them on the workers too).
    /// Allocates: not for every frame.
    public mutating func resizeKeys(to count: Int) {
        residency.resizePictures(to: count)
        scheduler.resizePictures(to: count)
    }

    /// Plans `demand` (`PictureScheduler.plan`): pins what is in view, fills the scheduler's
    /// `requests` and `cancellations`. Planning the same demand twice asks for nothing new.
    /// - Complexity: O(demand + in flight); no allocation.
    public mutating func plan() {
        scheduler.plan(demand, residency: &residency)
    }

    /// Jobs requested and not finished.
    public var inFlightCount: Int { scheduler.inFlightCount }

    /// The layer count of `pool` now.
    public func capacity(of pool: TierPool) -> Int { residency.capacity(of: pool) }

    /// How `pool` grows and shrinks (its `maximum`: the most layers it may have).
    public func growth(of pool: TierPool) -> PoolGrowth { pool == .card ? cardGrowth : fullGrowth }

    /// The size of `pool`'s layers, pixels; 0 × 0 before it had one.
    public func layerSize(of pool: TierPool) -> PixelSize { pool == .card ? cardLayerSize : fullLayerSize }

    /// Sets the size of `pool`'s layers, pixels (its texture made anew at that size).
    public mutating func setLayerSize(_ size: PixelSize, of pool: TierPool) {
        if pool == .card { cardLayerSize = size } else { fullLayerSize = size }
    }

    /// The distinct keys per pool that `demand` wants in view or ahead (`PoolNeeds`): the
    /// layers each pool needs. - Complexity: O(demand); no allocation once warm.
    public mutating func countNeeds() -> (card: Int, full: Int) {
        needs.count(demand, pictureCount: residency.pictureCount)
    }

    /// Takes one frame's need of `pool` at `time` (seconds; `atRest`: the content stands):
    /// the layer count `pool` should have now when it should grow or shrink, else `nil`
    /// (`PoolGrowth.update`). Resize the pool and its texture to it.
    public mutating func nextCapacity(of pool: TierPool, needed: Int, time: Double, atRest: Bool) -> Int? {
        pool == .card ? cardGrowth.update(needed: needed, time: time, atRest: atRest)
            : fullGrowth.update(needed: needed, time: time, atRest: atRest)
    }

    /// Forgets every key in `pool` (its texture's layers were lost): they are asked for again.
    /// - Complexity: O(layers of the pool).
    public mutating func forgetAll(_ pool: TierPool) {
        for layer in 0..<residency.capacity(of: pool) {
            if let key = residency.pool(pool).picture(in: layer) { residency.forget(PictureKey(key, pool)) }
        }
    }

    /// When a pool will shrink if nothing changes (seconds, the growth's clock), the earlier
    /// of the two; `nil` when neither will.
    public var shrinkDue: Double? { Self.earliest(cardGrowth.shrinkDue, fullGrowth.shrinkDue) }

    /// The earlier of two times, either of them `nil` (none).
    public static func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// Bytes of `layers` layers of `pool` with their mips (4/3 of level 0): 4 bytes a texel for
    /// pictures, 1 for titles.
    public func bytes(ofLayers layers: Int, in pool: TierPool) -> Int {
        let size = layerSize(of: pool)
        switch content {
        case .pictures: return layers * (size.rgbaBytes * 4 / 3)
        case .titles: return layers * size.width * size.height * 4 / 3
        }
    }

    /// Bytes of texture memory holding keys now, both pools.
    public var residentBytes: Int {
        bytes(ofLayers: residency.card.residentCount, in: .card) + bytes(ofLayers: residency.full.residentCount, in: .full)
    }

    /// Bytes of both pools as allocated now.
    public var poolBytes: Int {
        bytes(ofLayers: capacity(of: .card), in: .card) + bytes(ofLayers: capacity(of: .full), in: .full)
    }
}
