/// Which of a `PictureTier`'s two pools of layers a key lives in; for the pictures, the two
/// sizes a picture is decoded at — the card tier and the full tier.
///
/// A texture array has one layer size, so each pool is its own texture: `.card` many small
/// layers (square for the pictures; the title atlas's slots), `.full` a few framebuffer-sized
/// ones (the pictures only).
public enum TierPool: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// About a card's size on screen in the small layouts (grid, wheel, the cards behind
    /// SlideBox's front photo): see `PictureSizing.cardTierSide(framebuffer:)`.
    case card = 0
    /// The framebuffer's size: the opened card (pages highlight, tasks open), SlideBox's front
    /// photo and any card shown larger than the card tier holds sharply.
    case full = 1

    /// The pools of a tier: the key slots per key (`PictureKey.slot`). A constant, where
    /// `allCases.count` builds an array at each call in debug builds (once a frame in `PoolNeeds`).
    public static let count = 2

    public var description: String { self == .card ? "card" : "full" }
}

/// A picture at one tier: the picture's index in the deck's picture list (the folder's files in
/// listing order, not a card index: cards move, pictures do not) and the tier.
public struct PictureKey: Hashable, Sendable, CustomStringConvertible {
    /// Index into the deck's picture list, 0-based.
    public var picture: Int32
    public var tier: TierPool

    @inlinable public init(picture: Int32, tier: TierPool) {
        self.picture = picture
        self.tier = tier
    }

    @inlinable public init(_ picture: Int, _ tier: TierPool) {
        self.init(picture: Int32(truncatingIfNeeded: picture), tier: tier)
    }

    /// A dense index for flat per-key tables: `picture · 2 + tier` (`TierPool.count` is 2).
    @inlinable var slot: Int { Int(picture) &* 2 &+ tier.rawValue }

    public var description: String { "\(picture)/\(tier)" }
}
