/// The two sizes a picture is decoded at.
///
/// A texture array has one layer size, so each tier lives in its own pool of layers (its own
/// texture): `.card` in many small square layers, `.full` in a few framebuffer-sized ones.
public enum PictureTier: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// About a card's size on screen in the small layouts (grid, wheel, the cards behind
    /// SlideBox's front photo): see `PictureSizing.cardTierSide(framebuffer:)`.
    case card = 0
    /// The framebuffer's size: the opened card (pages highlight, tasks open), SlideBox's front
    /// photo and any card shown larger than the card tier holds sharply.
    case full = 1

    public var description: String { self == .card ? "card" : "full" }
}

/// A picture at one tier: the picture's index in the deck's picture list (the folder's files in
/// listing order, not a card index: cards move, pictures do not) and the tier.
public struct PictureKey: Hashable, Sendable, CustomStringConvertible {
    /// Index into the deck's picture list, 0-based.
    public var picture: Int32
    public var tier: PictureTier

    @inlinable public init(picture: Int32, tier: PictureTier) {
        self.picture = picture
        self.tier = tier
    }

    @inlinable public init(_ picture: Int, _ tier: PictureTier) {
        self.init(picture: Int32(truncatingIfNeeded: picture), tier: tier)
    }

    /// A dense index for flat per-key tables: `picture · 2 + tier`.
    @inlinable var slot: Int { Int(picture) &* 2 &+ tier.rawValue }

    public var description: String { "\(picture)/\(tier)" }
}
