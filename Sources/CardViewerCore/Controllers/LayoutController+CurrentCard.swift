import CardInteraction
import CardLayout
import CardMath

/// The current card by layout (SPEC §10): which card the scroll position makes current in the
/// layouts where it follows the scroll, and how far Up and Down move it.
extension LayoutController {
    func centeredCard(in context: LayoutContext) -> Int? { nil }

    func rowStep(viewport: Size) -> Int { 1 }

    /// The card `offset(showing:)` rests nearest to `context.offset`, searched around `estimate`:
    /// consistent with `offset(showing:)` by construction, so bringing a card to the centre makes
    /// it current.
    ///
    /// - Complexity: O(1): three candidates.
    func nearestShown(around estimate: Double, in context: LayoutContext) -> Int? {
        let n = context.cardCount
        guard n > 0, estimate.isFinite else { return n > 0 ? 0 : nil }
        let guess = Int(min(max(estimate.rounded(), 0), Double(n - 1)))
        var best = guess, bestDistance = Double.infinity
        for index in max(guess - 1, 0)...min(guess + 1, n - 1) {
            let shown = offset(showing: index, in: context)
            let distance = abs(shown.x - context.offset.x) + abs(shown.y - context.offset.y)
            if distance < bestDistance - 1e-9 {
                best = index
                bestDistance = distance
            }
        }
        return best
    }
}

extension TasksController {
    /// The front-most whole card: the one whose slot the offset rests on.
    func centeredCard(in context: LayoutContext) -> Int? {
        nearestShown(around: context.offset.y / base.slotHeight(viewport: context.viewport), in: context)
    }
}

extension SlideBoxController {
    /// The front photo: the page the offset is on.
    func centeredCard(in context: LayoutContext) -> Int? {
        nearestShown(around: context.offset.x / base.pageDistance(viewport: context.viewport), in: context)
    }
}

extension WheelController {
    /// The card at the top of the wheel.
    func centeredCard(in context: LayoutContext) -> Int? {
        guard let step = base.cardStep(viewport: context.viewport, cardCount: context.cardCount) else {
            return context.cardCount > 0 ? 0 : nil
        }
        return nearestShown(around: context.offset.x / step, in: context)
    }
}

extension CarouselController {
    /// The card with `o` nearest 0 (iCarousel's `currentItemIndex`).
    func centeredCard(in context: LayoutContext) -> Int? {
        guard context.cardCount > 0 else { return nil }
        let g = geometry(context)
        return g.currentIndex(atSlots: base.slots(in: context, geometry: g))
    }
}

extension GridController {
    /// A row: the columns of the viewport's width.
    func rowStep(viewport: Size) -> Int { base.columns(viewportWidth: viewport.width) }
}
