/// How cards are coloured.
public enum CardShading: String, CaseIterable, Sendable {
    /// The card's picture (or its placeholder, or a colour made from its id when there are no
    /// pictures), rounded corners, a thin rim, its number badge and its title.
    case textured
    /// One flat colour per card (`IdentityColor`) with the card's alpha, on black: exact, for
    /// tests and comparisons (an opaque card's colour reads back as its id).
    case identity
}
