import CardMath

/// The pages layout's dynamic states (SPEC §2.1): a highlighted card, a card being swiped away,
/// and the append flip and swipe delete transitions.
extension PagesLayout {
    /// How far the other cards move away from a highlighted card: `H + topInset` points
    /// (the seed's `pageHeight + topMargin`), up for the cards above it, down for those below.
    @inlinable public func highlightShift(viewport: Size) -> Double { viewport.height + topInset }

    /// The highlighted index when it names a card of the deck.
    @inlinable func validHighlight(in context: LayoutContext) -> Int? {
        guard let h = highlightedIndex, h >= 0, h < context.cardCount else { return nil }
        return h
    }

    /// The resting attributes with the dynamic states applied.
    ///
    /// Highlighted card: flat (identity transform), `W × H`, at z = 0 over exactly the viewport
    /// at the current scroll offset, on top of every other card (zIndex = card count). Cards
    /// above it keep their tilt and move up by `highlightShift`, cards below move down by the
    /// same. A swiped card follows the finger: its center moves by `swipe.dx` along x.
    ///
    /// - Complexity: O(1).
    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        var card = restingAttributes(at: index, in: context)
        if let h = validHighlight(in: context) {
            if index == h {
                let size = context.viewport
                card.center = Vec3(context.offset.x + size.width / 2, context.offset.y + size.height / 2, 0)
                card.transform = .identity
                card.zIndex = context.cardCount
            } else {
                card.center.y += index < h ? -highlightShift(viewport: context.viewport)
                                           : highlightShift(viewport: context.viewport)
            }
        }
        if let swipe, swipe.index == index, swipe.dx.isFinite {
            card.center.x += swipe.dx
        }
        return card
    }

    /// The resting candidates; with a highlighted card, the hull of the three groups that can
    /// be visible (the cards above it moved up, the card itself, the cards below moved down).
    /// The hull spans the deck between them when the highlighted card is far from the scroll
    /// position, so `layoutVisible(in:into:)` visits the three groups, never the hull.
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        guard validHighlight(in: context) != nil else { return restingCandidates(in: context) }  // no array
        let groups = candidateGroups(in: context)
        let nonEmpty = groups.filter { !$0.isEmpty }
        guard let lo = nonEmpty.map(\.lowerBound).min(), let hi = nonEmpty.map(\.upperBound).max() else {
            return 0..<0
        }
        return lo..<hi
    }

    /// Candidates in index order, each culled by its transformed bounds.
    ///
    /// - Complexity: O(k), k the number of candidates in the (at most three) groups;
    ///   independent of the card count. Allocates nothing but `out`'s growth.
    public func layoutVisible(in context: LayoutContext, into out: inout [CardAttributes]) {
        let camera = context.camera
        func visit(_ group: Range<Int>) {
            for index in group {
                let card = attributes(at: index, in: context)
                if Culling.isVisible(card, offset: context.offset, camera: camera) { out.append(card) }
            }
        }
        guard let h = validHighlight(in: context) else { return visit(restingCandidates(in: context)) }
        let shift = highlightShift(viewport: context.viewport)
        visit(restingCandidates(in: context, shiftY: -shift).clamped(to: 0..<h))
        visit(h..<(h + 1))
        visit(restingCandidates(in: context, shiftY: shift).clamped(to: (h + 1)..<context.cardCount))
    }

    /// Disjoint index ranges, in increasing order, that hold every card that can be visible.
    func candidateGroups(in context: LayoutContext) -> [Range<Int>] {
        guard let h = validHighlight(in: context) else { return [restingCandidates(in: context)] }
        let shift = highlightShift(viewport: context.viewport)
        let above = restingCandidates(in: context, shiftY: -shift).clamped(to: 0..<h)
        let below = restingCandidates(in: context, shiftY: shift).clamped(to: (h + 1)..<context.cardCount)
        return [above, h..<(h + 1), below]
    }

    /// An appended card starts edge-on: flipped to −90° about X (the seed's append flip), at
    /// its resting place, then animates to its resting tilt. The flip crosses its neighbours,
    /// which only a depth buffer draws right.
    ///
    /// - Complexity: O(1).
    public func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        var card = restingAttributes(at: index, in: context)
        card.transform = .translation(Vec3(0, 0, pushBack)) * .rotationX(radians(-90))
        return card
    }

    /// A deleted card slides left by one viewport width from where it was (the seed's swipe
    /// delete, `translate(−320, 0, 0)` on a 320-point screen).
    ///
    /// - Complexity: O(1).
    public func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes {
        var final = attributes
        final.center.x -= context.viewport.width
        return final
    }

    /// Whether a swipe released at horizontal offset `dx` (points, negative to the left) with
    /// horizontal velocity `velocityX` (points/s) deletes the card: dragged past a sixth of the
    /// viewport width to the left, or flung left at least `deleteFlingSpeed` fast.
    /// NaN never deletes.
    public func shouldDeleteOnRelease(dx: Double, velocityX: Double, viewport: Size) -> Bool {
        dx < -viewport.width / 6 || velocityX <= -deleteFlingSpeed
    }
}
