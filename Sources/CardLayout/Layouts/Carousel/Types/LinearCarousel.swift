import CardMath

extension LayoutKind {
    public static let linear = LayoutKind(CarouselType.linear.name)
}

extension LayoutDescriptor {
    /// iCarousel's linear type: cards side by side (SPEC §8).
    public static let linear = LayoutDescriptor.carousel(.linear, summary: "iCarousel linear: cards in a row")
}

/// iCarousel's `iCarouselTypeLinear`: `translate(o·w·spacing, 0, 0)` (along y when vertical).
public enum LinearCarousel {
    /// The transform of a card `o` slots from the current position, about its centre.
    @inlinable public static func transform(offset o: Double, geometry g: CarouselGeometry) -> Mat4 {
        let d = o * g.itemWidth * g.options.spacing
        return .translation(g.options.vertical ? Vec3(0, d, 0) : Vec3(d, 0, 0))
    }
}
