/// The culling mark's proportions that both card shaders use (SPEC §10; `card.vert` lays the
/// pill out, `card.frag` draws in it), written into them as constants (`ShaderInterface.card`).
/// Lengths are in the mark's symbol heights h (8 % of the card's shorter side, `card.vert`'s
/// `cullSymbolHeight`).
public enum CullMarkShape {
    /// The width of the pick's slot, before the stars: wider than a star's (1), so that its disc
    /// fits.
    public static let pickSlot: Float = 1.45
    /// The pick's green disc's radius: the row of a picked card's mark is twice this tall (1.3 h,
    /// the stars' row 1 h), so that the pick reads at the grid's default card size (22 pixels
    /// across there, against 17 for a star).
    public static let pickRadius: Float = 0.65
    /// A colour label's dot's radius, in a slot 1 h wide.
    public static let labelDotRadius: Float = 0.36
}
