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
        outline(of: attributes, offset: offset, camera: camera).points
    }

    /// The viewport-space bounding box of the card as the camera sees it, after clipping against
    /// the near and far planes; `nil` when nothing of it is in front of the eye.
    ///
    /// - Complexity: O(1).
    public static func screenBounds(of attributes: CardAttributes, offset: Vec2, camera: Camera) -> Rect? {
        outline(of: attributes, offset: offset, camera: camera).boundingBox
    }

    /// True when a card that is not hidden and not fully transparent overlaps the viewport.
    ///
    /// Exact for the card's real outline, not its bounding box: a turned card whose box
    /// reaches into a corner of the viewport while the card itself passes it by is invisible
    /// (a separating-axis test against the outline's edges). An edge-on card (a line) is
    /// visible when the line meets the viewport.
    ///
    /// - Complexity: O(1); allocates nothing (the outline is held inline).
    public static func isVisible(_ attributes: CardAttributes, offset: Vec2, camera: Camera) -> Bool {
        guard !attributes.isHidden, attributes.alpha > 0, attributes.isFinite else { return false }
        let polygon = outline(of: attributes, offset: offset, camera: camera)
        guard let bounds = polygon.boundingBox else { return false }
        let view = Rect(origin: .zero, size: camera.viewport)
        guard bounds.intersects(view) else {
            return bounds.size.width == 0 && view.contains(bounds.origin)
        }
        return !hasSeparatingEdge(polygon, from: view)
    }

    /// The card's corners clipped against the near and far planes, then projected (z = 0).
    static func outline(of attributes: CardAttributes, offset: Vec2, camera: Camera) -> InlinePolygon {
        let corners = InlinePolygon(corners: attributes, offset: offset)
        let nearZ = camera.eyeDistance - camera.near
        let farZ = camera.eyeDistance - camera.far
        return corners.clipped(z: nearZ, sign: 1).clipped(z: farZ, sign: -1).projected(by: camera)
    }

    /// True when one of the convex polygon's edges has the whole rectangle on its outer side
    /// (touching counts as outside: only overlaps with area are visible). A polygon with no
    /// area (edge-on) has no inside to separate, so it never reports one.
    static func hasSeparatingEdge(_ polygon: InlinePolygon, from rect: Rect) -> Bool {
        let n = polygon.count
        var twiceArea = 0.0
        for i in 0..<n {
            let a = polygon[i], b = polygon[(i + 1) % n]
            twiceArea += a.x * b.y - b.x * a.y
        }
        guard abs(twiceArea) > 1e-9 else { return false }
        let inward = twiceArea > 0 ? 1.0 : -1.0
        for i in 0..<n {
            let a = polygon[i], b = polygon[(i + 1) % n]
            let e = Vec2(b.x - a.x, b.y - a.y)
            guard e.x != 0 || e.y != 0 else { continue }
            func outside(_ cx: Double, _ cy: Double) -> Bool {
                inward * (e.x * (cy - a.y) - e.y * (cx - a.x)) <= 0
            }
            if outside(rect.minX, rect.minY), outside(rect.maxX, rect.minY),
               outside(rect.maxX, rect.maxY), outside(rect.minX, rect.maxY) { return true }
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
