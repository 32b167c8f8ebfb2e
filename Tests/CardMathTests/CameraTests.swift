import CardMath
import CardTestSupport
import Testing

@Suite struct CameraTests {
    let camera = Camera(viewport: Size(width: 1280, height: 800))

    @Test func planeZeroMapsOneToOne() {
        for p in [Vec3(0, 0, 0), Vec3(1280, 800, 0), Vec3(100, 700, 0)] {
            let s = try! #require(camera.project(p))
            #expect(closeEnough(s.point, Vec2(p.x, p.y), absolute: 1e-9))
            #expect(closeEnough(s.depth, 1500))
        }
    }

    @Test func pointsBehindShrinkTowardTheVanishingPoint() {
        // z = −1500 is twice as far from the eye: offsets from the center halve.
        let s = try! #require(camera.project(Vec3(1280, 800, -1500)))
        #expect(closeEnough(s.point, Vec2(960, 600), absolute: 1e-9))
    }

    @Test func viewProjectionAgreesWithProject() {
        let vp = camera.viewProjection
        for p in [Vec3(10, 20, 0), Vec3(1000, 50, -300), Vec3(640, 400, 200), Vec3(-50, 900, -2000)] {
            let clip = vp * Vec4(p.x, p.y, p.z, 1)
            let ndc = Vec3(clip.x, clip.y, clip.z) / clip.w
            let s = try! #require(camera.project(p))
            let screen = Vec2((ndc.x + 1) / 2 * 1280, (1 - ndc.y) / 2 * 800)
            #expect(closeEnough(screen, s.point, absolute: 1e-6))
            #expect(closeEnough(clip.w, 1500 - p.z, absolute: 1e-9))
        }
    }

    @Test func depthRangeSpansNearToFar() {
        let vp = camera.viewProjection
        let nearClip = vp * Vec4(640, 400, 1500 - camera.near, 1)
        let farClip = vp * Vec4(640, 400, 1500 - camera.far, 1)
        #expect(closeEnough(nearClip.z / nearClip.w, -1, absolute: 1e-9))
        #expect(closeEnough(farClip.z / farClip.w, 1, absolute: 1e-9))
    }

    @Test func rayThroughAPixelHitsTheProjectedPoint() {
        let p = Vec3(300, 200, -450)
        let s = try! #require(camera.project(p))
        let ray = camera.ray(through: s.point)
        let t = try! #require(ray.intersect(Plane(point: p, normal: Vec3(0, 0, 1))))
        #expect(closeEnough(ray.at(t), p, absolute: 1e-9))
    }

    @Test func quadIntersectionSolvesForLocalCoordinates() {
        let m = Mat4.translation(Vec3(640, 400, -300)) * .rotationX(radians(-60))
        let local = Vec2(100, -150)
        let world = m.transformPoint(Vec3(local.x, local.y, 0))
        let s = try! #require(camera.project(world))
        let hit = try! #require(camera.ray(through: s.point).intersectQuad(matrix: m, halfSize: Vec2(640, 400)))
        #expect(closeEnough(hit.local, local, absolute: 1e-6))
        // Outside the quad: a miss.
        #expect(camera.ray(through: s.point).intersectQuad(matrix: m, halfSize: Vec2(50, 50)) == nil)
    }

    @Test func edgeOnQuadIsNeverHit() {
        // Rotated 90° about Y: the quad's plane contains the view direction at the center.
        let m = Mat4.translation(Vec3(640, 400, 0)) * .rotationY(.pi / 2)
        #expect(camera.ray(through: Vec2(640, 400)).intersectQuad(matrix: m, halfSize: Vec2(100, 100)) == nil)
    }
}
