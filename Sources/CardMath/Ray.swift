/// A half-line `origin + t · direction`, t ≥ 0, in world points.
public struct Ray: Hashable, Sendable {
    public var origin: Vec3
    public var direction: Vec3

    @inlinable public init(origin: Vec3, direction: Vec3) {
        self.origin = origin
        self.direction = direction
    }

    /// The point at parameter `t`.
    @inlinable public func at(_ t: Double) -> Vec3 { origin + direction * t }

    /// Where this ray meets `plane`, as the parameter t ≥ 0, or `nil` if it is parallel or behind.
    @inlinable public func intersect(_ plane: Plane) -> Double? {
        let denom = plane.normal.dot(direction)
        guard abs(denom) > 1e-15 else { return nil }
        let t = (plane.offset - plane.normal.dot(origin)) / denom
        return t >= 0 ? t : nil
    }

    /// Where this ray meets the quad `matrix · (u, v, 0, 1)` with |u| ≤ halfSize.x, |v| ≤ halfSize.y.
    ///
    /// `matrix` must be affine (a card's local → world matrix). Returns the ray parameter and the
    /// hit in the quad's local coordinates, or `nil` for a miss, an edge-on quad, or a hit behind
    /// the origin. Solves `origin + t·dir = c3 + u·c0 + v·c1` by Cramer's rule: O(1).
    @inlinable public func intersectQuad(matrix m: Mat4, halfSize: Vec2) -> (t: Double, local: Vec2)? {
        let a = Vec3(m.c0.x, m.c0.y, m.c0.z)
        let b = Vec3(m.c1.x, m.c1.y, m.c1.z)
        let rhs = origin - Vec3(m.c3.x, m.c3.y, m.c3.z)
        let negDir = -direction
        let det = a.dot(b.cross(negDir))
        let scale = a.length * b.length * direction.length
        guard scale > 0, abs(det) > 1e-12 * scale else { return nil }
        let u = rhs.dot(b.cross(negDir)) / det
        let v = a.dot(rhs.cross(negDir)) / det
        let t = a.dot(b.cross(rhs)) / det
        guard t >= 0, abs(u) <= halfSize.x, abs(v) <= halfSize.y else { return nil }
        return (t, Vec2(u, v))
    }
}

/// The plane of points `p` with `normal · p = offset`.
public struct Plane: Hashable, Sendable {
    public var normal: Vec3
    public var offset: Double

    @inlinable public init(normal: Vec3, offset: Double) {
        self.normal = normal
        self.offset = offset
    }

    /// The plane through `point` with the given normal.
    @inlinable public init(point: Vec3, normal: Vec3) {
        self.init(normal: normal, offset: normal.dot(point))
    }

    /// Signed distance of `p` from the plane, in units of |normal|.
    @inlinable public func signedDistance(_ p: Vec3) -> Double { normal.dot(p) - offset }
}
