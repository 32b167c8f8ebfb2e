import CardMath

/// How much of a card the card right in front of it leaves visible, from the records alone: for
/// stacks like Safari's tab pages, where each page hides most of the one behind it, so that the
/// renderer does not rasterize (and depth-test) the hidden part. Pixels do not change: only
/// fragments the depth test would reject are not drawn.
///
/// It applies to two cards whose rows share their x axis (`row0`, so the same width and
/// horizontal position, turned about the x axis only), where `front` is nearer to the eye than
/// `back` wherever it covers it. Then the view rays through a horizontal line of `front` meet
/// `back` along a horizontal line of its own, found in the y–z plane. The line used is `front`'s
/// top edge lowered by `margin` points (its rounded corners and rim), and `back` keeps everything
/// above that line's image. A clip is given only when `front` also reaches further down the
/// screen than `back` by `margin`, so that what is cut lies within `front`'s outline.
public enum OcclusionClip {
    /// What `front`'s top edge is lowered by, points: its corner radius and its widest rim as
    /// the card shader draws them (`CardOutline`), and one point more.
    public static func margin(width: Double, height: Double) -> Double {
        CardOutline.cornerRadius(unit: min(abs(width), height)) + (CardOutline.maximumRim + 1)
    }

    /// The visible fraction of `back`'s height (from its top edge), or `nil` when the two cards
    /// are not such a pair or nothing can be cut.
    ///
    /// - Parameters:
    ///   - eye: the camera's eye, world points (records are in world points).
    ///   - margin: points to lower `front`'s top edge by (`margin(width:height:)` by default).
    /// - Complexity: O(1), no allocation.
    public static func visibleHeight(of back: InstanceRecord, behind front: InstanceRecord, eye: Vec3,
                                     margin: Double? = nil) -> Float? {
        guard back.row0 == front.row0, back.row1.x == 0, back.row2.x == 0, front.row1.x == 0, front.row2.x == 0 else {
            return nil
        }
        // In the y–z plane a card is the segment (row1.w + row1.y·v, row2.w + row2.y·v), v in −0.5…0.5.
        func point(_ r: InstanceRecord, _ v: Double) -> SIMD2<Double> {
            SIMD2(Double(r.row1.w) + Double(r.row1.y) * v, Double(r.row2.w) + Double(r.row2.y) * v)
        }
        let height = Double(SIMD2(front.row1.y, front.row2.y).squareLength().squareRoot())
        let margin = margin ?? Self.margin(width: Double(front.row0.x), height: height)
        guard height > 2 * margin else { return nil }
        let e = SIMD2(eye.y, eye.z)
        let p = point(front, -0.5 + margin / height)
        // e + t·(p − e) = b0 + v·b1, by Cramer's rule.
        let b0 = point(back, 0), b1 = SIMD2(Double(back.row1.y), Double(back.row2.y))
        let d = p - e, q = b0 - e
        let determinant = b1.x * d.y - d.x * b1.y
        guard abs(determinant) > 1e-9 else { return nil }
        let t = (b1.x * q.y - q.x * b1.y) / determinant
        let v = (d.x * q.y - d.y * q.x) / determinant
        // `back` must lie beyond `front` along the ray, and in front of the eye.
        guard t > 1, v > -0.5, v < 0.5, p.y.isFinite else { return nil }
        // `front` must reach further down the screen than `back`'s bottom edge.
        func screenY(_ q: SIMD2<Double>) -> Double? {
            let depth = eye.z - q.y
            return depth > 0 ? e.x + (q.x - e.x) * eye.z / depth : nil
        }
        guard let frontBottom = screenY(point(front, 0.5)), let backBottom = screenY(point(back, 0.5)),
              frontBottom > backBottom + margin else { return nil }
        return Float(v + 0.5)
    }
}

extension SIMD2 where Scalar == Float {
    fileprivate func squareLength() -> Float { (self * self).sum() }
}
