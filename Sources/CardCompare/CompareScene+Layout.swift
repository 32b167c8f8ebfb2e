import CardLayout
import CardMath

extension CompareScene {
    /// The scene `layout-NAME`: any registered layout with `options` at rest, 30 cards, scrolled
    /// to show card 5 (`CardLayout.scrollOffset(showing:)`: by default its centre at the
    /// viewport's centre along the scroll axis, clamped to the content; a carousel with card 5
    /// current) — what `compare --layout NAME` adds to the fixed scenes. Seen from `eyeDistance`
    /// (points), by default the layout's own (`LayoutDescriptor.preferredEyeDistance`).
    public static func resting(_ layout: LayoutDescriptor, options: LayoutOptionValues? = nil,
                               viewport: Size, cardCount: Int = 30,
                               eyeDistance: Double? = nil) -> CompareScene {
        let eyeDistance = eyeDistance ?? layout.preferredEyeDistance
        let cards = layout.makeLayout(options)
        let offset = cardCount > 0 ? cards.scrollOffset(showing: min(5, cardCount - 1), viewport: viewport, cardCount: cardCount)
                                   : .zero
        let context = LayoutContext(viewport: viewport, cardCount: cardCount, offset: offset, eyeDistance: eyeDistance)
        var scene = CompareScene(name: "layout-\(layout.name)", summary: "\(layout.summary) at rest",
                                 viewport: viewport, offset: offset, cards: cards.visibleAttributes(in: context))
        scene.eyeDistance = eyeDistance
        return scene
    }
}
