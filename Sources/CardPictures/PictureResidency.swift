/// What a card shows for its picture this frame.
public enum PictureAppearance: Equatable, Sendable {
    /// The picture is in `layer` of `tier`'s texture, resident (of any tier) since `since`
    /// seconds on the caller's clock: fade it in from then (`PictureResidency.opacity`).
    case resident(tier: TierPool, layer: Int, since: Double)
    /// Not ready (or evicted): the card's placeholder, its frame and title.
    case placeholder
    /// The file could not be read: the placeholder, marked unreadable. Never retried on its own.
    case unreadable
}

/// Which pictures live in the texture layers: one `LayerPool` per tier, plus per picture the
/// moment it became visible (for the fade-in) and whether it is unreadable.
///
/// Pure bookkeeping for the frame thread: no files, no GL, no threads. A card shows its own
/// picture or the placeholder, never another card's, because a layer changes hands only inside
/// `assign`, together with its key.
///
/// - Complexity: everything the frame loop calls is O(1) (`assign`: see `LayerPool.assign`) and
///   allocation-free once built; `markUnreadable` stores its reason (allocates, once per file).
public struct PictureResidency: Sendable {
    /// The fade-in of a picture that just became resident, seconds.
    public static let fadeDuration = 0.15

    /// The small, many-layer pool.
    public internal(set) var card: LayerPool
    /// The framebuffer-sized, few-layer pool.
    public internal(set) var full: LayerPool
    /// Per picture: when its first tier became resident; NaN while no tier is.
    private var shownSince: [Double]
    private var unreadable: [Bool]
    private var reasons: [Int32: String] = [:]
    /// Per picture: the detail its card-tier layer was made for (the longer side, pixels, of
    /// the thumbnail or decode asked for); 0 before one was.
    private var cardDetail: [Int32]
    /// The detail the cards in view ask for now, pixels (the pipeline sets it each frame from
    /// their size on screen): a resident card-tier picture made for less counts as missing, is
    /// asked for again and replaces itself in its own layer (cards made larger with `+`).
    public var wantedCardDetail = 0
    /// Per picture: the detail its full-tier layer was made for (pixels, as `cardDetail`); 0
    /// before one was.
    private var fullDetail: [Int32]
    /// Per picture: the detail its card asks of the full tier now (the pipeline sets it each
    /// frame for the pictures it wants there, `setWantedFullDetail`): a resident full-tier
    /// picture made for less — a resting page drawn from its `x-large` thumbnail, then opened —
    /// counts as missing and replaces itself in its own layer.
    private var wantedFullDetail: [Int32]

    /// Empty pools of `cardLayers` and `fullLayers` layers for pictures `0..<pictureCount`.
    public init(pictureCount: Int, cardLayers: Int, fullLayers: Int) {
        card = LayerPool(capacity: cardLayers, pictureCount: pictureCount)
        full = LayerPool(capacity: fullLayers, pictureCount: pictureCount)
        shownSince = Array(repeating: .nan, count: max(0, pictureCount))
        unreadable = Array(repeating: false, count: max(0, pictureCount))
        cardDetail = Array(repeating: 0, count: max(0, pictureCount))
        fullDetail = Array(repeating: 0, count: max(0, pictureCount))
        wantedFullDetail = Array(repeating: 0, count: max(0, pictureCount))
    }

    /// How many pictures the residency knows.
    public var pictureCount: Int { shownSince.count }

    /// Grows (or shrinks) the picture list (the folder changed); pictures at or past a new,
    /// smaller count are forgotten. Allocates: not for every frame.
    public mutating func resizePictures(to count: Int) {
        let count = max(0, count)
        card.resizePictures(to: count)
        full.resizePictures(to: count)
        if count < pictureCount {
            shownSince.removeLast(pictureCount - count)
            unreadable.removeLast(unreadable.count - count)
            cardDetail.removeLast(cardDetail.count - count)
            fullDetail.removeLast(fullDetail.count - count)
            wantedFullDetail.removeLast(wantedFullDetail.count - count)
            reasons = reasons.filter { Int($0.key) < count }
        } else {
            shownSince.append(contentsOf: repeatElement(.nan, count: count - shownSince.count))
            unreadable.append(contentsOf: repeatElement(false, count: count - unreadable.count))
            cardDetail.append(contentsOf: repeatElement(0, count: count - cardDetail.count))
            fullDetail.append(contentsOf: repeatElement(0, count: count - fullDetail.count))
            wantedFullDetail.append(contentsOf: repeatElement(0, count: count - wantedFullDetail.count))
        }
    }

    /// The pool of `tier`.
    @inlinable public func pool(_ tier: TierPool) -> LayerPool { tier == .card ? card : full }

    /// The layer count of `tier`'s pool.
    public func capacity(of tier: TierPool) -> Int { pool(tier).capacity }

    /// Starts a frame: releases every pin. Called by `PictureScheduler.plan`.
    public mutating func beginFrame() {
        card.beginFrame()
        full.beginFrame()
    }

    /// The layer holding `key`, or `nil`. - Complexity: O(1).
    public func layer(for key: PictureKey) -> Int? { pool(key.tier).layer(of: Int(key.picture)) }

    /// True when `key` is in a layer.
    public func isResident(_ key: PictureKey) -> Bool { layer(for: key) != nil }

    /// True when `key` is resident with the detail asked for now (`wantedCardDetail` for the
    /// card tier, the picture's `wantedFullDetail` for the full tier). - Complexity: O(1).
    public func isCurrent(_ key: PictureKey) -> Bool {
        guard isResident(key) else { return false }
        let picture = Int(key.picture)
        guard picture < cardDetail.count else { return true }
        return key.tier == .full ? fullDetail[picture] >= wantedFullDetail[picture]
            : Int(cardDetail[picture]) >= wantedCardDetail
    }

    /// Records the detail `picture`'s full-tier layer was just made for, pixels.
    public mutating func setFullDetail(_ picture: Int, _ detail: Int) {
        guard picture >= 0, picture < fullDetail.count else { return }
        fullDetail[picture] = Int32(clamping: detail)
    }

    /// The detail `picture`'s full-tier layer was last made for, pixels; 0 before one was.
    public func fullDetail(of picture: Int) -> Int {
        picture >= 0 && picture < fullDetail.count ? Int(fullDetail[picture]) : 0
    }

    /// Sets the detail `picture`'s card asks of the full tier now, pixels (0: any).
    public mutating func setWantedFullDetail(_ picture: Int, _ detail: Int) {
        guard picture >= 0, picture < wantedFullDetail.count else { return }
        wantedFullDetail[picture] = Int32(clamping: detail)
    }

    /// The detail `picture`'s card asks of the full tier now, pixels; 0 when it asks nothing.
    public func wantedFullDetail(of picture: Int) -> Int {
        picture >= 0 && picture < wantedFullDetail.count ? Int(wantedFullDetail[picture]) : 0
    }

    /// The detail `picture`'s card-tier layer was last made for, pixels; 0 before one was.
    public func cardDetail(of picture: Int) -> Int {
        picture >= 0 && picture < cardDetail.count ? Int(cardDetail[picture]) : 0
    }

    /// Records the detail `picture`'s card-tier layer was just made for, pixels.
    public mutating func setCardDetail(_ picture: Int, _ detail: Int) {
        guard picture >= 0, picture < cardDetail.count else { return }
        cardDetail[picture] = Int32(clamping: detail)
    }

    /// Marks `key` as just used, pinned for this frame when `pin`; its layer or `nil`.
    @discardableResult
    public mutating func use(_ key: PictureKey, pin: Bool) -> Int? {
        key.tier == .card ? card.use(Int(key.picture), pin: pin) : full.use(Int(key.picture), pin: pin)
    }

    /// Gives `key` a layer to upload its pixels into now (this frame, before drawing), evicting
    /// the least recently used unpinned picture of that tier if needed; `time` (seconds, the
    /// caller's clock) starts the fade when the picture had no tier resident yet.
    ///
    /// - Returns: the layer, or `nil` when every layer of the tier is pinned (drop the pixels;
    ///   size the pools so that the cards in view fit: `PictureSizing.poolPlan`).
    public mutating func assign(_ key: PictureKey, at time: Double) -> Int? {
        let picture = Int(key.picture)
        guard picture >= 0, picture < pictureCount, !unreadable[picture] else { return nil }
        let wasShown = !shownSince[picture].isNaN
        let assigned = key.tier == .card ? card.assign(picture) : full.assign(picture)
        guard let assigned else { return nil }
        if let evicted = assigned.evicted { lostTier(of: evicted) }
        if !wasShown { shownSince[picture] = time }
        return assigned.layer
    }

    /// Forgets `key` (e.g. its file changed); the picture fades in again when it comes back.
    public mutating func forget(_ key: PictureKey) {
        let picture = Int(key.picture)
        let layer = key.tier == .card ? card.forget(picture) : full.forget(picture)
        if layer != nil { lostTier(of: picture) }
    }

    /// What the card of `picture` shows: the best resident tier (`.full` before `.card`), else
    /// the placeholder or the unreadable mark. - Complexity: O(1).
    public func appearance(of picture: Int) -> PictureAppearance {
        guard picture >= 0, picture < pictureCount else { return .placeholder }
        if unreadable[picture] { return .unreadable }
        if let layer = full.layer(of: picture) { return .resident(tier: .full, layer: layer, since: shownSince[picture]) }
        if let layer = card.layer(of: picture) { return .resident(tier: .card, layer: layer, since: shownSince[picture]) }
        return .placeholder
    }

    /// Records that `picture` cannot be read (one line, e.g. the decoder's error): it is not
    /// requested again and shows the unreadable placeholder. Frees its layers.
    public mutating func markUnreadable(_ picture: Int, reason: String) {
        guard picture >= 0, picture < pictureCount else { return }
        for tier in TierPool.allCases { forget(PictureKey(picture, tier)) }
        unreadable[picture] = true
        reasons[Int32(picture)] = reason
    }

    /// Ends every fade: the resident pictures show fully faded in from now on (a replay waiting
    /// for its pictures: the frames after the wait must not depend on when they arrived).
    ///
    /// - Complexity: O(layers of both pools).
    public mutating func showFadedIn() {
        for layer in 0..<card.capacity { if let picture = card.picture(in: layer) { shownSince[picture] = -.infinity } }
        for layer in 0..<full.capacity { if let picture = full.picture(in: layer) { shownSince[picture] = -.infinity } }
    }

    /// Allows `picture` to be tried again (its file changed).
    public mutating func clearUnreadable(_ picture: Int) {
        guard picture >= 0, picture < pictureCount else { return }
        unreadable[picture] = false
        reasons[Int32(picture)] = nil
    }

    /// True when `picture` was marked unreadable. - Complexity: O(1).
    public func isUnreadable(_ picture: Int) -> Bool {
        picture >= 0 && picture < pictureCount && unreadable[picture]
    }

    /// Why `picture` is unreadable, or `nil`.
    public func unreadableReason(_ picture: Int) -> String? { reasons[Int32(picture)] }

    /// How many pictures are marked unreadable.
    public var unreadableCount: Int { reasons.count }

    /// The opacity of a picture resident since `since` at `now` (same clock, seconds): a linear
    /// ramp from 0 to 1 over `fadeDuration`; 1 for a non-finite `since`.
    public static func opacity(since: Double, now: Double, duration: Double = fadeDuration) -> Double {
        guard since.isFinite, now.isFinite, duration > 0 else { return 1 }
        return min(max((now - since) / duration, 0), 1)
    }

    /// A tier of `picture` left its pool: no fade start once no tier is resident.
    mutating func lostTier(of picture: Int) {
        if card.layer(of: picture) == nil, full.layer(of: picture) == nil { shownSince[picture] = .nan }
    }
}
