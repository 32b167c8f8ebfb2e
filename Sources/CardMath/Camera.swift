/// The one camera every card shares (SPEC §1): a pinhole at `(W/2, H/2, eyeDistance)` looking
/// down −z, so the plane z = 0 maps 1:1 onto the `W × H`-point viewport.
///
/// World space is the viewport's point space: origin top-left, +x right, +y down, +z toward
/// the viewer. `eyeDistance` 1500 is Core Animation's `m34 = −1/1500` (the seeds' `disZ`).
///
/// Clip planes: `near` and `far` are distances from the eye along −z. At the default eye
/// distance they are 10 and 20 000 points: they hold every card of every layout (the deepest is
/// the pages layout's −300 push plus half a viewport-sized card, under 5 000 points even at 8K);
/// anything closer than 10 points to the eye is clipped, as it would fill the screen. A 24-bit
/// depth buffer then resolves about 0.02 points at the depth of the z = 0 plane. Another eye
/// distance `d` (`--camera-distance`) scales `near` with it (`d / 150`, so the depth resolution
/// at z = 0, about `150 d / 2²⁴`, stays under 0.2 points up to `eyeDistanceRange`'s top) and
/// moves `far` with it (`d + 18 500`: the same 18 500 points behind the plane z = 0).
public struct Camera: Hashable, Sendable {
    public static let defaultEyeDistance = 1500.0
    public static let defaultNear = 10.0
    public static let defaultFar = 20_000.0
    /// The eye distances `--camera-distance` accepts, points. Below 200 the opened cards
    /// (101 points in front of z = 0) and the carousels' nearest cards come within a few points
    /// of the eye and fill the screen; above 20 000 the view is all but orthographic (a card's
    /// near and far edges differ by under 2 %) and the depth buffer's resolution at z = 0 grows
    /// past 0.2 points (see above). docs/LIMITS.md.
    public static let eyeDistanceRange = 200.0...20_000.0

    /// The near clip distance for eye distance `d`: 10 points at the default 1500, scaled with `d`.
    @inlinable public static func near(forEyeDistance d: Double) -> Double { defaultNear * d / defaultEyeDistance }
    /// The far clip distance for eye distance `d`: 20 000 points at the default 1500, the same
    /// 18 500 points behind the plane z = 0 at any `d`.
    @inlinable public static func far(forEyeDistance d: Double) -> Double { d + (defaultFar - defaultEyeDistance) }

    /// The viewport in points.
    public var viewport: Size
    /// Distance of the eye from the z = 0 plane, in points.
    public var eyeDistance: Double
    /// Near clip distance from the eye, in points.
    public var near: Double
    /// Far clip distance from the eye, in points.
    public var far: Double

    /// The camera for `viewport` at eye distance `eyeDistance` (points), with the clip planes
    /// for that distance (`near(forEyeDistance:)`, `far(forEyeDistance:)`).
    public init(viewport: Size, eyeDistance: Double = Camera.defaultEyeDistance) {
        self.init(viewport: viewport, eyeDistance: eyeDistance,
                  near: Camera.near(forEyeDistance: eyeDistance), far: Camera.far(forEyeDistance: eyeDistance))
    }

    /// A camera with explicit clip distances, points.
    public init(viewport: Size, eyeDistance: Double, near: Double, far: Double) {
        self.viewport = viewport
        self.eyeDistance = eyeDistance
        self.near = near
        self.far = far
    }

    /// The eye position in world points.
    @inlinable public var eye: Vec3 { Vec3(viewport.width / 2, viewport.height / 2, eyeDistance) }

    /// World points → OpenGL clip space (x right, y up, depth −1 at `near` … +1 at `far`).
    ///
    /// `clip.w = eyeDistance − z`, positive in front of the eye.
    public var viewProjection: Mat4 {
        let w = max(viewport.width, 1e-9), h = max(viewport.height, 1e-9), d = eyeDistance
        let a = -(far + near) / (far - near)
        let b = -2 * far * near / (far - near)
        // View space: translate the eye to the origin. Then a perspective with focal length d,
        // scaled so that the z = 0 plane spans the viewport exactly, y flipped to point up.
        let projection = Mat4(rows: Vec4(2 * d / w, 0, 0, 0),
                                  Vec4(0, -2 * d / h, 0, 0),
                                  Vec4(0, 0, a, b),
                                  Vec4(0, 0, -1, 0))
        return projection * .translation(-eye)
    }

    /// The viewport point where world point `p` appears, and its distance in front of the
    /// eye plane (`eyeDistance − z`); `nil` when the point is not in front of the eye.
    @inlinable public func project(_ p: Vec3) -> (point: Vec2, depth: Double)? {
        let depth = eyeDistance - p.z
        guard depth > 0 else { return nil }
        let f = eyeDistance / depth
        let c = Vec2(viewport.width / 2, viewport.height / 2)
        return (c + (Vec2(p.x, p.y) - c) * f, depth)
    }

    /// The ray from the eye through viewport point `point` (points, top-left origin).
    /// The direction is not normalised: it reaches the z = 0 plane at t = 1.
    @inlinable public func ray(through point: Vec2) -> Ray {
        let e = eye
        return Ray(origin: e, direction: Vec3(point.x - e.x, point.y - e.y, -eyeDistance))
    }
}
