import RealModule

/// A rotation as a unit quaternion `(x, y, z, w)`, `w` the scalar part.
///
/// Rotations interpolate as quaternions (spherical, shortest path), never as raw matrices:
/// a matrix lerp shrinks and shears a card halfway through a turn.
public struct Quaternion: Hashable, Sendable {
    public var vector: Vec4

    @inlinable public init(x: Double, y: Double, z: Double, w: Double) { vector = Vec4(x, y, z, w) }
    @inlinable public init(vector: Vec4) { self.vector = vector }

    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// A rotation by `angle` radians about `axis` (right-handed; the axis need not be unit length).
    public init(angle: Double, axis: Vec3) {
        let n = axis.normalized
        let (s, c) = sinCos(angle / 2)
        self.init(x: n.x * s, y: n.y * s, z: n.z * s, w: c)
    }

    /// The rotation of a proper orthonormal 3×3 (given as the linear part of `m`), by Shepperd's method.
    public init(rotationMatrix m: Mat4) {
        let m00 = m.c0.x, m11 = m.c1.y, m22 = m.c2.z
        let m01 = m.c1.x, m02 = m.c2.x, m10 = m.c0.y, m12 = m.c2.y, m20 = m.c0.z, m21 = m.c1.z
        let trace = m00 + m11 + m22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s, w: s / 4)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            self.init(x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s, w: (m21 - m12) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            self.init(x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s, w: (m02 - m20) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            self.init(x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4, w: (m10 - m01) / s)
        }
        self = normalized
    }

    @inlinable public var x: Double { vector.x }
    @inlinable public var y: Double { vector.y }
    @inlinable public var z: Double { vector.z }
    @inlinable public var w: Double { vector.w }

    /// The same rotation with length 1.
    public var normalized: Quaternion {
        let l = ((vector * vector).sum()).squareRoot()
        return l > 0 ? Quaternion(vector: vector / l) : .identity
    }

    /// The Hamilton product: `a * b` rotates by `b` first, then `a`.
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
    }

    /// The rotation as a 4×4 matrix (no translation).
    public var matrix: Mat4 {
        let x2 = x + x, y2 = y + y, z2 = z + z
        let xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2
        let wx = w * x2, wy = w * y2, wz = w * z2
        return Mat4(rows: Vec4(1 - (yy + zz), xy - wz, xz + wy, 0),
                    Vec4(xy + wz, 1 - (xx + zz), yz - wx, 0),
                    Vec4(xz - wy, yz + wx, 1 - (xx + yy), 0),
                    Vec4(0, 0, 0, 1))
    }

    /// The rotation angle in radians, 0…π.
    public var angle: Double { 2 * Double.atan2(y: Vec3(x, y, z).length, x: abs(w)) }

    /// Spherical interpolation along the shorter arc: `a` at t = 0, `b` at t = 1.
    public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Double) -> Quaternion {
        var bv = b.vector
        var cosTheta = (a.vector * bv).sum()
        if cosTheta < 0 { bv = -bv; cosTheta = -cosTheta }
        if cosTheta > 0.9995 {
            return Quaternion(vector: a.vector + (bv - a.vector) * t).normalized
        }
        let theta = Double.acos(cosTheta)
        let s = Double.sin(theta)
        let wa = Double.sin((1 - t) * theta) / s, wb = Double.sin(t * theta) / s
        return Quaternion(vector: a.vector * wa + bv * wb).normalized
    }
}
