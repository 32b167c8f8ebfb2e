import CardMath

/// A convex polygon of at most eight points held inline (no array), for culling without
/// allocating: a card's four corners clipped by the near and far planes have at most six.
///
/// Points are Vec3; a projected polygon keeps z = 0.
struct InlinePolygon {
    static let capacity = 8
    private var storage: (Vec3, Vec3, Vec3, Vec3, Vec3, Vec3, Vec3, Vec3) =
        (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    /// How many points it holds.
    private(set) var count = 0

    init() {}

    /// The card's corners in world points (top-left, top-right, bottom-right, bottom-left).
    init(corners card: CardAttributes, offset: Vec2) {
        let m = card.localToWorld(offset: offset)
        let hw = card.size.width / 2, hh = card.size.height / 2
        append(m.transformPoint(Vec3(-hw, -hh, 0)))
        append(m.transformPoint(Vec3(hw, -hh, 0)))
        append(m.transformPoint(Vec3(hw, hh, 0)))
        append(m.transformPoint(Vec3(-hw, hh, 0)))
    }

    subscript(index: Int) -> Vec3 {
        get {
            withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * MemoryLayout<Vec3>.stride, as: Vec3.self) }
        }
        set {
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Vec3>.stride, as: Vec3.self)
            }
        }
    }

    /// Adds a point; beyond the capacity (never reached by clipping a quad twice) it is dropped.
    mutating func append(_ point: Vec3) {
        guard count < Self.capacity else { return }
        self[count] = point
        count += 1
    }

    /// Sutherland–Hodgman clip to the half-space `sign · z ≤ sign · limit` (sign 1: keep z ≤ limit,
    /// −1: keep z ≥ limit).
    func clipped(z limit: Double, sign: Double) -> InlinePolygon {
        var inside = true
        for i in 0..<count where sign * self[i].z > sign * limit { inside = false }
        guard !inside else { return self }
        var out = InlinePolygon()
        for i in 0..<count {
            let a = self[i], b = self[(i + 1) % count]
            let aIn = sign * a.z <= sign * limit, bIn = sign * b.z <= sign * limit
            if aIn { out.append(a) }
            if aIn != bIn {
                let t = (limit - a.z) / (b.z - a.z)
                out.append(a + (b - a) * t)
            }
        }
        return out
    }

    /// The points the camera shows, in viewport points (z = 0); points not in front of the eye
    /// are left out.
    func projected(by camera: Camera) -> InlinePolygon {
        var out = InlinePolygon()
        for i in 0..<count {
            if let p = camera.project(self[i])?.point { out.append(Vec3(p.x, p.y, 0)) }
        }
        return out
    }

    /// The smallest rectangle holding every point (x and y); `nil` for no points.
    var boundingBox: Rect? {
        guard count > 0 else { return nil }
        var lo = Vec2(self[0].x, self[0].y), hi = lo
        for i in 1..<count {
            let p = Vec2(self[i].x, self[i].y)
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return Rect(origin: lo, size: Size(width: hi.x - lo.x, height: hi.y - lo.y))
    }

    /// The x, y points as an array (for callers that want one).
    var points: [Vec2] {
        (0..<count).map { Vec2(self[$0].x, self[$0].y) }
    }
}
