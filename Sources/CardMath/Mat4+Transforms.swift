import RealModule

extension Mat4 {
    /// A translation by `t` points.
    @inlinable public static func translation(_ t: Vec3) -> Mat4 {
        Mat4(Vec4(1, 0, 0, 0), Vec4(0, 1, 0, 0), Vec4(0, 0, 1, 0), Vec4(t.x, t.y, t.z, 1))
    }

    /// A scale by `s` along x, y and z.
    @inlinable public static func scale(_ s: Vec3) -> Mat4 {
        Mat4(Vec4(s.x, 0, 0, 0), Vec4(0, s.y, 0, 0), Vec4(0, 0, s.z, 0), Vec4(0, 0, 0, 1))
    }

    /// A right-handed rotation by `angle` radians about the X axis.
    ///
    /// In this project's space (+y down, +z toward the viewer) a negative angle brings the
    /// card's top edge (−y) toward the viewer, as `CATransform3DMakeRotation(angle, 1, 0, 0)` does.
    @inlinable public static func rotationX(_ angle: Double) -> Mat4 {
        let (s, c) = sinCos(angle)
        return Mat4(rows: Vec4(1, 0, 0, 0), Vec4(0, c, -s, 0), Vec4(0, s, c, 0), Vec4(0, 0, 0, 1))
    }

    /// A right-handed rotation by `angle` radians about the Y axis.
    @inlinable public static func rotationY(_ angle: Double) -> Mat4 {
        let (s, c) = sinCos(angle)
        return Mat4(rows: Vec4(c, 0, s, 0), Vec4(0, 1, 0, 0), Vec4(-s, 0, c, 0), Vec4(0, 0, 0, 1))
    }

    /// A rotation by `angle` radians about the Z axis: from +x toward +y, which is clockwise
    /// on screen because +y points down (as `CGAffineTransformMakeRotation`).
    @inlinable public static func rotationZ(_ angle: Double) -> Mat4 {
        let (s, c) = sinCos(angle)
        return Mat4(rows: Vec4(c, -s, 0, 0), Vec4(s, c, 0, 0), Vec4(0, 0, 1, 0), Vec4(0, 0, 0, 1))
    }
}
