import CardMath

/// Visibility by transformed bounds: what the camera really shows, not the untransformed frame
/// (the pages seed's top card vanished because UIKit culled by frame).
public enum Culling {
    /// The viewport-space bounding box of the card as the camera sees it, after clipping against
    /// the near and far planes; `nil` when nothing of it is in front of the eye.
    ///
    /// - Complexity: O(1).
    public static func screenBounds(of attributes: CardAttributes, offset: Vec2, camera: Camera) -> Rect? {
        let corners = attributes.worldCorners(offset: offset)
        let nearZ = camera.eyeDistance - camera.near
        let farZ = camera.eyeDistance - camera.far
        var polygon = clip(corners, keepingBelow: nearZ)
        polygon = clip(polygon.map { Vec3($0.x, $0.y, -$0.z) }, keepingBelow: -farZ).map { Vec3($0.x, $0.y, -$0.z) }
        guard !polygon.isEmpty else { return nil }
        var lo = Vec2(Double.infinity, .infinity), hi = Vec2(-Double.infinity, -.infinity)
        for p in polygon {
            guard let s = camera.project(p) else { continue }
            lo = pointwiseMin(lo, s.point)
            hi = pointwiseMax(hi, s.point)
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        return Rect(origin: lo, size: Size(width: hi.x - lo.x, height: hi.y - lo.y))
    }

    /// True when a card that is not hidden and not fully transparent overlaps the viewport.
    ///
    /// - Complexity: O(1).
    public static func isVisible(_ attributes: CardAttributes, offset: Vec2, camera: Camera) -> Bool {
        guard !attributes.isHidden, attributes.alpha > 0, attributes.isFinite else { return false }
        guard let bounds = screenBounds(of: attributes, offset: offset, camera: camera) else { return false }
        let view = Rect(origin: .zero, size: camera.viewport)
        return bounds.intersects(view) || (bounds.size.width == 0 && view.contains(bounds.origin))
    }

    /// How far from its world center any point of a card can appear on screen, in points along
    /// one viewport axis, for a card whose points lie within `radius` of a center at depth `z`.
    ///
    /// A point at (y, z) projects to `H/2 + (y − H/2) · d / (d − z)`; the factor is smallest for
    /// the farthest point (`z − radius`), which bounds how close to the viewport center a card
    /// below (or above) it can come. Points behind the near plane are clipped, never drawn.
    /// Cards whose center is farther than this from the viewport center on that axis are invisible.
    public static func reach(radius: Double, centerZ z: Double, halfViewport: Double, camera: Camera) -> Double {
        let d = camera.eyeDistance
        return radius + halfViewport * (d - z + radius) / d
    }

    /// Sutherland–Hodgman clip of a convex polygon to the half-space z ≤ `limit`.
    private static func clip(_ polygon: [Vec3], keepingBelow limit: Double) -> [Vec3] {
        guard polygon.contains(where: { $0.z > limit }) else { return polygon }
        var out: [Vec3] = []
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let aIn = a.z <= limit, bIn = b.z <= limit
            if aIn { out.append(a) }
            if aIn != bIn {
                let t = (limit - a.z) / (b.z - a.z)
                out.append(a + (b - a) * t)
            }
        }
        return out
    }
}

/// The integers in the real interval `lo…hi`, as a range clamped to `0..<count`.
/// Safe for any input: NaN and infinities never reach an integer conversion.
@inlinable public func clampedIndexRange(from lo: Double, through hi: Double, count: Int) -> Range<Int> {
    guard count > 0, lo <= hi, !lo.isNaN, !hi.isNaN else { return 0..<0 }
    let top = Double(count - 1)
    guard hi >= 0, lo <= top else { return 0..<0 }
    let first = Int(max(0, lo.rounded(.up)))
    let last = Int(min(top, hi.rounded(.down)))
    return first <= last ? first..<(last + 1) : 0..<0
}

/// The integers strictly between `lo` and `hi`, as a range clamped to `0..<count`.
/// Safe for any input, like `clampedIndexRange`.
@inlinable public func openIndexRange(after lo: Double, before hi: Double, count: Int) -> Range<Int> {
    // The integers in (lo, hi) are those in [floor(lo) + 1, ceil(hi) − 1].
    clampedIndexRange(from: lo.rounded(.down) + 1, through: hi.rounded(.up) - 1, count: count)
}
