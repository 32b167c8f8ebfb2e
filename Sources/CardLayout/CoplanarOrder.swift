/// How cards that lie in one plane, or nearly, are ordered (SPEC §8, "Coplanar cards"): by
/// `CardAttributes.depthBias`, the larger in front — iCarousel's `compareViewDepth`.
///
/// Only the order of the biases counts, not their size: iCarousel's own numbers (a z in points,
/// exact ties broken by 10⁻⁷ of a distance) work as well as whole steps. Three places follow it:
/// - the renderer ranks the frame's distinct biases (`BiasRanking` in the packer) and moves each
///   card's depth (never its place on screen) `depthPerStep` points toward the eye per rank
///   (`InstanceRecord.depthOffset`, `Shaders/card.vert`), so the depth test orders coplanar
///   cards by bias. Exact ties — overlapping cards in one plane with equal bias
///   (`CoplanarTies` in the packer) — are ranked in the painter's order, zIndex then index, one
///   step per tied card under another: so the bodies and the decorations (lifted 0.25 points)
///   of tied cards are ordered as the bodies of different biases are (issue 34: without it the
///   lower card's badge, at equal depth plus its lift, showed through the card on top);
/// - hit-testing (`HitTesting`) and `compare`'s exact reference take hits within `tolerance`
///   points of depth of the nearest one as coplanar and order them by `inFront`, exact ties by
///   zIndex, then index.
///
/// The two agree wherever the gap between two overlapping cards is either under `tolerance` or
/// on the side the bias says (iCarousel's nudges, exact ties): `depthPerStep` is well above
/// `tolerance` plus the depth buffer's resolution, so one rank always outweighs a coplanar gap.
/// Nearly coplanar cards of equal bias (closer than the decorations' lift, not exactly in one
/// plane) are not ties: the depth buffer orders their bodies, and a lower card's decorations
/// can still show through the card on top.
public enum CoplanarOrder {
    /// Surfaces nearer each other than this along a ray, points of depth, are coplanar.
    public static let tolerance = 0.1

    /// Points of depth between neighbouring ranks of `depthBias` in a frame, and between exactly
    /// tied cards one over the other (`BiasRanking`).
    ///
    /// Why 0.5: above `tolerance` (0.1) plus a few depth-buffer units of rounding (a 24-bit
    /// buffer resolves ~0.013 points at the z = 0 plane's depth of 1500, ~0.05 at 3000), and above
    /// the 0.25-point lift of a card's badge and title (so a card's decorations never show through
    /// the coplanar card in front of it). Genuinely intersecting cards of different bias keep
    /// their intersection within `0.5 · Δrank / s` points of the true line, `s` the rate at
    /// which their depths part across it (1.15 for two cards tilted ±30°: under half a point
    /// per rank).
    public static let depthPerStep = 0.5

    /// Whether a hit at `depth` (points in front of the eye plane) on a card of bias `bias` is
    /// seen in front of one at `otherDepth` with `otherBias`, both within `tolerance` of the
    /// nearest hit of their ray: the larger bias, then the nearer, then `nil` (a tie the caller
    /// breaks by zIndex and index).
    @inlinable
    public static func inFront(depth: Double, bias: Double, otherDepth: Double, otherBias: Double) -> Bool? {
        if bias != otherBias { return bias > otherBias }
        if depth != otherDepth { return depth < otherDepth }
        return nil
    }
}
