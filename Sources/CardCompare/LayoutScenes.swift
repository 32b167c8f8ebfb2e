import CardInteraction
import CardLayout
import CardMath

/// Scenes taken from the real layouts, at rest or frozen halfway through an animation (the
/// animator's decomposed-transform interpolation at fraction 0.5). The layouts come from their
/// descriptors (`LayoutDescriptor.pages.makeLayout(values)`), with options where a scene needs
/// other values; state that is not an option (a highlighted page) from the layout's own folder.
enum LayoutScenes {
    /// Twenty pages scrolled three cards down.
    static func pagesRest(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 480))
        return (LayoutDescriptor.pages.makeLayout().visibleAttributes(in: context), context.offset)
    }

    /// Twelve pages scrolled to the bottom and a thirteenth appended: halfway from its appearing
    /// attributes (flipped to −90°, edge-on) to its resting tilt, as the append animation shows
    /// it; the others at rest.
    static func pagesAppend(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let layout = LayoutDescriptor.pages.makeLayout(), count = 13
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
        let rest = LayoutDescriptor.pages.makeLayout(), highlighted = LayoutDescriptor.makePagesLayout(highlighting: 5)
        let cards = (0..<context.cardCount).map {
            CardAttributes.interpolate(rest.attributes(at: $0, in: context), highlighted.attributes(at: $0, in: context), 0.5)
        }
        return (cards, context.offset)
    }

    /// Twenty pages scrolled three cards down, with the tilt growing 60° per viewport height
    /// instead of 20°: lower cards stand up faster than their upper neighbours lean back, and
    /// neighbours cross (SPEC §2.1: the seed kept the gradient gentle to avoid exactly this).
    static func pagesSteep(_ viewport: Size) -> ([CardAttributes], Vec2) {
        var values = LayoutDescriptor.pages.defaultValues
        do { try values.set("anglePerViewport", to: 60) } catch { preconditionFailure("\(error)") }  // within 0…90
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 480))
        return (LayoutDescriptor.pages.makeLayout(values).visibleAttributes(in: context), context.offset)
    }

    /// Thirty cards on the wheel, turned five cards. The wheel turns one card per card width
    /// (its cards' size; `WheelLayout`'s contract), whatever the viewport.
    static func wheelRest(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let layout = LayoutDescriptor.wheel.makeLayout(), count = 30
        let cardWidth = layout.attributes(at: 0, in: LayoutContext(viewport: viewport, cardCount: count)).size.width
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(5 * cardWidth, 0))
        return (layout.visibleAttributes(in: context), context.offset)
    }

    /// Twenty task cards scrolled three slots down.
    static func tasksRest(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 3 * viewport.height / 5))
        return (LayoutDescriptor.tasks.makeLayout().visibleAttributes(in: context), context.offset)
    }

    /// Ten SlideBox cards; the front one halfway to its disappearing attributes (flown up and
    /// faded out): alpha 0.5 over the deck.
    static func slideboxFade(_ viewport: Size) -> ([CardAttributes], Vec2) {
        let layout = LayoutDescriptor.slidebox.makeLayout()
        let context = LayoutContext(viewport: viewport, cardCount: 10)
        var cards = layout.visibleAttributes(in: context)
        if let front = cards.firstIndex(where: { $0.index == 0 }) {
            cards[front] = CardAttributes.interpolate(cards[front], layout.disappearingAttributes(for: cards[front], in: context), 0.5)
        }
        return (cards, context.offset)
    }
}
