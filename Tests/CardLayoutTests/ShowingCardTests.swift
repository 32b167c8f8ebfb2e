import CardLayout
import CardMath
import Testing

/// The layout protocol's defaults for drags and for showing a card (`dragMultiplier`,
/// `scrollOffset(showing:viewport:cardCount:)`), which code outside a layout's folder asks
/// instead of naming the layout's type. The carousel's own answers: `CarouselShowingTests`.
@Suite struct ShowingCardTests {
    static let viewport = LayoutTestSupport.viewport

    @Test("a drag moves the content as far as the pointer")
    func dragMultiplier() {
        for kind in [LayoutKind.pages, .tasks, .slidebox, .grid, .wheel] {
            #expect(kind.makeLayout().dragMultiplier == 1, "\(kind)")
        }
    }

    @Test("by default a card is shown centred along the scroll axis, clamped to the content")
    func centered() {
        let pages = LayoutKind.pages.makeLayout(), n = 30
        // Card 5's resting centre: topInset + 5·pitch + H/2 = 1220; minus H/2.
        #expect(pages.scrollOffset(showing: 5, viewport: Self.viewport, cardCount: n) == Vec2(0, 820))
        // Near the ends, clamped.
        #expect(pages.scrollOffset(showing: 0, viewport: Self.viewport, cardCount: n) == Vec2(0, 20))
        let maximum = pages.maximumOffset(viewport: Self.viewport, cardCount: n)
        #expect(pages.scrollOffset(showing: n - 1, viewport: Self.viewport, cardCount: n) == Vec2(0, min(20 + 29 * 160, maximum.y)))
        // An index outside the deck is brought into it; an empty deck stays at zero.
        #expect(pages.scrollOffset(showing: 99, viewport: Self.viewport, cardCount: n)
                == pages.scrollOffset(showing: n - 1, viewport: Self.viewport, cardCount: n))
        #expect(pages.scrollOffset(showing: 3, viewport: Self.viewport, cardCount: 0) == .zero)
        // Horizontal: the SlideBox deck's card 2 is centred where its resting centre is.
        let slidebox = LayoutKind.slidebox.makeLayout()
        let center = slidebox.attributes(at: 2, in: LayoutContext(viewport: Self.viewport, cardCount: 10)).center
        let limit = slidebox.maximumOffset(viewport: Self.viewport, cardCount: 10).x
        #expect(slidebox.scrollOffset(showing: 2, viewport: Self.viewport, cardCount: 10)
                == Vec2(clamp(center.x - 640, 0, limit), 0))
    }
}
