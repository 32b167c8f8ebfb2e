import CardInteraction
import CardLayout
import CardMath

/// Scenes taken from the real layouts, at rest or frozen halfway through an animation (the
/// animator's decomposed-transform interpolation at fraction 0.5).
enum LayoutScenes {
    /// Twenty pages scrolled three cards down.
    static func pagesRest(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 480))
        return (PagesLayout().visibleAttributes(in: context), context.offset)
    }

    /// Twelve pages scrolled to the bottom and a thirteenth appended: halfway from its appearing
    /// attributes (flipped to −90°, edge-on) to its resting tilt, as the append animation shows
    /// it; the others at rest.
    static func pagesAppend(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let layout = PagesLayout(), count = 13
        let offset = layout.maximumOffset(viewport: viewport, cardCount: count)
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: offset)
        var cards = (0..<count - 1).map { layout.attributes(at: $0, in: context) }
        let appended = count - 1
        cards.append(CardAttributes.interpolate(layout.appearingAttributes(at: appended, in: context),
                                                layout.attributes(at: appended, in: context), 0.5))
        return (cards, offset)
    }

    /// Twenty pages scrolled three cards down; card 5 halfway through its highlight (to flat and
    /// full-viewport), the cards above and below halfway through moving away.
    static func pagesHighlight(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 480))
        let rest = PagesLayout(), highlighted = PagesLayout(highlightedIndex: 5)
        let cards = (0..<context.cardCount).map {
            CardAttributes.interpolate(rest.attributes(at: $0, in: context), highlighted.attributes(at: $0, in: context), 0.5)
        }
        return (cards, context.offset)
    }

    /// Twenty pages scrolled three cards down, with the tilt growing 60° per viewport height
    /// instead of 20°: lower cards stand up faster than their upper neighbours lean back, and
    /// neighbours cross (SPEC §2.1: the seed kept the gradient gentle to avoid exactly this).
    static func pagesSteep(_ viewport: Size) -> ([CardAttributes], Vec2) {
        var layout = PagesLayout()
        layout.anglePerViewport = 60
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 480))
        return (layout.visibleAttributes(in: context), context.offset)
    }

    /// Thirty cards on the wheel, turned five cards.
    static func wheelRest(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let layout = WheelLayout()
        let context = LayoutContext(viewport: viewport, cardCount: 30, offset: Vec2(5 * layout.itemSize.width, 0))
        return (layout.visibleAttributes(in: context), context.offset)
    }

    /// Twenty task cards scrolled three slots down.
    static func tasksRest(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 3 * viewport.height / 5))
        return (TasksLayout().visibleAttributes(in: context), context.offset)
    }

    /// Ten SlideBox cards; the front one halfway to its disappearing attributes (flown up and
    /// faded out): alpha 0.5 over the deck.
    static func slideboxFade(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let layout = SlideBoxLayout()
        let context = LayoutContext(viewport: viewport, cardCount: 10)
        var cards = layout.visibleAttributes(in: context)
        if let front = cards.firstIndex(where: { $0.index == 0 }) {
            cards[front] = CardAttributes.interpolate(cards[front], layout.disappearingAttributes(for: cards[front], in: context), 0.5)
        }
        return (cards, context.offset)
    }
}
