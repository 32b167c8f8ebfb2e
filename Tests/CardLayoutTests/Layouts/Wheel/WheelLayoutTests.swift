import CardLayout
import CardMath
import CardTestSupport
import Foundation
import Testing

/// The wheel against SPEC §2.5, recomputed here with Foundation's trigonometry.
@Suite struct WheelLayoutTests {
    let viewport = LayoutTestSupport.viewport
    let itemW = 133.0, itemH = 173.0

    func anglePerItem(_ radius: Double) -> Double { atan(itemW / radius) }

    /// The wheel's turn at offset x: angleAtExtreme · x / (contentWidth − W), with the content
    /// `(n − 1)·itemW + W` wide (one card per 133 points, whatever the window).
    func turn(offsetX: Double, count n: Int, radius: Double, viewport: Size) -> Double {
        let scrollable = (Double(n - 1) * itemW + viewport.width) - viewport.width
        guard n > 0, scrollable > 0 else { return 0 }
        return -Double(n - 1) * anglePerItem(radius) * offsetX / scrollable
    }

    /// SPEC §2.5's visible range, written out; nil when start > end.
    func formulaRange(offsetX: Double, count n: Int, radius: Double, viewport: Size) -> ClosedRange<Int>? {
        let angle = turn(offsetX: offsetX, count: n, radius: radius, viewport: viewport)
        let theta = atan2(viewport.width / 2, radius + itemH / 2 - viewport.height / 2)
        let a = anglePerItem(radius)
        let start = angle < -theta ? Int(floor((-theta - angle) / a)) : 0
        let end = min(n - 1, Int(ceil((theta - angle) / a)))
        return start > end ? nil : start...end
    }

    static let scenes: [(Int, Double, Double)] = [
        (30, 0, 500), (30, 1000, 500), (30, 2710, 500), (30, 1777.7, 500), (30, -400, 500), (30, 4000, 500),
        (30, 900, 250), (30, 900, 1200), (60, 3000, 500), (1, 0, 500), (2, 0, 500), (10_000, 654_321, 500),
    ]

    @Test(arguments: scenes)
    func attributesMatchTheFormulas(count: Int, offsetX: Double, radius: Double) {
        let layout = WheelLayout(radius: radius)
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(offsetX, 0))
        let a = anglePerItem(radius)
        #expect(closeEnough(layout.anglePerItem, a))
        let angle = turn(offsetX: offsetX, count: count, radius: radius, viewport: viewport)
        let hub = Vec2(viewport.width / 2, viewport.height / 2 + radius)
        for i in Set(layout.candidateRange(in: context)).union([0, count - 1]).sorted() {
            let card = layout.attributes(at: i, in: context)
            let phi = a * Double(i) + angle
            #expect(card.size == Size(width: itemW, height: itemH))
            #expect(card.zIndex == Int(phi * 1_000_000))
            #expect(closeEnough(card.anchor.y, (itemH / 2 + radius) / itemH))
            // On the rim: the card's center is `radius` from the hub, turned by phi (clockwise).
            let center = LayoutTestSupport.world(card, .zero, offset: context.offset)
            #expect(closeEnough(center.x, hub.x + radius * sin(phi), absolute: 1e-6))
            #expect(closeEnough(center.y, hub.y - radius * cos(phi), absolute: 1e-6))
            // Overlapping neighbours are layered one point apart, in zIndex order.
            #expect(closeEnough(center.z, max(-100, min(100, phi / a)), absolute: 1e-6))
            let m = card.localToWorld(offset: context.offset)
            let r = LayoutTestSupport.rotationZ(phi)
            #expect(closeEnough(m.transformVector(Vec3(1, 0, 0)), r.transformVector(Vec3(1, 0, 0)), absolute: 1e-12))
            #expect(closeEnough(m.transformVector(Vec3(0, 1, 0)), r.transformVector(Vec3(0, 1, 0)), absolute: 1e-12))
        }
    }

    @Test(arguments: [(30, 0.0), (30, 1000), (30, 2710), (30, -400), (30, 4000), (60, 3000), (9, 0), (0, 0), (1, 0), (2, 50)])
    func candidatesAreExactlyTheFormulaRange(count: Int, offsetX: Double) {
        for radius in [500.0, 120, 2000] {
            for size in [viewport, Size(width: 800, height: 1280), Size(width: 300, height: 200)] {
                let layout = WheelLayout(radius: radius)
                let context = LayoutContext(viewport: size, cardCount: count, offset: Vec2(offsetX, 0))
                let expected = formulaRange(offsetX: offsetX, count: count, radius: radius, viewport: size).map(Array.init) ?? []
                let range = layout.candidateRange(in: context)
                #expect(Array(range) == expected)
                // Then culled by transformed bounds: a subset, equal to a brute-force pass over it.
                let visible = layout.visibleAttributes(in: context).map(\.index)
                #expect(Set(visible).isSubset(of: Set(range)))
                #expect(visible == LayoutTestSupport.bruteForceVisible(layout, context, among: range))
            }
        }
    }

    /// With the default radius on a landscape viewport, and fewer cards than go once around
    /// the wheel, the formula misses no visible card. (With more, cards a whole turn away from
    /// the visible ones would overlap them; the seed's range leaves them out, and so does this.)
    @Test(arguments: [0.0, 300, 715, 800, -100])
    func formulaRangeHoldsEveryVisibleCard(offsetX: Double) {
        let layout = WheelLayout()
        let count = 15  // 15 · 14.9° < 360° − θ: no card comes round again
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(offsetX, 0))
        let all = LayoutTestSupport.bruteForceVisible(layout, context, among: 0..<count)
        #expect(layout.visibleAttributes(in: context).map(\.index) == all)
    }

    /// The scroll distance per card is 133 points at every window size and deck size (the
    /// seed's `(n·itemW − W) / (n − 1)` was 93 points for 30 cards at 1280 wide, 50 / 29 at
    /// 1440, and negative for 9 cards: the wheel did not turn). Content `(n − 1)·133 + W`.
    @Test(arguments: [2, 5, 9, 10, 30, 1000])
    func oneCardPer133PointsAtEveryWindowSize(count: Int) {
        let layout = WheelLayout()
        for size in [Size(width: 1280, height: 800), Size(width: 1440, height: 900), Size(width: 2560, height: 1440),
                     Size(width: 480, height: 300), Size(width: 1366.5, height: 768)] {
            #expect(layout.cardStep(viewport: size, cardCount: count) == 133)
            #expect(closeEnough(layout.contentSize(viewport: size, cardCount: count).width, Double(count - 1) * 133 + size.width))
            #expect(closeEnough(layout.maximumOffset(viewport: size, cardCount: count).x, Double(count - 1) * 133, absolute: 1e-9))
            for k in [0, 1, count / 2, count - 1] {
                // k cards of scroll bring card k to the top: turned by 0.
                let context = LayoutContext(viewport: size, cardCount: count, offset: Vec2(Double(k) * 133, 0))
                let card = layout.attributes(at: k, in: context)
                let x = card.transform.transformVector(Vec3(1, 0, 0))
                #expect(abs(atan2(x.y, x.x)) < 1e-12)
                #expect(layout.visibleAttributes(in: context).contains { $0.index == k })
            }
        }
        // One card or none: nothing to scroll, no turn.
        for n in [0, 1] {
            #expect(layout.cardStep(viewport: viewport, cardCount: n) == nil)
            #expect(layout.maximumOffset(viewport: viewport, cardCount: n) == .zero)
            #expect(layout.angle(offsetX: 500, viewport: viewport, cardCount: n) == 0)
        }
    }

    @Test func aSmallDeckTurnsAndStaysFinite() {
        let layout = WheelLayout()
        for offsetX in [-100.0, 0, 100, 532] {
            let context = LayoutContext(viewport: viewport, cardCount: 5, offset: Vec2(offsetX, 0))
            let cards = layout.visibleAttributes(in: context)
            #expect(!cards.isEmpty)
            for card in cards {
                #expect(LayoutTestSupport.isFinite(card, offset: context.offset))
                let x = card.transform.transformVector(Vec3(1, 0, 0))
                #expect(closeEnough(atan2(x.y, x.x), anglePerItem(500) * (Double(card.index) - offsetX / 133), absolute: 1e-12))
            }
        }
    }

    @Test func radiusChangesTheLayout() {
        var layout = WheelLayout()
        let context = LayoutContext(viewport: viewport, cardCount: 30, offset: Vec2(700, 0))
        let before = layout.attributes(at: 5, in: context)
        layout.radius = 800
        let after = layout.attributes(at: 5, in: context)
        #expect(before != after)
        #expect(closeEnough(layout.anglePerItem, atan(133.0 / 800)))
        layout.radius = .nan
        #expect(closeEnough(layout.anglePerItem, atan(133.0 / 500)))  // a bad radius falls back
    }

    // MARK: Snapping

    /// The nearest card to the projected resting place (the velocity's direction is in the
    /// projection; the seed's rounding up in that direction added up to a card on top of it).
    @Test func snapsToTheWholeCardNearestTheProjection() {
        let layout = WheelLayout()
        let count = 30
        let context = LayoutContext(viewport: viewport, cardCount: count)
        let step = itemW  // one card per 133 points
        for proposed in stride(from: -300.0, through: 3200, by: 37.3) {
            for velocity in [-500.0, 0, 500] {
                let release = ScrollRelease(current: Vec2(proposed - velocity * 0.2, 0), proposed: Vec2(proposed, 0), velocity: Vec2(velocity, 0))
                let target = layout.targetOffset(for: release, in: context).x
                let k = target / step
                #expect(abs(k - k.rounded()) < 1e-9)  // a whole card at the top of the wheel
                let expectedK = (proposed / step).rounded()
                #expect(closeEnough(k, min(max(expectedK, 0), Double(count - 1)), absolute: 1e-9))
                // At that offset, card k sits at angle 0.
                let top = Int(k.rounded())
                let card = layout.attributes(at: top, in: LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(target, 0)))
                let x = card.transform.transformVector(Vec3(1, 0, 0))
                #expect(abs(atan2(x.y, x.x)) < 1e-9)
            }
        }
        // Already whole: stays, whatever the direction.
        for velocity in [-500.0, 0, 500] {
            let release = ScrollRelease(current: Vec2(7 * step, 0), proposed: Vec2(7 * step, 0), velocity: Vec2(velocity, 0))
            #expect(closeEnough(layout.targetOffset(for: release, in: context).x, 7 * step, absolute: 1e-9))
        }
        #expect(layout.scrollAxis == .horizontal)
    }
}
