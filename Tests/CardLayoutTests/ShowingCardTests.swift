import CardLayout
import CardMath
import Testing

/// What the layout protocol says about drags and about showing a card (`dragMultiplier`,
/// `scrollOffset(showing:viewport:cardCount:)`), so that code outside a layout's folder asks
/// the layout instead of naming its type.
@Suite struct ShowingCardTests {
    static let viewport = LayoutTestSupport.viewport

    @Test("a drag moves the content as far as the pointer, a carousel's by its offsetMultiplier")
    func dragMultiplier() throws {
        for kind in [LayoutKind.pages, .tasks, .slidebox, .grid, .wheel] {
            #expect(kind.makeLayout().dragMultiplier == 1, "\(kind)")
        }
        #expect(CarouselLayout(type: .coverflow).dragMultiplier == 2)
        #expect(CarouselLayout(type: .linear).dragMultiplier == 1)
        var options = CarouselOptions(type: .rotary)
        options.offsetMultiplier = 0.5
        #expect(CarouselLayout(type: .rotary, options: options).dragMultiplier == 0.5)
    }

    @Test("by default a card is shown centred along the scroll axis, clamped to the content")
    func centred() {
        let pages = PagesLayout(), n = 30
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
        let slidebox = SlideBoxLayout()
        let center = slidebox.attributes(at: 2, in: LayoutContext(viewport: Self.viewport, cardCount: 10)).center
        let limit = slidebox.maximumOffset(viewport: Self.viewport, cardCount: 10).x
        #expect(slidebox.scrollOffset(showing: 2, viewport: Self.viewport, cardCount: 10)
                == Vec2(clamp(center.x - 640, 0, limit), 0))
    }

    @Test("a carousel shows card i as the current card, i slots along its axis")
    func carousel() {
        let linear = CarouselLayout(type: .linear)
        let w = linear.geometry(viewport: Self.viewport, cardCount: 30).itemWidth
        #expect(linear.scrollOffset(showing: 5, viewport: Self.viewport, cardCount: 30) == Vec2(5 * w, 0))
        var options = CarouselOptions(type: .rotary)
        options.vertical = true
        let vertical = CarouselLayout(type: .rotary, options: options)
        let h = vertical.geometry(viewport: Self.viewport, cardCount: 30).itemWidth
        #expect(vertical.scrollOffset(showing: 3, viewport: Self.viewport, cardCount: 30) == Vec2(0, 3 * h))
        // At that offset card 3 is the current one: on the axis, in front of the others.
        let context = LayoutContext(viewport: Self.viewport, cardCount: 30, offset: Vec2(0, 3 * h))
        let cards = vertical.visibleAttributes(in: context)
        #expect(cards.max { $0.zIndex < $1.zIndex }?.index == 3)
    }

    @Test("the pages layout with a page highlighted, through its descriptor, is PagesLayout's highlight")
    func pagesHighlight() {
        let context = LayoutContext(viewport: Self.viewport, cardCount: 20, offset: Vec2(0, 480))
        let made = LayoutDescriptor.makePagesLayout(highlighting: 5)
        let expected = PagesLayout(highlightedIndex: 5)
        for index in 0..<20 {
            #expect(made.attributes(at: index, in: context) == expected.attributes(at: index, in: context))
        }
        var steep = LayoutDescriptor.pages.defaultValues
        try? steep.set("anglePerViewport", to: 60)
        var expectedSteep = PagesLayout(highlightedIndex: 2)
        expectedSteep.anglePerViewport = 60
        #expect(LayoutDescriptor.makePagesLayout(highlighting: 2, options: steep).attributes(at: 7, in: context)
                == expectedSteep.attributes(at: 7, in: context))
    }
}
