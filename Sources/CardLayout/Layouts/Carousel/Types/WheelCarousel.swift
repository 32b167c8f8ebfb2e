import CardMath

extension LayoutKind {
    public static let carouselWheel = LayoutKind(CarouselType.wheel.name)
    public static let carouselWheelInverted = LayoutKind(CarouselType.wheelInverted.name)
}

extension LayoutDescriptor {
    /// iCarousel's wheel type: cards fanned around a hub below the viewport (SPEC §8).
    public static let carouselWheel = LayoutDescriptor.carousel(.wheel, summary: "iCarousel wheel: cards fanned around a hub below")
    /// iCarousel's inverted wheel: the hub above.
    public static let carouselWheelInverted = LayoutDescriptor.carousel(.wheelInverted, summary: "iCarousel inverted wheel: the hub above")
}

/// iCarousel's `iCarouselTypeWheel` and `…InvertedWheel`:
/// `translate(0, r, 0) · rotateZ(o·α) · translate(0, −r, o·0.01)` with `r = w·spacing·count/arc`
/// and `α = arc/count` (the `angle` option); vertical: `translate(−r, 0, 0) · rotateZ(o·α) ·
/// translate(r, 0, o·0.01)`; inverted: `r → −r`, `α → −α`. The `o·0.01` nudge lays each card on
/// the one before it, like a fan (the order `depthBias` keeps).
public enum WheelCarousel {
    @inlinable public static func transform(offset o: Double, geometry g: CarouselGeometry) -> Mat4 {
        var r = g.radius, alpha = g.wheelAngle
        if g.type.isInverted { r = -r; alpha = -alpha }
        if g.options.vertical {
            return .translation(Vec3(-r, 0, 0)) * .rotationZ(o * alpha) * .translation(Vec3(r, 0, o * 0.01))
        }
        return .translation(Vec3(0, r, 0)) * .rotationZ(o * alpha) * .translation(Vec3(0, -r, o * 0.01))
    }
}
