import CardMath

/// What the camera can show (SPEC §1): the pyramid from the eye through the viewport, cut by
/// the near and far planes — six planes, in world points. A card wholly outside one of them
/// draws no pixel, so nothing of it (body, badge, title: its decorations project onto its own
/// pixels) can show through a card on screen, nor be covered by one. `CoplanarTies` leaves such
/// records out of its search, so its cost follows what is on screen, not the deck.
///
/// The test is exact per plane for the card's parallelogram (the plane's value at the centre
/// against half the sum of its magnitudes along the two edge vectors — the nearest corner), in
/// Float, with `margin` points of slack around the viewport and the clip distances: it never
/// says "off" for a card that shows a pixel. A card that is off screen but crosses the
/// extension of two planes (near a corner of the pyramid) is kept: more work, never a wrong
/// answer. Unlike `RecordGeometry.isOnScreen` (CardViewerFrame), it needs no case for corners
/// behind the eye: the planes are half-spaces of world space.
///
/// With `q` a point relative to the eye and `E` the eye distance, the point shows at viewport x
/// `W/2 + q.x · E / (−q.z)`: it is right of the viewport (plus margin `m`) when
/// `E q.x + (W/2 + m) q.z ≥ 0` (in front of the eye), and the pyramid lies wholly on the other
/// side of that plane; likewise for the left, top and bottom edges and `H`.
struct ViewVolume {
    /// Slack, points, around the viewport and the clip distances (Float rounding of far-off
    /// coordinates, and a card only touching the viewport's edge).
    static let margin: Float = 1

    private let eyeX: Float, eyeY: Float, eyeZ: Float
    /// The eye distance `E`, and half the viewport's width and height plus the margin, points.
    private let e: Float, halfWidth: Float, halfHeight: Float
    private let near: Float, far: Float

    /// The volume `camera` shows.
    init(camera: Camera) {
        e = Float(camera.eyeDistance)
        eyeX = Float(camera.eye.x)
        eyeY = Float(camera.eye.y)
        eyeZ = e
        halfWidth = Float(max(camera.viewport.width, 0) / 2) + Self.margin
        halfHeight = Float(max(camera.viewport.height, 0) / 2) + Self.margin
        near = Float(camera.near) - Self.margin
        far = Float(camera.far) + Self.margin
    }

    /// False when the record's card lies wholly outside one of the six planes (it shows no
    /// pixel); true otherwise.
    ///
    /// - Complexity: O(1), no allocation; scalar Float arithmetic (a few nanoseconds a record:
    ///   it runs for every record of an all-cards frame).
    @inline(__always)
    func mayShow(_ r: InstanceRecord) -> Bool {
        // The card: centre q (relative to the eye), edge vectors u (width) and v (height) — the
        // matrix's columns. Per plane: outside when twice the value at the centre is at least
        // the sum of the magnitudes along u and v (the nearest corner is outside).
        let qz = r.row2.w - eyeZ
        let ex = e * (r.row0.w - eyeX), eux = e * r.row0.x, evx = e * r.row0.y
        let wz = halfWidth * qz, wuz = halfWidth * r.row2.x, wvz = halfWidth * r.row2.y
        if 2 * (ex + wz) >= abs(eux + wuz) + abs(evx + wvz) { return false }  // right of the viewport
        if 2 * (wz - ex) >= abs(wuz - eux) + abs(wvz - evx) { return false }  // left
        let ey = e * (r.row1.w - eyeY), euy = e * r.row1.x, evy = e * r.row1.y
        let hz = halfHeight * qz, huz = halfHeight * r.row2.x, hvz = halfHeight * r.row2.y
        if 2 * (ey + hz) >= abs(euy + huz) + abs(evy + hvz) { return false }  // below
        if 2 * (hz - ey) >= abs(huz - euy) + abs(hvz - evy) { return false }  // above
        // Distance in front of the eye, −q.z, over the card: wholly before near or past far.
        let reach = (abs(r.row2.x) + abs(r.row2.y)) * 0.5
        return -qz + reach >= near && -qz - reach <= far
    }
}
