import CardMath
import RealModule

extension LayoutKind {
    public static let rotary = LayoutKind(CarouselType.rotary.name)
    public static let rotaryInverted = LayoutKind(CarouselType.rotaryInverted.name)
}

extension LayoutDescriptor {
    /// iCarousel's rotary type: cards facing the viewer around a circle (SPEC §8).
    public static let rotary = LayoutDescriptor.carousel(.rotary, summary: "iCarousel rotary: cards around a circle, facing you")
    /// iCarousel's inverted rotary: the circle seen from inside.
    public static let rotaryInverted = LayoutDescriptor.carousel(.rotaryInverted, summary: "iCarousel inverted rotary: the circle from inside")
}

/// iCarousel's `iCarouselTypeRotary` and `…InvertedRotary`: `translate(r·sin a, 0, r·cos a − r)`
/// with `a = o/count·arc` (along y when vertical); inverted: `r → −r`, `a → −a`.
public enum RotaryCarousel {
    @inlinable public static func transform(offset o: Double, geometry g: CarouselGeometry) -> Mat4 {
        var r = g.radius, a = o / g.count * g.options.arc
        if g.type.isInverted { r = -r; a = -a }
        let along = r * Double.sin(a), z = r * Double.cos(a) - r
        return .translation(g.options.vertical ? Vec3(0, along, z) : Vec3(along, 0, z))
    }
}
