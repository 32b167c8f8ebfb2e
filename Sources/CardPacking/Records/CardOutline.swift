/// The card's rounded outline and rim, as the card vertex shader draws them: defined here and
/// written into `card.vert` (CardRendering's `ShaderInterface.card`), so that what the CPU keeps
/// clear of (`OcclusionClip`) is what the GPU draws.
///
/// A card whose shorter side is `unit` points has corners of radius
/// `cornerRadiusFraction · unit` within `minimumCornerRadius…maximumCornerRadius`, and a rim of
/// `rimFraction · unit` within `minimumRim…maximumRim` (the photo view's picture has neither; the
/// focus ring, wider, stays within the corner radius).
public enum CardOutline {
    /// The corner radius as a fraction of the card's shorter side.
    public static let cornerRadiusFraction = 0.025
    /// The smallest and largest corner radius, points.
    public static let minimumCornerRadius = 2.0
    public static let maximumCornerRadius = 24.0
    /// The rim's width as a fraction of the card's shorter side.
    public static let rimFraction = 0.004
    /// The narrowest and widest rim, points.
    public static let minimumRim = 1.0
    public static let maximumRim = 3.0

    /// The corner radius of a card whose shorter side is `unit` points.
    public static func cornerRadius(unit: Double) -> Double {
        min(max(cornerRadiusFraction * unit, minimumCornerRadius), maximumCornerRadius)
    }
}
