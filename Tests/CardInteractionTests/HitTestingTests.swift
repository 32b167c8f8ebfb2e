import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
import RealModule
import Testing

/// Exact hit-testing where frame- or zIndex-based picking gets it wrong.
@Suite struct HitTestingTests {
    let viewport = Size(width: 1280, height: 800)
    var camera: Camera { Camera(viewport: viewport) }

    /// Two 400×300 cards through the viewport center, turned ±40° about Y: an X seen from above.
    /// A (zIndex 1) recedes on the right, B (zIndex 0) comes forward on the right.
    var crossing: [CardAttributes] {
        [CardAttributes(index: 0, id: CardID(1), center: Vec3(640, 400, 0), size: Size(width: 400, height: 300),
                        transform: .rotationY(radians(40)), zIndex: 1),
         CardAttributes(index: 1, id: CardID(2), center: Vec3(640, 400, 0), size: Size(width: 400, height: 300),
                        transform: .rotationY(radians(-40)), zIndex: 0)]
    }

    /// The card a Core Animation-style pick finds: the highest zIndex whose untransformed frame
    /// contains the point.
    func framePick(_ p: Vec2, _ cards: [CardAttributes], offset: Vec2) -> CardID? {
        cards.filter { c in
            let x = c.center.x - offset.x, y = c.center.y - offset.y
            return abs(p.x - x) <= c.size.width / 2 && abs(p.y - y) <= c.size.height / 2
        }.max { $0.zIndex < $1.zIndex }?.id
    }

    /// Depth of the ray through `p` on a card turned by `angle` about Y through (640, 400, 0),
    /// if it hits within the 400×300 card: plane normal (sin θ, 0, cos θ).
    func crossingDepth(_ p: Vec2, angle: Double) -> Double? {
        let s = Double.sin(angle), c = Double.cos(angle)
        let d = Vec3(p.x - 640, p.y - 400, -1500)
        let t = (s * 0 + c * (0 - 1500)) / (s * d.x + c * d.z)
        let hit = Vec3(640, 400, 1500) + d * t - Vec3(640, 400, 0)
        let u = hit.x * c - hit.z * s
        guard abs(u) <= 200, abs(hit.y) <= 150 else { return nil }
        return 1500 * t
    }

    @Test(arguments: [Vec2(700, 400), Vec2(642, 350), Vec2(800, 460), Vec2(580, 400), Vec2(638, 420), Vec2(500, 340)])
    func crossingCardsArePickedOnEachSideOfTheirIntersection(pointer: Vec2) throws {
        let hit = try #require(HitTesting.hitTest(pointer, in: crossing, offset: .zero, camera: camera))
        // Where A recedes far enough it no longer covers the point (its projection is narrower).
        let depthA = crossingDepth(pointer, angle: radians(40)) ?? .infinity
        let depthB = crossingDepth(pointer, angle: radians(-40)) ?? .infinity
        let expected = depthA < depthB ? CardID(1) : CardID(2)
        #expect(hit.id == expected)
        #expect(closeEnough(hit.depth, min(depthA, depthB), absolute: 1e-6))
        // Right of the crossing line B is in front, left of it A: zIndex would say A everywhere.
        #expect(hit.id == (pointer.x > 640 ? CardID(2) : CardID(1)))
        #expect(framePick(pointer, crossing, offset: .zero) == CardID(1))
    }

    /// Pages at rest (SPEC §2.1), solved independently for each card: the card plane is
    /// `(640 + u, yc + cos a·v, −300 + sin a·v)`, the ray `E + t·D`.
    func pagesExpectation(_ p: Vec2, count: Int, offsetY: Double) -> (id: CardID, depth: Double)? {
        var best: (id: CardID, depth: Double)?
        let dx = p.x - 640, dy = p.y - 400
        for i in 0..<count {
            let frameY = 20 + 160 * Double(i)
            let a = radians(-60 + 20 * max((frameY - offsetY) / 800, 0))
            let c = Double.cos(a), s = Double.sin(a)
            let yc = frameY + 400 - offsetY
            // From z: v = (1800 − 1500 t) / s; put into y: 400 + t·dy = yc + c·v.
            let t = (yc - 400 + 1800 * c / s) / (dy + 1500 * c / s)
            let v = (1800 - 1500 * t) / s, u = t * dx
            guard t > 0, abs(u) <= 640, abs(v) <= 400 else { continue }
            if best == nil || 1500 * t < best!.depth { best = (CardID(UInt32(i)), 1500 * t) }
        }
        return best
    }

    @Test(arguments: [0.0, 333.0, 1200.0])
    func aTiltedPagesStackIsHitExactlyEverywhere(offsetY: Double) {
        let context = LayoutContext(viewport: viewport, cardCount: 12, offset: Vec2(0, offsetY))
        let cards = PagesLayout().visibleAttributes(in: context)
        for x in stride(from: 20.0, through: 1260, by: 310) {
            for y in stride(from: 0.0, through: 800, by: 20) {
                let p = Vec2(x, y)
                let hit = HitTesting.hitTest(p, in: cards, offset: context.offset, camera: camera)
                let expected = pagesExpectation(p, count: 12, offsetY: offsetY)
                #expect(hit?.id == expected?.id, "at \(p)")
                if let hit, let expected { #expect(closeEnough(hit.depth, expected.depth, absolute: 1e-6)) }
            }
        }
    }

    @Test func theVisibleCardIsNotTheOneWhoseFrameIsUnderThePointer() throws {
        let context = LayoutContext(viewport: viewport, cardCount: 10)
        let cards = PagesLayout().visibleAttributes(in: context)
        let p = Vec2(640, 600)
        let hit = try #require(HitTesting.hitTest(p, in: cards, offset: .zero, camera: camera))
        // By frame, card 3 (frame 500…1300) is on top at y = 600; tilted back, it starts lower.
        #expect(framePick(p, cards, offset: .zero) == CardID(3))
        #expect(hit.id == CardID(2))
        #expect(hit.index == 2)
        // The local hit point is where the pointer's ray meets that card.
        let card = try #require(cards.first { $0.id == hit.id })
        let world = card.localToWorld(offset: .zero).transformPoint(Vec3(hit.local.x, hit.local.y, 0))
        #expect(closeEnough(world, hit.world, absolute: 1e-6))
        let seen = try #require(camera.project(world))
        #expect(closeEnough(seen.point, p, absolute: 1e-6))
    }

    @Test func transparentAndHiddenCardsAreNotHit() {
        let back = CardAttributes(index: 0, id: CardID(1), center: Vec3(640, 400, -100), size: Size(width: 300, height: 300))
        var front = CardAttributes(index: 1, id: CardID(2), center: Vec3(640, 400, 100), size: Size(width: 300, height: 300))
        let p = Vec2(650, 410)
        front.alpha = 0
        #expect(HitTesting.hitTest(p, in: [back, front], offset: .zero, camera: camera)?.id == CardID(1))
        front.alpha = 0.4
        #expect(HitTesting.hitTest(p, in: [back, front], offset: .zero, camera: camera)?.id == CardID(2))
        front.isHidden = true
        #expect(HitTesting.hitTest(p, in: [back, front], offset: .zero, camera: camera)?.id == CardID(1))
        #expect(HitTesting.allHits(p, in: [back, front], offset: .zero, camera: camera).map(\.id) == [CardID(1)])
    }

    @Test func scrollOffsetNearPlaneAndMissesAreRespected() {
        let card = CardAttributes(index: 0, id: CardID(9), center: Vec3(640, 1400, 0), size: Size(width: 200, height: 200))
        #expect(HitTesting.hitTest(Vec2(640, 400), in: [card], offset: .zero, camera: camera) == nil)
        let hit = HitTesting.hitTest(Vec2(690, 420), in: [card], offset: Vec2(0, 1000), camera: camera)
        #expect(hit?.id == CardID(9) && closeEnough(hit!.local, Vec2(50, 20), absolute: 1e-9))
        // Closer to the eye than the near plane (10 points): not drawn, not hit.
        let tooClose = CardAttributes(index: 1, id: CardID(10), center: Vec3(640, 400, 1495), size: Size(width: 50, height: 50))
        #expect(HitTesting.hitTest(Vec2(640, 400), in: [tooClose], offset: .zero, camera: camera) == nil)
        #expect(HitTesting.hitTest(Vec2(.nan, 400), in: [card], offset: Vec2(0, 1000), camera: camera) == nil)
    }

    @Test func coplanarCardsGoToTheHigherZIndex() {
        let a = CardAttributes(index: 0, id: CardID(1), center: Vec3(640, 400, 0), size: Size(width: 300, height: 300), zIndex: 5)
        let b = CardAttributes(index: 1, id: CardID(2), center: Vec3(640, 400, 0), size: Size(width: 300, height: 300), zIndex: 2)
        #expect(HitTesting.hitTest(Vec2(600, 380), in: [a, b], offset: .zero, camera: camera)?.id == CardID(1))
        #expect(HitTesting.hitTest(Vec2(600, 380), in: [b, a], offset: .zero, camera: camera)?.id == CardID(1))
    }
}
