import CardMath

/// Depth for cards that lie in one plane and overlap (a deck, a wheel's rim, a lifted card).
///
/// The seeds order such cards by zIndex alone. Here one depth buffer sees every card, and two
/// overlapping cards at the same z would fight pixel by pixel. So layouts whose cards overlap
/// in a plane lift each card toward the viewer by `layerSpacing` points per zIndex step,
/// continuously with the scroll position, which makes the depth order agree with zIndex at
/// rest. One point is 50–75 times the 24-bit depth buffer's resolution at z = 0 (Camera) and
/// changes a card's apparent size by 1/1500, which nobody sees.
public enum CardStacking {
    /// z distance between neighbouring layers of a stack, points.
    public static let layerSpacing = 1.0

    /// The z of a card `layers` layers in front of the reference plane (negative: behind),
    /// limited to ±`maximumLayers` so that cards far outside the visible range stay finite
    /// and in front of the eye.
    @inlinable public static func z(layers: Double, maximumLayers: Double = 100) -> Double {
        clamp(layers, -maximumLayers, maximumLayers) * layerSpacing
    }
}
