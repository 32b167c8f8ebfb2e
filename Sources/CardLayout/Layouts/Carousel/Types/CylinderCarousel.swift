import CardMath

extension LayoutKind {
    public static let cylinder = LayoutKind(CarouselType.cylinder.name)
    public static let cylinderInverted = LayoutKind(CarouselType.cylinderInverted.name)
}

extension LayoutDescriptor {
    /// iCarousel's cylinder type: cards turned onto the outside of a cylinder (SPEC §8).
    public static let cylinder = LayoutDescriptor.carousel(.cylinder, summary: "iCarousel cylinder: cards on a turning cylinder")
    /// iCarousel's inverted cylinder: the cylinder seen from inside, back faces hidden.
    public static let cylinderInverted = LayoutDescriptor.carousel(.cylinderInverted, summary: "iCarousel inverted cylinder: the cylinder from inside")
}

/// iCarousel's `iCarouselTypeCylinder` and `…InvertedCylinder`:
/// `translate(0, 0, −r) · rotateY(a) · translate(0, 0, r + 0.01)` with `a = o/count·arc`; vertical
/// turns about −X; inverted: `r → −r`, `a → −a`.
public enum CylinderCarousel {
    @inlinable public static func transform(offset o: Double, geometry g: CarouselGeometry) -> Mat4 {
        var r = g.radius, a = o / g.count * g.options.arc
        if g.type.isInverted { r = -r; a = -a }
        let turn: Mat4 = g.options.vertical ? .rotationX(-a) : .rotationY(a)
        return .translation(Vec3(0, 0, -r)) * turn * .translation(Vec3(0, 0, r + 0.01))
    }
}
