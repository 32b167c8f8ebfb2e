import CardMath

extension CarouselLayout {
    /// The run of cards iCarousel loads (`loadUnloadViews`): `N` (`visibleCount`) indices from
    /// `current − ⌊N/2⌋`, moved to lie inside the deck unless it wraps; wrapping, taken modulo
    /// `n`. `first` is in `0..<n` (or 0 for an empty deck); the run may cross the deck's end.
    public func visibleRun(in context: LayoutContext, geometry g: CarouselGeometry) -> (first: Int, count: Int) {
        let n = g.cardCount, count = g.visibleCount
        guard n > 0, count > 0 else { return (0, 0) }
        let s = slots(in: context, geometry: g)
        var first = g.currentIndex(atSlots: s) - count / 2
        if g.wraps {
            first = ((first % n) + n) % n
        } else {
            first = max(0, min(n - count, first))
        }
        return (first, count)
    }

    /// The run of cards that can be visible; when a wrapping run crosses the deck's end, its two
    /// pieces cannot be one range, and this is the piece holding the current card
    /// (`layoutVisible(in:into:)` visits both).
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        let g = geometry(viewport: context.viewport, cardCount: context.cardCount)
        let run = visibleRun(in: context, geometry: g)
        guard run.count > 0 else { return 0..<0 }
        let end = run.first + run.count
        if end <= g.cardCount { return run.first..<end }
        let current = g.currentIndex(atSlots: slots(in: context, geometry: g))
        return current >= run.first ? run.first..<g.cardCount : 0..<(end - g.cardCount)
    }

    /// The run's cards in index order (a wrapped run's low piece first), less those whose alpha
    /// is 0 (iCarousel loads only cards with alpha > 0); turned-away cards come marked hidden.
    ///
    /// - Complexity: O(N), N ≤ 100 the visible count; no allocation once `out` has grown.
    public func layoutVisible(in context: LayoutContext, into out: inout [CardAttributes]) {
        let g = geometry(viewport: context.viewport, cardCount: context.cardCount)
        let run = visibleRun(in: context, geometry: g)
        guard run.count > 0 else { return }
        let s = slots(in: context, geometry: g)
        let current = g.currentIndex(atSlots: s)
        let end = run.first + run.count
        if end > g.cardCount {
            appendCards(0..<(end - g.cardCount), slots: s, current: current, in: context, geometry: g, into: &out)
        }
        appendCards(run.first..<min(end, g.cardCount), slots: s, current: current, in: context, geometry: g, into: &out)
    }

    private func appendCards(_ range: Range<Int>, slots s: Double, current: Int, in context: LayoutContext,
                             geometry g: CarouselGeometry, into out: inout [CardAttributes]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let card = attributes(at: index, slots: s, current: current, in: context, geometry: g)
            if card.alpha > 0 { out.append(card) }
            index += 1
        }
    }
}
