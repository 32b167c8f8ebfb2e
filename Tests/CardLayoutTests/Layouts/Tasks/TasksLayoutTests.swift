import CardLayout
import CardMath
import CardTestSupport
import Testing

/// The task switcher against SPEC §2.2, recomputed here from the seed's formulas.
@Suite struct TasksLayoutTests {
    let layout = TasksLayout()
    let viewport = LayoutTestSupport.viewport
    var s: Double { viewport.height / 5 }

    /// Seed 001: slot i (after two padding slots) has its center at (2 + i + 0.5)·s;
    /// p = (slot center − viewport center) / s.
    func progress(_ i: Int, offsetY: Double) -> Double {
        ((2 + Double(i) + 0.5) * s - (offsetY + viewport.height / 2)) / s
    }

    /// The seed's visible rect, one slot taller at the top: slot [top, top + s) must meet
    /// (offsetY − s, offsetY + H).
    func seedShows(_ i: Int, offsetY: Double) -> Bool {
        let top = (2 + Double(i)) * s
        return top < offsetY + viewport.height && top + s > offsetY - s
    }

    @Test(arguments: [0, 1, 2, 3, 7, 30, 1000])
    func contentHeightCountsThePaddingSlots(count: Int) {
        let size = layout.contentSize(viewport: viewport, cardCount: count)
        #expect(closeEnough(size.height, Double(count + 2) * s))
        #expect(closeEnough(size.width, viewport.width))
    }

    @Test(arguments: [(30, 0.0), (30, 500), (30, 2000), (30, 3840), (30, -700), (30, 9000),
                      (1, 0.0), (2, 37.5), (2, -80), (5000, 123_456.7)])
    func attributesMatchTheFormulas(count: Int, offsetY: Double) {
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(0, offsetY))
        let indices = Set(layout.candidateRange(in: context)).union([0, count - 1, count / 2]).filter { $0 >= 0 }
        let card = Size(width: 0.85 * viewport.width, height: 0.85 * viewport.height)
        for i in indices.sorted() {
            let a = layout.attributes(at: i, in: context)
            let p = progress(i, offsetY: offsetY)
            let scale = 1 + 0.06 * p
            let ty = p > 0 ? abs(p) * 0.12 * viewport.height : p * p * 0.04803 * viewport.height
            #expect(a.size == card)
            #expect(a.zIndex == i)
            #expect(a.alpha == (seedShows(i, offsetY: offsetY) ? 1 : 0))
            // The slot's center (the seed's cell center, s/2 below the card's top edge) is where
            // the transform acts: it moves by ty − s/5.8 and the card scales about it.
            let slotCenterLocal = Vec3(0, -card.height / 2 + s / 2, 0)
            let slotCenterWorldY = (2 + Double(i) + 0.5) * s - offsetY
            let world = LayoutTestSupport.world(a, slotCenterLocal, offset: context.offset)
            #expect(closeEnough(world.x, viewport.width / 2, absolute: 1e-6))
            #expect(closeEnough(world.y, slotCenterWorldY + ty - s / 5.8, absolute: 1e-6))
            #expect(closeEnough(world.z, max(-100, min(100, p)), absolute: 1e-6))  // one point per slot
            let m = a.localToWorld(offset: context.offset)
            #expect(closeEnough(m.transformVector(Vec3(1, 0, 0)), Vec3(scale, 0, 0), absolute: 1e-12))
            #expect(closeEnough(m.transformVector(Vec3(0, 1, 0)), Vec3(0, scale, 0), absolute: 1e-12))
            // The top edge lies on the slot's top before the transform: it shows at the top.
            let top = LayoutTestSupport.world(a, Vec3(0, -card.height / 2, 0), offset: context.offset)
            #expect(closeEnough(top.y, world.y - scale * s / 2, absolute: 1e-6))
        }
    }

    /// The candidates are exactly the seed's shown slots, and the visible cards are what a
    /// brute-force pass over the whole deck sees.
    @Test(arguments: [0.0, 80, 500, 1234.5, 3200, 3840, 4200, -300, -1000])
    func cullingMatchesTheSeedRectAndBruteForce(offsetY: Double) {
        let count = 30
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(0, offsetY))
        let shown = (0..<count).filter { seedShows($0, offsetY: offsetY) }
        #expect(Array(layout.candidateRange(in: context)) == shown)
        let visible = layout.visibleAttributes(in: context).map(\.index)
        #expect(visible == LayoutTestSupport.bruteForceVisible(layout, context, among: 0..<count))
        #expect(layout.candidateRange(in: context).count <= 7)
    }

    @Test func emptyAndTinyDecks() {
        for offsetY in [-500.0, 0, 500] {
            #expect(layout.visibleAttributes(in: LayoutContext(viewport: viewport, cardCount: 0, offset: Vec2(0, offsetY))).isEmpty)
        }
        // One card at offset 0: it sits in the middle (p = 0) and is visible.
        let one = layout.visibleAttributes(in: LayoutContext(viewport: viewport, cardCount: 1))
        #expect(one.map(\.index) == [0])
        #expect(closeEnough(progress(0, offsetY: 0), 0))
    }

    /// The seed's lattice: at a resting offset k·s − s/1.8 every card's progress is a whole
    /// number plus 1/1.8 — one card is aligned where the seed puts it.
    func isAligned(_ offsetY: Double) -> Bool {
        let p = progress(0, offsetY: offsetY) - 1 / 1.8
        return abs(p - p.rounded()) < 1e-9
    }

    @Test func snapsSoThatACardIsAligned() {
        let count = 30
        let context = LayoutContext(viewport: viewport, cardCount: count)
        let maximum = Double(count + 2) * s - viewport.height
        for proposed in stride(from: -400.0, through: maximum + 400, by: 13.7) {
            for velocity in [-900.0, 0, 900] {
                let release = ScrollRelease(current: Vec2(0, proposed), proposed: Vec2(0, proposed), velocity: Vec2(0, velocity))
                let target = layout.targetOffset(for: release, in: context).y
                #expect(target >= 0 && target <= maximum)
                #expect(isAligned(target) || target == 0 || target == maximum)
                // Nearest: no resting offset within the content is closer to the proposal.
                let lastTop = Double(count - 1 + 2) * s
                let lastInView = lastTop < proposed + viewport.height && lastTop + s > proposed
                if lastInView && velocity > 0 {
                    #expect(target == maximum)  // the seed's end case: show the last card whole
                } else {
                    let candidates = (-5...40).map { Double($0) * s - s / 1.8 }.filter { $0 >= 0 && $0 <= maximum } + [0, maximum]
                    let best = candidates.map { abs($0 - proposed) }.min()!
                    #expect(closeEnough(abs(target - proposed), best, absolute: 1e-9))
                }
                // Idempotent: a resting offset stays where it is.
                let again = layout.targetOffset(for: ScrollRelease(current: Vec2(0, target), proposed: Vec2(0, target)), in: context).y
                #expect(closeEnough(again, target, absolute: 1e-9))
            }
        }
    }

    @Test func snappingAnEmptyOrShortDeckStaysAtTheTop() {
        for count in [0, 1, 2, 3] {
            let context = LayoutContext(viewport: viewport, cardCount: count)
            let target = layout.targetOffset(for: ScrollRelease(current: Vec2(0, 50), proposed: Vec2(0, 300), velocity: Vec2(0, 400)), in: context)
            #expect(target == Vec2(0, 0))
        }
    }

    @Test func defaultTransitionsFade() {
        let context = LayoutContext(viewport: viewport, cardCount: 10, offset: Vec2(0, 100))
        let resting = layout.attributes(at: 3, in: context)
        let appearing = layout.appearingAttributes(at: 3, in: context)
        #expect(appearing.alpha == 0)
        #expect(appearing.transform == resting.transform && appearing.center == resting.center)
        let gone = layout.disappearingAttributes(for: resting, in: context)
        #expect(gone.alpha == 0 && gone.center == resting.center && gone.transform == resting.transform)
        #expect(layout.scrollAxis == .vertical)
    }
}
