import CardLayout
import CardMath
import CardTestSupport
import Foundation
import Testing

/// SlideBox against SPEC §2.3, recomputed here from the seed's formulas.
@Suite struct SlideBoxLayoutTests {
    let layout = SlideBoxLayout()
    let viewport = LayoutTestSupport.viewport
    var pageDistance: Double { ceil(1.1 * viewport.width) }
    var cardSize: Size { Size(width: 0.6 * viewport.width, height: 0.6 * viewport.height) }

    func ratio(_ a: Int, offsetX: Double) -> Double {
        1 - 0.1 * Double(a) + (offsetX / pageDistance) / 10
    }

    /// The seed's translate for a ratio: none up to 1, then sliding out to the left.
    func seedTranslate(_ r: Double) -> Double {
        guard r > 1 else { return 0 }
        if r >= 1.1 { return -(viewport.width / 2 + cardSize.width / 2) }
        let t = -(r - floor(r)) * pageDistance * 10
        return t == 0 ? -pageDistance : t
    }

    @Test(arguments: [0, 1, 2, 30])
    func contentWidth(count: Int) {
        let size = layout.contentSize(viewport: viewport, cardCount: count)
        #expect(pageDistance == 1408)
        #expect(closeEnough(size.width, pageDistance * Double(count) + viewport.width))
        #expect(closeEnough(size.height, viewport.height))
    }

    static let scenes: [(Int, Double)] = [
        (30, 0), (30, 700), (30, 1408), (30, 2000.5), (30, 7140), (30, -900), (30, 44_240),
        (1, 0), (2, 1408), (2, 300), (100_000, 12_345_678.9),
    ]

    @Test(arguments: scenes)
    func attributesMatchTheFormulas(count: Int, offsetX: Double) {
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(offsetX, 0))
        let indices = Set(layout.candidateRange(in: context)).union([0, count - 1]).filter { $0 >= 0 }
        for a in indices.sorted() {
            let card = layout.attributes(at: a, in: context)
            let r = ratio(a, offsetX: offsetX)
            let scale = min(max(r, 0), 1.1)
            #expect(card.size == cardSize)
            #expect(card.zIndex == 10_000 - a)
            #expect(card.alpha == 1)
            // Centered on screen, then moved by scale · translate (translate applies before the
            // scale, as CGAffineTransformTranslate(scale, t, 0) does).
            let center = LayoutTestSupport.world(card, .zero, offset: context.offset)
            #expect(closeEnough(center.x, viewport.width / 2 + scale * seedTranslate(r), absolute: 1e-6))
            #expect(closeEnough(center.y, viewport.height / 2, absolute: 1e-9))
            #expect(closeEnough(center.z, max(-100, min(100, 10 * (r - 1))), absolute: 1e-9))
            let m = card.localToWorld(offset: context.offset)
            #expect(closeEnough(m.transformVector(Vec3(1, 0, 0)), Vec3(scale, 0, 0), absolute: 1e-12))
            #expect(closeEnough(m.transformVector(Vec3(0, 1, 0)), Vec3(0, scale, 0), absolute: 1e-12))
        }
    }

    static let offsets: [Double] = [0, 700, 1408, 2000.5, 20_412, 40_832, 42_240, -900, 43_648]

    @Test(arguments: offsets)
    func cullingMatchesTheRatioRangeAndBruteForce(offsetX: Double) {
        let count = 30
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(offsetX, 0))
        let expected = (0..<count).filter { ratio($0, offsetX: offsetX) > 0 && ratio($0, offsetX: offsetX) < 1.1 }
        #expect(Array(layout.candidateRange(in: context)) == expected)
        let visible = layout.visibleAttributes(in: context).map(\.index)
        #expect(visible == LayoutTestSupport.bruteForceVisible(layout, context, among: 0..<count))
    }

    // MARK: Paging

    func target(_ layout: SlideBoxLayout, start: Double, current: Double, velocity: Double, count: Int = 30) -> Double {
        let context = LayoutContext(viewport: viewport, cardCount: count)
        let release = ScrollRelease(current: Vec2(current, 0), proposed: Vec2(current + velocity * 0.3, 0),
                                    velocity: Vec2(velocity, 0), dragStart: Vec2(start, 0))
        return layout.targetOffset(for: release, in: context).x
    }

    @Test func pagesOnAThirtyPointDrag() {
        let p = pageDistance
        #expect(target(layout, start: 3 * p, current: 3 * p + 30, velocity: 200) == 4 * p)
        #expect(target(layout, start: 3 * p, current: 3 * p - 30, velocity: -200) == 2 * p)
        #expect(target(layout, start: 3 * p, current: 3 * p + 500, velocity: 9000) == 4 * p)  // one page only
        // The velocity's sign decides, even against the drag…
        #expect(target(layout, start: 3 * p, current: 3 * p + 40, velocity: -50) == 2 * p)
        // …and the drag's direction when the finger stopped before lifting.
        #expect(target(layout, start: 3 * p, current: 3 * p + 40, velocity: 0) == 4 * p)
        #expect(target(layout, start: 3 * p, current: 3 * p - 40, velocity: 0) == 2 * p)
    }

    @Test func snapsBackBelowThirtyPoints() {
        let p = pageDistance
        for moved in [-29.9, -10, 0, 10, 29.9] {
            for velocity in [-3000.0, 0, 3000] {
                #expect(target(layout, start: 3 * p, current: 3 * p + moved, velocity: velocity) == 3 * p)
            }
        }
    }

    @Test func pagingIsClampedToTheCards() {
        let p = pageDistance
        #expect(target(layout, start: 0, current: -60, velocity: -800) == 0)
        #expect(target(layout, start: 29 * p, current: 29 * p + 60, velocity: 800) == 29 * p)
        #expect(target(layout, start: 0, current: 45, velocity: 800, count: 1) == 0)
        #expect(target(layout, start: 0, current: 45, velocity: 800, count: 0) == 0)
        // A drag that started between pages counts from the nearest page.
        #expect(target(layout, start: 2.4 * p, current: 2.4 * p + 50, velocity: 10) == 3 * p)
    }

    // MARK: Front-card drag

    @Test(arguments: [Vec2(0, -100), Vec2(40, -300), Vec2(-90, -250), Vec2(600, -700), Vec2(20, 150)])
    func frontCardFollowsAnUpwardDrag(drag: Vec2) {
        var dragged = layout
        dragged.frontDrag = drag
        let p = pageDistance
        let context = LayoutContext(viewport: viewport, cardCount: 10, offset: Vec2(2 * p, 0))
        #expect(dragged.frontIndex(offsetX: context.offset.x, viewport: viewport) == 2)
        let front = dragged.attributes(at: 2, in: context)
        let center = LayoutTestSupport.world(front, .zero, offset: context.offset)
        let up = min(drag.y, 0)  // only the upward part counts
        #expect(closeEnough(center.x, viewport.width / 2 + drag.x, absolute: 1e-9))
        #expect(closeEnough(center.y, viewport.height / 2 + up, absolute: 1e-9))
        // A slight tilt with the horizontal component: at most 15°, clockwise when dragged right.
        let xAxis = front.localToWorld(offset: context.offset).transformVector(Vec3(1, 0, 0))
        let tilt = atan2(xAxis.y, xAxis.x)
        #expect(abs(tilt) <= 15 * .pi / 180 + 1e-12)
        #expect(drag.x == 0 ? abs(tilt) < 1e-12 : (tilt > 0) == (drag.x > 0))
        #expect(closeEnough(xAxis.length, 1, absolute: 1e-12))  // rigid: no shear or scale
        // The next card grows with the upward drag.
        let next = dragged.attributes(at: 3, in: context)
        let grow = min(max(0.9 + abs(up / p) / 10, 0), 1)
        let nextX = next.localToWorld(offset: context.offset).transformVector(Vec3(1, 0, 0))
        #expect(closeEnough(nextX, Vec3(grow, 0, 0), absolute: 1e-12))
        // The others do not move.
        #expect(dragged.attributes(at: 4, in: context) == layout.attributes(at: 4, in: context))
        #expect(dragged.attributes(at: 1, in: context) == layout.attributes(at: 1, in: context))
    }

    @Test func tiltSaturatesAtFifteenDegrees() {
        var dragged = layout
        dragged.frontDrag = Vec2(5000, -5001)
        let card = dragged.attributes(at: 0, in: LayoutContext(viewport: viewport, cardCount: 3))
        let x = card.transform.transformVector(Vec3(1, 0, 0))
        #expect(closeEnough(atan2(x.y, x.x), 15 * .pi / 180, absolute: 1e-12))
        #expect(layout.beginsFrontDrag(translation: Vec2(3, -4)))
        #expect(!layout.beginsFrontDrag(translation: Vec2(-5, 4)))
    }

    @Test func deletesWhenReleasedAboveHalfTheCard() {
        let h = cardSize.height
        #expect(layout.shouldDeleteOnRelease(ty: -h / 2, cardHeight: h))
        #expect(layout.shouldDeleteOnRelease(ty: -h, cardHeight: h))
        #expect(!layout.shouldDeleteOnRelease(ty: -h / 2 + 1, cardHeight: h))
        #expect(!layout.shouldDeleteOnRelease(ty: 200, cardHeight: h))
        #expect(!layout.shouldDeleteOnRelease(ty: .nan, cardHeight: h))
    }

    @Test func frontIndexIsTheCurrentPage() {
        let p = pageDistance
        #expect(layout.frontIndex(offsetX: 0, viewport: viewport) == 0)
        #expect(layout.frontIndex(offsetX: 7 * p, viewport: viewport) == 7)
        #expect(layout.frontIndex(offsetX: 7 * p - 1e-7, viewport: viewport) == 7)  // not 6
        #expect(layout.frontIndex(offsetX: -500, viewport: viewport) == 0)
        #expect(layout.frontIndex(offsetX: .nan, viewport: viewport) == 0)
        #expect(layout.frontIndex(offsetX: 1e300, viewport: viewport) >= 0)
    }

    /// A deleted card flies up above the viewport and fades.
    @Test func disappearingFliesUpAndFades() {
        var dragged = layout
        dragged.frontDrag = Vec2(30, -300)
        let context = LayoutContext(viewport: viewport, cardCount: 5)
        for card in [layout.attributes(at: 0, in: context), dragged.attributes(at: 0, in: context)] {
            let gone = layout.disappearingAttributes(for: card, in: context)
            #expect(gone.alpha == 0)
            for corner in gone.worldCorners(offset: context.offset) {
                let seen = try! #require(LayoutTestSupport.project(corner, viewport: viewport))
                #expect(seen.y < 0)
            }
        }
        #expect(layout.appearingAttributes(at: 1, in: context).alpha == 0)
        #expect(layout.scrollAxis == .horizontal)
    }
}
