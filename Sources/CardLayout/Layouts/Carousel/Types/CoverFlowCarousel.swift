import CardMath

extension LayoutKind {
    public static let coverflow = LayoutKind(CarouselType.coverflow.name)
    public static let coverflow2 = LayoutKind(CarouselType.coverflow2.name)
}

extension LayoutDescriptor {
    /// iCarousel's cover flow: side cards turned toward the centre (SPEC §8).
    public static let coverflow = LayoutDescriptor.carousel(.coverflow, summary: "iCarousel cover flow: side cards turned, stacked")
    /// iCarousel's cover flow 2: the card being passed flips over as you scroll.
    public static let coverflow2 = LayoutDescriptor.carousel(.coverflow2, summary: "iCarousel cover flow 2: the passing card flips")
}

/// iCarousel's `iCarouselTypeCoverFlow` and `…CoverFlow2`:
/// `translate((c·tilt/2 + o·spacing)·w, 0, −|c|·w/2) · rotateY(−c·π/2·tilt)` with
/// `c = clamp(o, −1, 1)` (vertical: along y, turning about −X). Cover flow 2 replaces `c` near
/// the centre by `_toggle`'s (`clampedOffset(_:toggle:)`).
public enum CoverFlowCarousel {
    @inlinable public static func transform(offset o: Double, toggle: Double, geometry g: CarouselGeometry) -> Mat4 {
        let tilt = g.options.tilt, w = g.itemWidth
        let c = g.type == .coverflow2 ? clampedOffset(o, toggle: toggle) : min(max(o, -1), 1)
        let along = (c * 0.5 * tilt + o * g.options.spacing) * w
        let z = abs(c) * -w * 0.5
        let turn = -c * .pi / 2 * tilt
        if g.options.vertical {
            // CATransform3DRotate(t, turn, −1, 0, 0): a turn about +X by −turn.
            return .translation(Vec3(0, along, z)) * .rotationX(-turn)
        }
        return .translation(Vec3(along, 0, z)) * .rotationY(turn)
    }

    /// Cover flow 2's `clampedOffset`: with `_toggle ≥ 0`, cards at `o ≤ −0.5` are at −1, at
    /// `o ≤ 0.5` at `−toggle`, at `o ≤ 1.5` at `1 − toggle`; with `_toggle < 0`, at `o > 0.5` 1,
    /// at `o > −0.5` `−toggle`, at `o > −1.5` `−1 − toggle`; the rest `clamp(o, −1, 1)`.
    @inlinable public static func clampedOffset(_ o: Double, toggle: Double) -> Double {
        if toggle >= 0 {
            if o <= -0.5 { return -1 }
            if o <= 0.5 { return -toggle }
            if o <= 1.5 { return 1 - toggle }
        } else {
            if o > 0.5 { return 1 }
            if o > -0.5 { return -toggle }
            if o > -1.5 { return -1 - toggle }
        }
        return min(max(o, -1), 1)
    }
}
