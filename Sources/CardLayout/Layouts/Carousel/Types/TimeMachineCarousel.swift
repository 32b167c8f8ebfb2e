import CardMath

extension LayoutKind {
    public static let timeMachine = LayoutKind(CarouselType.timeMachine.name)
    public static let timeMachineInverted = LayoutKind(CarouselType.timeMachineInverted.name)
}

extension LayoutDescriptor {
    /// iCarousel's time machine: cards receding up into the distance (SPEC §8).
    public static let timeMachine = LayoutDescriptor.carousel(.timeMachine, summary: "iCarousel time machine: cards receding into the distance")
    /// iCarousel's inverted time machine: receding the other way.
    public static let timeMachineInverted = LayoutDescriptor.carousel(.timeMachineInverted, summary: "iCarousel inverted time machine: receding the other way")
}

/// iCarousel's `iCarouselTypeTimeMachine` and `…InvertedTimeMachine`:
/// `translate(o·w·tilt, 0, o·w·spacing)` (along y when vertical); inverted: `tilt → −tilt`,
/// `o → −o`. Cards past `fadeMax` (0; inverted: below `fadeMin` 0) fade over one slot.
public enum TimeMachineCarousel {
    @inlinable public static func transform(offset o: Double, geometry g: CarouselGeometry) -> Mat4 {
        var tilt = g.options.tilt, o = o
        if g.type.isInverted { tilt = -tilt; o = -o }
        let along = o * g.itemWidth * tilt, z = o * g.itemWidth * g.options.spacing
        return .translation(g.options.vertical ? Vec3(0, along, z) : Vec3(along, 0, z))
    }
}
