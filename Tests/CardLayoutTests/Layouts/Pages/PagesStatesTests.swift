import CardLayout
import CardMath
import CardTestSupport
import Testing

/// The pages layout's dynamic states and transitions (SPEC §2.1).
@Suite struct PagesStatesTests {
    let viewport = LayoutTestSupport.viewport
    let resting = PagesLayout()

    func highlighted(_ index: Int) -> PagesLayout {
        var layout = PagesLayout()
        layout.highlightedIndex = index
        return layout
    }

    @Test(arguments: [(30, 7, 700.0), (30, 0, 0), (30, 29, 4460), (1, 0, 0), (30, 3, 2000)])
    func highlightShowsTheCardFlatOverTheViewport(count: Int, index: Int, offsetY: Double) {
        let layout = highlighted(index)
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(0, offsetY))
        let card = layout.attributes(at: index, in: context)
        // Flat, identity, W × H, corners exactly on the viewport's corners at z = 0.
        #expect(card.transform == .identity)
        #expect(card.size == viewport)
        let corners = card.worldCorners(offset: context.offset)
        let expected = [Vec3(0, 0, 0), Vec3(1280, 0, 0), Vec3(1280, 800, 0), Vec3(0, 800, 0)]
        for (c, e) in zip(corners, expected) { #expect(closeEnough(c, e, absolute: 1e-9)) }
        #expect(card.zIndex >= count)
        // Everything else moves H + topMargin (800 + 20) away, up above it and down below it.
        for other in 0..<count where other != index {
            let before = resting.attributes(at: other, in: context)
            let after = layout.attributes(at: other, in: context)
            #expect(after.transform == before.transform)
            #expect(closeEnough(after.center.y - before.center.y, other < index ? -820 : 820))
            #expect(after.center.x == before.center.x && after.center.z == before.center.z)
        }
        // The highlighted card is visible, and culling agrees with a brute-force pass.
        let visible = layout.visibleAttributes(in: context).map(\.index)
        #expect(visible.contains(index))
        #expect(visible == LayoutTestSupport.bruteForceVisible(layout, context, among: 0..<count))
    }

    /// Highlighting a card far from the scroll position never makes a frame cost O(n).
    @Test func highlightFarAwayStaysCheap() {
        let layout = highlighted(9_000_000)
        let context = LayoutContext(viewport: viewport, cardCount: 10_000_000, offset: Vec2(0, 16_000))
        let visible = layout.visibleAttributes(in: context)
        #expect(visible.contains { $0.index == 9_000_000 })
        #expect(visible.count < 40)
        // An index outside the deck is ignored.
        let stale = highlighted(50)
        let small = LayoutContext(viewport: viewport, cardCount: 10)
        #expect(stale.visibleAttributes(in: small) == resting.visibleAttributes(in: small))
    }

    @Test func swipedCardFollowsTheFinger() {
        var layout = PagesLayout()
        layout.swipe = (index: 4, dx: -250)
        let context = LayoutContext(viewport: viewport, cardCount: 10, offset: Vec2(0, 300))
        let card = layout.attributes(at: 4, in: context)
        let before = resting.attributes(at: 4, in: context)
        #expect(closeEnough(card.center.x, before.center.x - 250))
        #expect(card.transform == before.transform && card.center.y == before.center.y)
        #expect(layout.attributes(at: 5, in: context) == resting.attributes(at: 5, in: context))
    }

    @Test func swipeDeletesPastASixthOrWhenFlungLeft() {
        let layout = PagesLayout()
        let sixth = viewport.width / 6
        #expect(layout.shouldDeleteOnRelease(dx: -sixth - 1, velocityX: 0, viewport: viewport))
        #expect(!layout.shouldDeleteOnRelease(dx: -sixth + 1, velocityX: 0, viewport: viewport))
        #expect(layout.shouldDeleteOnRelease(dx: -20, velocityX: -900, viewport: viewport))
        #expect(!layout.shouldDeleteOnRelease(dx: -20, velocityX: -100, viewport: viewport))
        #expect(!layout.shouldDeleteOnRelease(dx: 300, velocityX: 900, viewport: viewport))
        #expect(!layout.shouldDeleteOnRelease(dx: .nan, velocityX: .nan, viewport: viewport))
    }

    /// An appended card starts edge-on (−90° about X): its top edge points at the viewer.
    @Test func appearingIsFlippedEdgeOn() {
        let context = LayoutContext(viewport: viewport, cardCount: 11, offset: Vec2(0, 1000))
        let card = resting.appearingAttributes(at: 10, in: context)
        let rest = resting.attributes(at: 10, in: context)
        #expect(card.center == rest.center && card.size == rest.size && card.alpha == 1)
        let m = card.localToWorld(offset: context.offset)
        #expect(closeEnough(m.transformVector(Vec3(0, 1, 0)), Vec3(0, 0, -1), absolute: 1e-12))
        #expect(closeEnough(m.transformVector(Vec3(1, 0, 0)), Vec3(1, 0, 0), absolute: 1e-12))
        let top = m.transformPoint(Vec3(0, -400, 0)), bottom = m.transformPoint(Vec3(0, 400, 0))
        #expect(closeEnough(top.y, bottom.y, absolute: 1e-9) && top.z > bottom.z)
        #expect(closeEnough(m.transformPoint(.zero).z, -300, absolute: 1e-9))  // still pushed back
    }

    /// A deleted card slides left by the viewport's width.
    @Test func disappearingSlidesLeft() {
        let context = LayoutContext(viewport: viewport, cardCount: 10, offset: Vec2(0, 200))
        let card = resting.attributes(at: 3, in: context)
        let gone = resting.disappearingAttributes(for: card, in: context)
        #expect(closeEnough(gone.center.x, card.center.x - 1280))
        #expect(gone.transform == card.transform && gone.center.y == card.center.y)
        let before = LayoutTestSupport.world(card, .zero, offset: context.offset)
        let after = LayoutTestSupport.world(gone, .zero, offset: context.offset)
        #expect(closeEnough(after - before, Vec3(-1280, 0, 0), absolute: 1e-9))
        #expect(resting.scrollAxis == .vertical)
    }

    @Test func targetOffsetIsTheProposalClamped() {
        let context = LayoutContext(viewport: viewport, cardCount: 30)
        let maximum = 29 * 160.0 + 20  // (n − 1)·160 + H + 20 − H
        let cases: [(Double, Double)] = [(-300, 0), (1234.5, 1234.5), (maximum + 1, maximum), (-.infinity, 0)]
        for (proposed, expected) in cases {
            let release = ScrollRelease(current: Vec2(0, 10), proposed: Vec2(0, proposed), velocity: Vec2(0, -50))
            #expect(resting.targetOffset(for: release, in: context) == Vec2(0, expected))
        }
    }

    @Test("the descriptor's highlighted pages layout is the layout with that page highlighted, options applied")
    func highlightThroughTheDescriptor() throws {
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(0, 480))
        let made = LayoutDescriptor.makePagesLayout(highlighting: 5)
        for index in 0..<20 {
            #expect(made.attributes(at: index, in: context) == highlighted(5).attributes(at: index, in: context))
        }
        var steep = LayoutDescriptor.pages.defaultValues
        try steep.set("anglePerViewport", to: 60)
        var expected = highlighted(2)
        expected.anglePerViewport = 60
        #expect(LayoutDescriptor.makePagesLayout(highlighting: 2, options: steep).attributes(at: 7, in: context)
                == expected.attributes(at: 7, in: context))
    }
}
