import CardLayout
import CardMath

extension CompareScene {
    /// The scene `layout-NAME`: any registered layout with `options` at rest, 30 cards, scrolled
    /// so that card 5's centre is at the viewport's centre along the scroll axis (clamped to the
    /// content; a carousel at card 5) — what `compare --layout NAME` adds to the fixed scenes.
    public static func resting(_ layout: LayoutDescriptor, options: LayoutOptionValues? = nil,
                               viewport: Size, cardCount: Int = 30,
                               eyeDistance: Double = Camera.defaultEyeDistance) -> CompareScene {
        let cards = layout.makeLayout(options)
        let start = LayoutContext(viewport: viewport, cardCount: cardCount)
        var offset = Vec2.zero
        if cardCount > 0 {
            let center = cards.attributes(at: min(5, cardCount - 1), in: start).center
            let maximum = cards.maximumOffset(viewport: viewport, cardCount: cardCount)
            offset = cards.scrollAxis == .vertical
                ? Vec2(0, clamp(center.y - viewport.height / 2, 0, maximum.y))
                : Vec2(clamp(center.x - viewport.width / 2, 0, maximum.x), 0)
        }
        if let carousel = cards as? CarouselLayout, cardCount > 0 {
            // A carousel centres every card before its transform: card 5 is current at 5 slots.
            let slots = Double(min(5, cardCount - 1)) * carousel.geometry(viewport: viewport, cardCount: cardCount).itemWidth
            offset = carousel.scrollAxis == .vertical ? Vec2(0, slots) : Vec2(slots, 0)
        }
        let context = LayoutContext(viewport: viewport, cardCount: cardCount, offset: offset, eyeDistance: eyeDistance)
        var scene = CompareScene(name: "layout-\(layout.name)", summary: "\(layout.summary) at rest",
                                 viewport: viewport, offset: offset, cards: cards.visibleAttributes(in: context))
        scene.eyeDistance = eyeDistance
        return scene
    }
}
