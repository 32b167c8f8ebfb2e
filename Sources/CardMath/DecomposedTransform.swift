/// An affine 3D transform split into parts that interpolate well:
/// `M = T(translation) · R(rotation) · Shear · S(scale)`.
///
/// Shear is upper-triangular (xy, xz, yz), as CSS's "unmatrix" decomposition, so every affine
/// matrix round-trips. Animations lerp translation, scale and shear and slerp the rotation.
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: Vec3
    public var rotation: Quaternion
    public var scale: Vec3
    /// Shear factors: x += xy·y + xz·z, y += yz·z, applied after scaling.
    public var shear: Vec3

    public init(translation: Vec3 = .zero, rotation: Quaternion = .identity,
                scale: Vec3 = Vec3(1, 1, 1), shear: Vec3 = .zero) {
        self.translation = translation
        self.rotation = rotation
        self.scale = scale
        self.shear = shear
    }

    public static let identity = DecomposedTransform()

    /// Decomposes the affine part of `m` (the bottom row is ignored). A singular linear part
    /// (a zero scale) keeps what it can: a zero axis gets scale 0 and no rotation about it.
    public init(_ m: Mat4) {
        translation = Vec3(m.c3.x, m.c3.y, m.c3.z)
        var a0 = Vec3(m.c0.x, m.c0.y, m.c0.z)
        var a1 = Vec3(m.c1.x, m.c1.y, m.c1.z)
        var a2 = Vec3(m.c2.x, m.c2.y, m.c2.z)
        var sx = a0.length
        a0 = sx > 0 ? a0 / sx : DecomposedTransform.basisAxis(orthogonalTo: [], preferring: 0)
        var xy = a0.dot(a1)
        a1 -= a0 * xy
        var sy = a1.length
        a1 = sy > 0 ? a1 / sy : DecomposedTransform.basisAxis(orthogonalTo: [a0], preferring: 1)
        var xz = a0.dot(a2)
        a2 -= a0 * xz
        var yz = a1.dot(a2)
        a2 -= a1 * yz
        var sz = a2.length
        a2 = sz > 0 ? a2 / sz : a0.cross(a1)
        if a0.dot(a1.cross(a2)) < 0 {
            // A reflection: fold it into a negative scale so R stays a proper rotation.
            sx = -sx; a0 = -a0
            xy = -xy; xz = -xz
        }
        xy = sy != 0 ? xy / sy : 0
        xz = sz != 0 ? xz / sz : 0
        yz = sz != 0 ? yz / sz : 0
        scale = Vec3(sx, sy, sz)
        shear = Vec3(xy, xz, yz)
        let r = Mat4(Vec4(a0.x, a0.y, a0.z, 0), Vec4(a1.x, a1.y, a1.z, 0), Vec4(a2.x, a2.y, a2.z, 0), Vec4(0, 0, 0, 1))
        rotation = Quaternion(rotationMatrix: r)
    }

    /// The affine matrix these parts compose to.
    public var matrix: Mat4 {
        let upper = Mat4(rows: Vec4(scale.x, shear.x * scale.y, shear.y * scale.z, 0),
                         Vec4(0, scale.y, shear.z * scale.z, 0),
                         Vec4(0, 0, scale.z, 0),
                         Vec4(0, 0, 0, 1))
        var m = rotation.matrix * upper
        m.c3 = Vec4(translation.x, translation.y, translation.z, 1)
        return m
    }

    /// Interpolates each part: lerp for translation, scale and shear, slerp for rotation.
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        DecomposedTransform(translation: lerp(a.translation, b.translation, t),
                            rotation: Quaternion.slerp(a.rotation, b.rotation, t),
                            scale: lerp(a.scale, b.scale, t),
                            shear: lerp(a.shear, b.shear, t))
    }

    /// For a collapsed (zero-length) column: the standard axis `preferring` (0 = x, 1 = y, 2 = z),
    /// or the next one, made orthogonal to `axes`. A zero scale erases that axis anyway; this
    /// keeps the rotation as close to identity as possible, so a card grows from zero unrotated.
    private static func basisAxis(orthogonalTo axes: [Vec3], preferring k: Int) -> Vec3 {
        for i in 0..<3 {
            var e = Vec3.zero
            e[(k + i) % 3] = 1
            for a in axes { e -= a * a.dot(e) }
            if e.length > 1e-6 { return e.normalized }
        }
        return Vec3(0, 0, 1)
    }
}
