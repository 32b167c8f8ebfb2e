import CardMath
import CardTestSupport
import Testing

@Suite struct Mat4Tests {
    @Test func productAppliesRightOperandFirst() {
        let m = Mat4.translation(Vec3(10, 0, 0)) * .scale(Vec3(2, 2, 2))
        #expect(closeEnough(m.transformPoint(Vec3(1, 1, 1)), Vec3(12, 2, 2)))
    }

    @Test func negativeRotationAboutXBringsTopEdgeTowardViewer() {
        // The card's top edge is at −y; −60° must move it to +z (toward the viewer).
        let top = Mat4.rotationX(radians(-60)).transformPoint(Vec3(0, -100, 0))
        #expect(top.z > 0)
        #expect(closeEnough(top.z, 100 * 0.8660254037844386, absolute: 1e-9))
        #expect(closeEnough(top.y, -50, absolute: 1e-9))
    }

    @Test func rotationZTurnsXTowardY() {
        let p = Mat4.rotationZ(.pi / 2).transformPoint(Vec3(1, 0, 0))
        #expect(closeEnough(p, Vec3(0, 1, 0), absolute: 1e-12))
    }

    @Test func inverseOfRandomAffineMatricesIsInverse() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let m = Mat4.translation(Vec3(.random(in: -500...500, using: &rng), .random(in: -500...500, using: &rng), 3))
                * .rotationX(.random(in: -3...3, using: &rng)) * .rotationZ(.random(in: -3...3, using: &rng))
                * .scale(Vec3(.random(in: 0.1...3, using: &rng), .random(in: 0.1...3, using: &rng), 1))
            let inv = try! #require(m.inverted())
            #expect(closeEnough(m * inv, .identity, absolute: 1e-9))
        }
    }

    @Test func singularMatrixHasNoInverse() {
        #expect(Mat4.scale(Vec3(1, 0, 1)).inverted() == nil)
    }

    @Test func columnMajorMatchesOpenGLLayout() {
        let m = Mat4.translation(Vec3(7, 8, 9))
        #expect(Array(m.columnMajor[12...14]) == [7, 8, 9])
        #expect(m.row(0) == Vec4(1, 0, 0, 7))
    }
}
