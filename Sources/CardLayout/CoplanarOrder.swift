/// How cards that lie in one plane, or nearly, are ordered (SPEC §8, "Coplanar cards"): by
/// `CardAttributes.depthBias`, the larger in front — iCarousel's `compareViewDepth`.
///
/// Three places follow it, each in its own way:
/// - the renderer moves each card's depth (never its place on screen) `depthPerBias` points
///   toward the eye per unit of bias (`InstanceRecord.depthOffset`, `Shaders/card.vert`), so the
///   depth test orders coplanar cards by bias;
/// - hit-testing (`HitTesting`) and `compare`'s exact reference take hits within `tolerance`
///   points of depth of the nearest one as coplanar and order them by `inFront`.
///
/// The two agree wherever the gap between two overlapping cards is either under `tolerance` or
/// on the side the bias says (iCarousel's nudges, exact ties): `depthPerBias` is well above
/// `tolerance` plus the depth buffer's resolution, so a bias difference of 1 always outweighs a
/// coplanar gap. Layouts should give cards that must be ordered biases at least 1 apart.
public enum CoplanarOrder {
    /// Surfaces nearer each other than this along a ray, points of depth, are coplanar.
    public static let tolerance = 0.1

    /// Points of depth the renderer moves a card toward the eye per unit of `depthBias`.
    ///
    /// Why 0.5: above `tolerance` (0.1) plus a few depth-buffer units of rounding (a 24-bit
    /// buffer resolves ~0.013 points at the z = 0 plane's depth of 1500, ~0.05 at 3000), and above
    /// the 0.25-point lift of a card's badge and title (so a card's decorations never show through
    /// the coplanar card in front of it). Genuinely intersecting cards of different bias keep
    /// their intersection within `0.5 · Δbias / s` points of the true line, `s` the rate at
    /// which their depths part across it (1.15 for two cards tilted ±30°: under half a point).
    public static let depthPerBias = 0.5

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
