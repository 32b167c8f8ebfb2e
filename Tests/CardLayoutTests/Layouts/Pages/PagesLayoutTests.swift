import CardLayout
import CardMath
import CardTestSupport
import Testing

/// The pages layout at rest against SPEC §2.1, computed here from the formulas, not the code.
@Suite struct PagesLayoutTests {
    let layout = PagesLayout()
    let viewport = Size(width: 1280, height: 800)

    /// SPEC §2.1: d = max((y − offsetY) / H, 0), angle = −60° + 20°·d, y = 20 + 160·i.
    func expectedTransform(index: Int, offsetY: Double, height: Double) -> Mat4 {
        let y = 20 + 160 * Double(index)
        let d = max((y - offsetY) / height, 0)
        let angle = (-60 + 20 * d) * .pi / 180
        let c = angle.cosineForTest, s = angle.sineForTest
        return Mat4(rows: Vec4(1, 0, 0, 0), Vec4(0, c, -s, 0), Vec4(0, s, c, -300), Vec4(0, 0, 0, 1))
    }

    @Test(arguments: [0, 1, 2, 7, 30, 1000])
    func contentHeightIsExact(count: Int) {
        let size = layout.contentSize(viewport: viewport, cardCount: count)
        let expected = count == 0 ? 20 : Double(count - 1) * 160 + 800 + 20
        #expect(closeEnough(size.height, expected))
        #expect(closeEnough(size.width, 1280))
    }

    @Test(arguments: [(30, 0.0), (30, 333.5), (30, 4660.0), (1, 0.0), (1, 50.0), (5, -120.0), (10_000, 812_345.0)])
    func visibleCardsMatchTheFormulas(count: Int, offsetY: Double) {
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(0, offsetY))
        let cards = layout.visibleAttributes(in: context)
        #expect(!cards.isEmpty)
        for card in cards {
            let i = card.index
            #expect(card.zIndex == i)
            #expect(card.size == viewport)
            #expect(card.anchor == Vec2(0.5, 0.5))
            #expect(card.alpha == 1 && !card.isHidden)
            #expect(closeEnough(card.center, Vec3(640, 20 + 160 * Double(i) + 400, 0)))
            #expect(closeEnough(card.transform, expectedTransform(index: i, offsetY: offsetY, height: 800), absolute: 1e-12))
        }
        #expect(cards.map(\.index) == cards.map(\.index).sorted())
    }

    @Test func topEdgeLeansTowardTheViewer() {
        let card = layout.attributes(at: 3, in: LayoutContext(viewport: viewport, cardCount: 10))
        let m = card.localToWorld(offset: .zero)
        let top = m.transformPoint(Vec3(0, -400, 0)), bottom = m.transformPoint(Vec3(0, 400, 0))
        #expect(top.z > bottom.z)
        // Farther down the screen the tilt is less steep: −60° + 20°·d grows with d.
        let lower = layout.attributes(at: 5, in: LayoutContext(viewport: viewport, cardCount: 10))
        let upright3 = card.transform.transformVector(Vec3(0, 1, 0)).y
        let upright5 = lower.transform.transformVector(Vec3(0, 1, 0)).y
        #expect(upright5 > upright3)
    }

    @Test func noCardsForAnEmptyDeck() {
        for offset in [-1000.0, 0, 1e6] {
            let context = LayoutContext(viewport: viewport, cardCount: 0, offset: Vec2(0, offset))
            #expect(layout.visibleAttributes(in: context).isEmpty)
            #expect(layout.candidateRange(in: context).isEmpty)
        }
    }

    /// Culling by transformed bounds returns exactly the cards a brute-force pass over the whole
    /// deck finds visible, and the candidate range is small.
    @Test(arguments: [0.0, 160, 1000, 2345.5, 4460, 4700, -400])
    func cullingMatchesBruteForce(offsetY: Double) {
        let count = 30
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(0, offsetY))
        let camera = Camera(viewport: viewport)
        let everything = (0..<count).map { layout.attributes(at: $0, in: context) }
        let bruteForce = everything.filter { card in
            projectedSamples(card, offset: context.offset, camera: camera).contains { p in
                p.x >= 0 && p.x <= 1280 && p.y >= 0 && p.y <= 800
            }
        }.map(\.index)
        let culled = layout.visibleAttributes(in: context).map(\.index)
        #expect(culled == bruteForce)
        #expect(layout.candidateRange(in: context).count <= 20)
    }

    @Test func candidateRangeIsIndependentOfTheDeckSize() {
        let small = LayoutContext(viewport: viewport, cardCount: 1_000, offset: Vec2(0, 16_000))
        let huge = LayoutContext(viewport: viewport, cardCount: 10_000_000, offset: Vec2(0, 16_000))
        #expect(layout.candidateRange(in: small) == layout.candidateRange(in: huge))
    }

    /// Points sampled densely over the card (and its edges), projected by the camera.
    func projectedSamples(_ card: CardAttributes, offset: Vec2, camera: Camera) -> [Vec2] {
        let m = card.localToWorld(offset: offset)
        var out: [Vec2] = []
        let steps = 64
        for a in 0...steps {
            for b in 0...steps {
                let u = (Double(a) / Double(steps) - 0.5) * card.size.width
                let v = (Double(b) / Double(steps) - 0.5) * card.size.height
                if let s = camera.project(m.transformPoint(Vec3(u, v, 0))) { out.append(s.point) }
            }
        }
        return out
    }
}

extension Double {
    /// Foundation-free cosine/sine for the tests' independent formulas (Taylor series on a
    /// reduced argument; good to 1e-15 for |x| ≤ 2π).
    var cosineForTest: Double { (self + .pi / 2).sineForTest }
    var sineForTest: Double {
        var x = self.truncatingRemainder(dividingBy: 2 * .pi)
        if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
        var term = x, sum = x
        for n in 1..<30 {
            term *= -x * x / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }
}
