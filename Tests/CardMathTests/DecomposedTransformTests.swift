import CardMath
import CardTestSupport
import Testing

@Suite struct DecomposedTransformTests {
    @Test func affineMatricesRoundTrip() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let shear = Mat4(rows: Vec4(1, .random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng), 0),
                             Vec4(0, 1, .random(in: -1...1, using: &rng), 0), Vec4(0, 0, 1, 0), Vec4(0, 0, 0, 1))
            let m = Mat4.translation(Vec3(.random(in: -900...900, using: &rng), .random(in: -900...900, using: &rng), -300))
                * .rotationY(.random(in: -3...3, using: &rng)) * .rotationX(.random(in: -3...3, using: &rng))
                * shear * .scale(Vec3(.random(in: -2...2, using: &rng), .random(in: 0.1...2, using: &rng), .random(in: 0.1...2, using: &rng)))
            let d = DecomposedTransform(m)
            #expect(closeEnough(d.matrix, m, absolute: 1e-8))
        }
    }

    @Test func interpolatingARotationKeepsTheCardRigid() {
        // A matrix lerp between 0° and 180° about X collapses the card at t = 0.5; slerp must not.
        let a = DecomposedTransform(Mat4.identity)
        let b = DecomposedTransform(Mat4.rotationX(radians(-90)) * .scale(Vec3(2, 2, 2)))
        let mid = DecomposedTransform.interpolate(a, b, 0.5).matrix
        let v = mid.transformVector(Vec3(0, 1, 0))
        #expect(closeEnough(v.length, 1.5, absolute: 1e-9))
        #expect(closeEnough(mid.transformVector(Vec3(1, 0, 0)).length, 1.5, absolute: 1e-9))
        #expect(closeEnough(v.normalized, Vec3(0, 0.7071067811865476, -0.7071067811865476), absolute: 1e-9))
    }

    @Test func zeroScaleDoesNotProduceNaN() {
        let d = DecomposedTransform(Mat4.scale(Vec3(0, 0, 1)))
        #expect(d.matrix.isFinite)
        #expect(closeEnough(d.matrix, Mat4.scale(Vec3(0, 0, 1)), absolute: 1e-12))
    }
}
