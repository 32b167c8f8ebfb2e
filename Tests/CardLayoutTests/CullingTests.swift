import CardLayout
import CardMath
import CardTestSupport
import Testing

@Suite struct CullingTests {
    let camera = Camera(viewport: Size(width: 800, height: 600))

    @Test func screenBoundsEnclosesProjectedSamples() {
        let card = CardAttributes(index: 0, center: Vec3(400, 300, -200), size: Size(width: 300, height: 200),
                                  transform: .rotationX(radians(-70)) * .rotationZ(0.3))
        let bounds = try! #require(Culling.screenBounds(of: card, offset: .zero, camera: camera))
        let m = card.localToWorld(offset: .zero)
        var lo = Vec2(1e9, 1e9), hi = Vec2(-1e9, -1e9)
        for u in stride(from: -150.0, through: 150, by: 10) {
            for v in stride(from: -100.0, through: 100, by: 10) {
                let p = try! #require(camera.project(m.transformPoint(Vec3(u, v, 0)))).point
                #expect(bounds.minX <= p.x + 1e-9 && p.x <= bounds.maxX + 1e-9)
                #expect(bounds.minY <= p.y + 1e-9 && p.y <= bounds.maxY + 1e-9)
                lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            }
        }
        // Tight: the corners are among the samples.
        #expect(closeEnough(lo, bounds.origin, absolute: 1e-6))
        #expect(closeEnough(hi, bounds.origin + bounds.size.vector, absolute: 1e-6))
    }

    /// A card whose untransformed frame lies off screen but whose transform (about an anchor far
    /// below it, as the wheel does) swings it into view: frame culling would drop it.
    @Test func transformedBoundsNotFrame() {
        let card = CardAttributes(index: 0, center: Vec3(400 + 900, 300, 0), size: Size(width: 133, height: 173),
                                  anchor: Vec2(0.5, (173.0 / 2 + 900) / 173), transform: .rotationZ(0))
        #expect(!Culling.isVisible(card, offset: .zero, camera: camera))
        var swung = card
        swung.center = Vec3(400, 300, 0)
        swung.transform = .rotationZ(radians(60))
        // Frame centered on screen but rotated 60° about a hub 986 points below: off screen to the right.
        #expect(!Culling.isVisible(swung, offset: .zero, camera: camera))
        var back = swung
        back.center = Vec3(400 - 900, 300, 0)   // frame entirely off screen to the left…
        back.transform = .translation(Vec3(900, 0, 0))  // …translated back into view.
        #expect(Culling.isVisible(back, offset: .zero, camera: camera))
    }

    /// A card turned 45° just beyond the viewport's top-right corner: its bounding box reaches
    /// into the viewport, the card does not. Its edge facing the corner is the line
    /// x − y = 800 + 2c − 100√2 for a center at (800 + c, −c): it overlaps only for c < 70.7.
    @Test func outlineNotBoundingBox() {
        // A diamond of half-diagonal 100·√2 ≈ 141, c = 105 points out along the diagonal.
        var card = CardAttributes(index: 0, center: Vec3(800 + 105, -105, 0), size: Size(width: 200, height: 200),
                                  transform: .rotationZ(radians(45)))
        let bounds = try! #require(Culling.screenBounds(of: card, offset: .zero, camera: camera))
        #expect(bounds.intersects(Rect(x: 0, y: 0, width: 800, height: 600)))
        #expect(!Culling.isVisible(card, offset: .zero, camera: camera))
        card.center = Vec3(800 + 60, -60, 0)
        #expect(Culling.isVisible(card, offset: .zero, camera: camera))
    }

    @Test func cardsBehindTheEyeAreClipped() {
        let behind = CardAttributes(index: 0, center: Vec3(400, 300, 2000), size: Size(width: 100, height: 100))
        #expect(Culling.screenBounds(of: behind, offset: .zero, camera: camera) == nil)
        #expect(!Culling.isVisible(behind, offset: .zero, camera: camera))
    }

    @Test func hiddenOrTransparentCardsAreNotVisible() {
        var card = CardAttributes(index: 0, center: Vec3(400, 300, 0), size: Size(width: 100, height: 100))
        #expect(Culling.isVisible(card, offset: .zero, camera: camera))
        card.alpha = 0
        #expect(!Culling.isVisible(card, offset: .zero, camera: camera))
        card.alpha = 1; card.isHidden = true
        #expect(!Culling.isVisible(card, offset: .zero, camera: camera))
    }

    @Test func indexRangeConversionIsSafe() {
        #expect(clampedIndexRange(from: -.infinity, through: .infinity, count: 5) == 0..<5)
        #expect(clampedIndexRange(from: .nan, through: 3, count: 5).isEmpty)
        #expect(clampedIndexRange(from: 1e300, through: 1e301, count: 5).isEmpty)
        #expect(clampedIndexRange(from: 1.2, through: 3.9, count: 5) == 2..<4)
        #expect(clampedIndexRange(from: 0, through: 0, count: 0).isEmpty)
    }
}
