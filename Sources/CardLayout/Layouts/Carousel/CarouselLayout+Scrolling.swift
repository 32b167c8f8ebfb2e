import CardMath

extension CarouselLayout {
    /// The whole card a release rests on (slots, unwrapped): the proposed position in slots
    /// rounded to the nearest card, as iCarousel scrolls to `currentItemIndex` after decelerating.
    public static func restingCard(proposedSlots s: Double) -> Double {
        s.isFinite ? s.rounded() : 0
    }

    /// Snaps to a whole card: `round(proposed / w)·w` along the axis, clamped to the deck (its
    /// ends `0…(n − 1)·w`), or modulo `n·w` when wrapping (SPEC §8).
    ///
    /// - Complexity: O(1).
    public func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2 {
        let g = geometry(viewport: context.viewport, cardCount: context.cardCount)
        let along = scrollAxis.component(of: release.proposed)
        guard g.cardCount > 0, along.isFinite else { return .zero }
        var card = Self.restingCard(proposedSlots: along / g.itemWidth)
        let n = Double(g.cardCount)
        if g.wraps {
            card -= (card / n).rounded(.down) * n
        } else {
            card = min(max(card, 0), n - 1)
        }
        let offset = card * g.itemWidth
        return options.vertical ? Vec2(0, offset) : Vec2(offset, 0)
    }

    /// `options.offsetMultiplier`: a drag of Δ points moves the scroll by Δ·offsetMultiplier
    /// points (SPEC §8).
    public var dragMultiplier: Double { options.offsetMultiplier }

    /// `index` slots along the axis, where card `index` is the current card (every card is
    /// centred before its transform, so the default's centring says nothing here).
    ///
    /// - Complexity: O(1).
    public func scrollOffset(showing index: Int, viewport: Size, cardCount: Int) -> Vec2 {
        let slots = Double(index) * geometry(viewport: viewport, cardCount: cardCount).itemWidth
        return scrollAxis == .vertical ? Vec2(0, slots) : Vec2(slots, 0)
    }
}
