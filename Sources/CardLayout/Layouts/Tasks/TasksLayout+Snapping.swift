import CardMath

/// Where the task switcher comes to rest after a scroll (SPEC §2.2).
extension TasksLayout {
    /// The seed's resting offsets: `k·s − s/1.8` for whole k. The seed aligns the slot nearest
    /// to the viewport's top slot, then lifts the result by `s/1.8` so the deck sits where its
    /// `−s/5.8` shift looks right.
    @inlinable public func restingOffset(_ k: Double, viewport: Size) -> Double {
        let s = slotHeight(viewport: viewport)
        return k * s - s / 1.8
    }

    /// Snaps the proposed offset so that a card is aligned.
    ///
    /// The seed returns `proposed + adjustment − s/1.8`, where the adjustment aligns the
    /// nearest slot; applied to an offset it produced itself it moves one more slot, and near
    /// the end it stops wherever deceleration stops. Made sensible here:
    /// - the target is the resting offset `k·s − s/1.8` nearest to `proposed` (idempotent),
    ///   or one of the content's ends (0 and the maximum offset) when that is nearer;
    /// - the seed's special case, kept: scrolling toward the end with the last card's slot in
    ///   the proposed viewport goes to the end, so the last card shows whole. The seed also
    ///   took a velocity of 0 as "toward the end", which made a release at rest near the end
    ///   jump; here the velocity must be positive;
    /// - the result is always within `0…maximumOffset`.
    ///
    /// - Complexity: O(1).
    public func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2 {
        let clamped = clampedOffset(release.proposed, in: context)
        let proposed = release.proposed.y
        let maximum = maximumOffset(viewport: context.viewport, cardCount: context.cardCount).y
        guard proposed.isFinite, context.cardCount > 0 else { return clamped }
        let s = slotHeight(viewport: context.viewport)
        let lastTop = slotTop(at: context.cardCount - 1, viewport: context.viewport)
        let lastSlotInView = lastTop < proposed + context.viewport.height && lastTop + s > proposed
        if lastSlotInView, release.velocity.y > 0 {
            return Vec2(clamped.x, maximum)
        }
        let k = ((proposed + s / 1.8) / s).rounded()
        let aligned = clamp(restingOffset(k, viewport: context.viewport), 0, maximum)
        let nearest = [aligned, 0, maximum].min { abs($0 - proposed) < abs($1 - proposed) } ?? aligned
        return Vec2(clamped.x, nearest)
    }
}
