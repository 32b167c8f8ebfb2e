import CardMath

/// Visibility by transformed bounds: what the camera really shows, not the untransformed frame
/// (the pages seed's top card vanished because UIKit culled by frame).
public enum Culling {
    /// The card's outline as the camera shows it, in viewport points: its corners clipped
    /// against the near and far planes, then projected. Convex (a projected convex polygon in
    /// front of the eye stays convex); empty when nothing of it is in front of the eye.
    ///
    /// - Complexity: O(1).
    public static func screenPolygon(of attributes: CardAttributes, offset: Vec2, camera: Camera) -> [Vec2] {
        let corners = attributes.worldCorners(offset: offset)
        let nearZ = camera.eyeDistance - camera.near
        let farZ = camera.eyeDistance - camera.far
        var polygon = clip(corners, keepingBelow: nearZ)
        polygon = clip(polygon.map { Vec3($0.x, $0.y, -$0.z) }, keepingBelow: -farZ).map { Vec3($0.x, $0.y, -$0.z) }
        return polygon.compactMap { camera.project($0)?.point }
    }

    /// The viewport-space bounding box of the card as the camera sees it, after clipping against
    /// the near and far planes; `nil` when nothing of it is in front of the eye.
    ///
    /// - Complexity: O(1).
    public static func screenBounds(of attributes: CardAttributes, offset: Vec2, camera: Camera) -> Rect? {
        boundingBox(of: screenPolygon(of: attributes, offset: offset, camera: camera))
    }

    /// True when a card that is not hidden and not fully transparent overlaps the viewport.
    ///
    /// Exact for the card's real outline, not its bounding box: a turned card whose box
    /// reaches into a corner of the viewport while the card itself passes it by is invisible
    /// (a separating-axis test against the outline's edges). An edge-on card (a line) is
    /// visible when the line meets the viewport.
    ///
    /// - Complexity: O(1).
    public static func isVisible(_ attributes: CardAttributes, offset: Vec2, camera: Camera) -> Bool {
        guard !attributes.isHidden, attributes.alpha > 0, attributes.isFinite else { return false }
        let polygon = screenPolygon(of: attributes, offset: offset, camera: camera)
        guard let bounds = boundingBox(of: polygon) else { return false }
        let view = Rect(origin: .zero, size: camera.viewport)
        guard bounds.intersects(view) else {
            return bounds.size.width == 0 && view.contains(bounds.origin)
        }
        return !hasSeparatingEdge(polygon, from: view)
    }

    /// The smallest rectangle holding every point; `nil` for no points.
    static func boundingBox(of points: [Vec2]) -> Rect? {
        guard var lo = points.first else { return nil }
        var hi = lo
        for p in points.dropFirst() {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return Rect(origin: lo, size: Size(width: hi.x - lo.x, height: hi.y - lo.y))
    }

    /// True when one of the convex polygon's edges has the whole rectangle on its outer side
    /// (touching counts as outside: only overlaps with area are visible). A polygon with no
    /// area (edge-on) has no inside to separate, so it never reports one.
    static func hasSeparatingEdge(_ polygon: [Vec2], from rect: Rect) -> Bool {
        var twiceArea = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            twiceArea += a.x * b.y - b.x * a.y
        }
        guard abs(twiceArea) > 1e-9 else { return false }
        let inward = twiceArea > 0 ? 1.0 : -1.0
        let corners = [Vec2(rect.minX, rect.minY), Vec2(rect.maxX, rect.minY),
                       Vec2(rect.maxX, rect.maxY), Vec2(rect.minX, rect.maxY)]
        for i in polygon.indices {
            let a = polygon[i], e = polygon[(i + 1) % polygon.count] - a
            guard e.x != 0 || e.y != 0 else { continue }
            let allOutside = corners.allSatisfy { c in
                inward * (e.x * (c.y - a.y) - e.y * (c.x - a.x)) <= 0
            }
            if allOutside { return true }
        }
        return false
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
