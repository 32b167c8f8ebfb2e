import CardMath
import CardTestSupport
import Testing

@Suite struct QuaternionTests {
    @Test func axisAngleMatchesMatrixRotation() {
        let q = Quaternion(angle: 0.7, axis: Vec3(1, 0, 0))
        #expect(closeEnough(q.matrix, Mat4.rotationX(0.7), absolute: 1e-12))
        let r = Quaternion(angle: -1.2, axis: Vec3(0, 0, 1))
        #expect(closeEnough(r.matrix, Mat4.rotationZ(-1.2), absolute: 1e-12))
    }

    @Test func matrixRoundTripsForManyRotations() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let axis = Vec3(.random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng))
            let q = Quaternion(angle: .random(in: -3.1...3.1, using: &rng), axis: axis)
            let back = Quaternion(rotationMatrix: q.matrix)
            #expect(closeEnough(back.matrix, q.matrix, absolute: 1e-9))
        }
    }

    @Test func slerpHalfwayIsHalfTheAngle() {
        let a = Quaternion.identity
        let b = Quaternion(angle: radians(-90), axis: Vec3(1, 0, 0))
        let mid = Quaternion.slerp(a, b, 0.5)
        #expect(closeEnough(mid.matrix, Mat4.rotationX(radians(-45)), absolute: 1e-12))
        #expect(closeEnough(Quaternion.slerp(a, b, 0).matrix, a.matrix, absolute: 1e-12))
        #expect(closeEnough(Quaternion.slerp(a, b, 1).matrix, b.matrix, absolute: 1e-12))
    }

    @Test func slerpTakesTheShorterArc() {
        let a = Quaternion(angle: radians(170), axis: Vec3(0, 0, 1))
        let b = Quaternion(angle: radians(-170), axis: Vec3(0, 0, 1))
        // The short way from 170° to −170° passes 180°, not 0°.
        let mid = Quaternion.slerp(a, b, 0.5)
        #expect(closeEnough(mid.angle, .pi, absolute: 1e-9))
    }
}
