import CardMath

extension CarouselLayout {
    /// Card `index` at scroll position `s` (slots) with `current` the current card: centred on
    /// the viewport, fitted into its slot, turned by its type's transform; faded; hidden when
    /// turned away and `showBackfaces` is off (`m33 ≤ 0`); and ordered by iCarousel's
    /// `compareViewDepth` (`depthOrder`).
    func attributes(at index: Int, slots s: Double, current: Int, in context: LayoutContext,
                    geometry g: CarouselGeometry) -> CardAttributes {
        let o = g.offset(ofCard: index, atSlots: s)
        let m = transform(offset: o, geometry: g)
        let reference = transform(offset: g.offset(ofCard: current, atSlots: s), geometry: g)
        let bias = depthOrder(m, current: reference)
        let viewport = context.viewport
        return CardAttributes(
            index: index,
            center: Vec3(context.offset.x + viewport.width / 2, context.offset.y + viewport.height / 2, 0),
            size: fittedCardSize(geometry: g),
            transform: m,
            alpha: alpha(offset: o),
            zIndex: Int(min(max(bias * 1e8, -1e15), 1e15).rounded()),
            isHidden: !options.showBackfaces && m.c2.z <= 0,
            depthBias: bias)
    }

    /// iCarousel's `compareViewDepth` as a number, points (larger: in front): the z of the card's
    /// transformed point (1, 1, 1), less 1 (so a card parallel to the viewport gets its own z,
    /// the wheel's `o·0.01` nudge included); on exact ties the card nearer the current card along
    /// the scroll axis is in front: 10⁻⁷ of the distance between their transformed (1, 1, 1)s is
    /// taken off (below the wheel's 0.01 per card up to 10⁵ points apart). iCarousel measures
    /// that distance in x alone, which ties every card of a vertical linear carousel.
    func depthOrder(_ m: Mat4, current: Mat4) -> Double {
        let p = m.transformPoint(Vec3(1, 1, 1)), q = current.transformPoint(Vec3(1, 1, 1))
        let distance = options.vertical ? abs(p.y - q.y) : abs(p.x - q.x)
        return p.z - 1 - distance * 1e-7
    }
}
