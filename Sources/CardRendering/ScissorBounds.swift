import CardMath
import CardPacking

/// The rectangle of drawable pixels that holds a set of cards, for scissoring the passes that
/// only they need (depth peeling): what lies outside is left untouched and costs no fill.
enum ScissorBounds {
    /// Window pixels, origin bottom-left (as `glScissor` wants).
    typealias Rect = (x: Int, y: Int, width: Int, height: Int)

    /// The bounding box of the records' projected corners, grown by one pixel and clamped to
    /// the drawable; the whole drawable when a corner is not in front of the eye (the projected
    /// quad then need not lie within its projected corners) or a number is not finite; `nil`
    /// when the cards lie entirely outside.
    ///
    /// A card in front of the eye projects to a convex quad, so its corners bound it, also after
    /// near-plane clipping.
    /// - Complexity: O(n), no allocation.
    static func rect<Records: Collection<InstanceRecord>>(of records: Records, viewProjection: Mat4, drawable: PixelSize) -> Rect? {
        let whole: Rect = (0, 0, drawable.width, drawable.height)
        let w = Double(drawable.width), h = Double(drawable.height)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for record in records {
            for (u, v) in [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)] as [(Float, Float)] {
                let local = SIMD4<Float>(u, v, 0, 1)
                let world = Vec4(Double((record.row0 * local).sum()), Double((record.row1 * local).sum()),
                                 Double((record.row2 * local).sum()), 1)
                let clip = viewProjection * world
                guard clip.w > 0 else { return whole }
                let x = (clip.x / clip.w + 1) / 2 * w, y = (clip.y / clip.w + 1) / 2 * h
                guard x.isFinite, y.isFinite else { return whole }
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        let left = max(0, min(w, (minX - 1).rounded(.down))), right = max(0, min(w, (maxX + 1).rounded(.up)))
        let bottom = max(0, min(h, (minY - 1).rounded(.down))), top = max(0, min(h, (maxY + 1).rounded(.up)))
        guard right > left, top > bottom else { return nil }
        return (Int(left), Int(bottom), Int(right - left), Int(top - bottom))
    }
}
