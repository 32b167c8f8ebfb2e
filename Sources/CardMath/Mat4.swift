/// A 4×4 matrix of Doubles, column-major, acting on column vectors: `p' = M · p`.
///
/// `a * b` applies `b` first, then `a`. Element `m[c][r]` is column `c`, row `r`,
/// matching OpenGL's memory layout when the columns are written out in order.
public struct Mat4: Hashable, Sendable {
    public var c0: Vec4, c1: Vec4, c2: Vec4, c3: Vec4

    @inlinable public init(_ c0: Vec4, _ c1: Vec4, _ c2: Vec4, _ c3: Vec4) {
        self.c0 = c0; self.c1 = c1; self.c2 = c2; self.c3 = c3
    }

    /// Builds a matrix from rows, as it is written on paper.
    @inlinable public init(rows r0: Vec4, _ r1: Vec4, _ r2: Vec4, _ r3: Vec4) {
        self.init(Vec4(r0.x, r1.x, r2.x, r3.x), Vec4(r0.y, r1.y, r2.y, r3.y),
                  Vec4(r0.z, r1.z, r2.z, r3.z), Vec4(r0.w, r1.w, r2.w, r3.w))
    }

    public static let identity = Mat4(Vec4(1, 0, 0, 0), Vec4(0, 1, 0, 0), Vec4(0, 0, 1, 0), Vec4(0, 0, 0, 1))

    /// Column `i` (0…3).
    @inlinable public subscript(column i: Int) -> Vec4 {
        get {
            switch i { case 0: c0; case 1: c1; case 2: c2; default: c3 }
        }
        set {
            switch i { case 0: c0 = newValue; case 1: c1 = newValue; case 2: c2 = newValue; default: c3 = newValue }
        }
    }

    /// Row `i` (0…3).
    @inlinable public func row(_ i: Int) -> Vec4 { Vec4(c0[i], c1[i], c2[i], c3[i]) }

    /// The 16 elements in column-major order (OpenGL's order).
    @inlinable public var columnMajor: [Double] {
        [c0.x, c0.y, c0.z, c0.w, c1.x, c1.y, c1.z, c1.w, c2.x, c2.y, c2.z, c2.w, c3.x, c3.y, c3.z, c3.w]
    }

    @inlinable public static func * (m: Mat4, v: Vec4) -> Vec4 {
        m.c0 * v.x + m.c1 * v.y + m.c2 * v.z + m.c3 * v.w
    }

    @inlinable public static func * (a: Mat4, b: Mat4) -> Mat4 {
        Mat4(a * b.c0, a * b.c1, a * b.c2, a * b.c3)
    }

    /// Transforms a point (w = 1) and returns x, y, z without the perspective divide.
    /// For affine matrices this is the exact image of the point.
    @inlinable public func transformPoint(_ p: Vec3) -> Vec3 {
        let r = c0 * p.x + c1 * p.y + c2 * p.z + c3
        return Vec3(r.x, r.y, r.z)
    }

    /// Transforms a direction (w = 0): translation does not apply.
    @inlinable public func transformVector(_ v: Vec3) -> Vec3 {
        let r = c0 * v.x + c1 * v.y + c2 * v.z
        return Vec3(r.x, r.y, r.z)
    }

    /// True when the bottom row is (0, 0, 0, 1): no projective term.
    @inlinable public var isAffine: Bool {
        c0.w == 0 && c1.w == 0 && c2.w == 0 && c3.w == 1
    }

    /// True when every element is a finite number.
    ///
    /// x·0 is 0 for every finite x and NaN for NaN and ±infinity; no array is made (culling asks
    /// this of every card every frame).
    @inlinable public var isFinite: Bool {
        let zero = Vec4.zero
        let probe: Vec4 = c0 * zero + c1 * zero + c2 * zero + c3 * zero
        return probe == zero
    }

    /// The transpose.
    @inlinable public var transposed: Mat4 { Mat4(row(0), row(1), row(2), row(3)) }
}
