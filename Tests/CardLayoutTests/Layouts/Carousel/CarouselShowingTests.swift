import CardLayout
import CardMath
import Testing

/// How far a carousel's content moves per dragged point, and where it shows a card: its
/// answers to the layout protocol's `dragMultiplier` and `scrollOffset(showing:viewport:cardCount:)`.
@Suite struct CarouselShowingTests {
    static let viewport = LayoutTestSupport.viewport

    @Test("a drag moves the content by the offsetMultiplier (cover flows 2, others 1)")
    func dragMultiplier() {
        #expect(CarouselLayout(type: .coverflow).dragMultiplier == 2)
        #expect(CarouselLayout(type: .linear).dragMultiplier == 1)
        var options = CarouselOptions(type: .rotary)
        options.offsetMultiplier = 0.5
        #expect(CarouselLayout(type: .rotary, options: options).dragMultiplier == 0.5)
    }

    @Test("card i is shown as the current card, i slots along the axis")
    func showing() {
        let linear = CarouselLayout(type: .linear)
        let w = linear.geometry(viewport: Self.viewport, cardCount: 30).itemWidth
        #expect(linear.scrollOffset(showing: 5, viewport: Self.viewport, cardCount: 30) == Vec2(5 * w, 0))
        var options = CarouselOptions(type: .rotary)
        options.vertical = true
        let vertical = CarouselLayout(type: .rotary, options: options)
        let h = vertical.geometry(viewport: Self.viewport, cardCount: 30).itemWidth
        #expect(vertical.scrollOffset(showing: 3, viewport: Self.viewport, cardCount: 30) == Vec2(0, 3 * h))
        // At that offset card 3 is the current one: in front of the others.
        let context = LayoutContext(viewport: Self.viewport, cardCount: 30, offset: Vec2(0, 3 * h))
        #expect(vertical.visibleAttributes(in: context).max { $0.zIndex < $1.zIndex }?.index == 3)
    }
}
