import CardMath
import CardPacking
import CardPictures

/// What the picture pass reads from and writes into an instance record's matrix: the card's
/// size (the lengths of its first two columns, which carry the width and height), its size on
/// screen, and SlideBox's card reshaped to its photo.
enum RecordGeometry {
    /// The card's size in world points (scale included).
    ///
    /// - Complexity: O(1), no allocation.
    @inline(__always)
    static func cardSize(_ record: InstanceRecord) -> Size {
        let u = SIMD3<Float>(record.row0.x, record.row1.x, record.row2.x)
        let v = SIMD3<Float>(record.row0.y, record.row1.y, record.row2.y)
        return Size(width: Double((u * u).sum().squareRoot()), height: Double((v * v).sum().squareRoot()))
    }

    /// The bounding box of the card's projected corners, viewport points (top-left origin);
    /// `nil` when a corner is behind the eye.
    ///
    /// - Complexity: O(1), no allocation.
    static func boundsOnScreen(_ record: InstanceRecord, camera: Camera) -> (min: Vec2, max: Vec2)? {
        guard let a = corner(record, -0.5, -0.5, camera), let b = corner(record, 0.5, -0.5, camera),
              let c = corner(record, -0.5, 0.5, camera), let d = corner(record, 0.5, 0.5, camera) else { return nil }
        // Pairwise: the variadic min and max build an array.
        return (Vec2(min(min(a.x, b.x), min(c.x, d.x)), min(min(a.y, b.y), min(c.y, d.y))),
                Vec2(max(max(a.x, b.x), max(c.x, d.x)), max(max(a.y, b.y), max(c.y, d.y))))
    }

    /// The size of the bounding box of the card's projected corners, viewport points; zero when
    /// a corner is behind the eye.
    ///
    /// - Complexity: O(1), no allocation.
    static func sizeOnScreen(_ record: InstanceRecord, camera: Camera) -> Size {
        guard let bounds = boundsOnScreen(record, camera: camera) else { return Size(width: 0, height: 0) }
        return Size(width: bounds.max.x - bounds.min.x, height: bounds.max.y - bounds.min.y)
    }

    /// False when the card's projected bounding box lies wholly outside the viewport (a layout
    /// hands out cards whose untransformed frames meet the visible rectangle: pages' tilted
    /// cards below the window's edge); true when it overlaps it or a corner is behind the eye.
    ///
    /// - Complexity: O(1), no allocation.
    static func isOnScreen(_ record: InstanceRecord, camera: Camera) -> Bool {
        guard let bounds = boundsOnScreen(record, camera: camera) else { return true }
        let viewport = camera.viewport
        return bounds.max.x > 0 && bounds.min.x < viewport.width && bounds.max.y > 0 && bounds.min.y < viewport.height
    }

    /// Where the card's unit-quad point (u, v) appears, viewport points; nil behind the eye.
    @inline(__always)
    private static func corner(_ record: InstanceRecord, _ u: Float, _ v: Float, _ camera: Camera) -> Vec2? {
        let local = SIMD4<Float>(u, v, 0, 1)
        let world = Vec3(Double((record.row0 * local).sum()), Double((record.row1 * local).sum()),
                         Double((record.row2 * local).sum()))
        return camera.project(world)?.point
    }

    /// Resizes the card about its centre to `size` (world points), keeping its orientation:
    /// the first two columns of its matrix scaled.
    ///
    /// - Complexity: O(1), no allocation.
    static func resize(_ record: inout InstanceRecord, from old: Size, to size: Size) {
        guard old.width > 0, old.height > 0, size.width.isFinite, size.height.isFinite else { return }
        let sx = Float(size.width / old.width), sy = Float(size.height / old.height)
        record.row0.x *= sx
        record.row1.x *= sx
        record.row2.x *= sx
        record.row0.y *= sy
        record.row1.y *= sy
        record.row2.y *= sy
    }

    /// SlideBox's card for a photo: the layout gives every card the frame 0.6W × 0.6H (scaled
    /// with its place in the deck); the card takes the photo's aspect within it. The photo's
    /// aspect is only known once it is decoded (a header probe per file would be I/O for every
    /// card of a large folder), so the layout, its bulk writers and hit-testing keep the frame —
    /// the frame contains the card, so a swipe on the photo works the same — and the picture
    /// pass reshapes the card it draws: from the frame (aspect unknown, the placeholder) to the
    /// photo's shape, by `progress` (0…1: the picture's fade-in, so the card eases into shape).
    ///
    /// - Complexity: O(1), no allocation.
    static func shapeSlideBoxCard(_ record: inout InstanceRecord, pictureAspect: Double, progress: Double) -> Size {
        let frame = cardSize(record)
        let photo = PictureFitting.slideBoxCardSize(frame: frame, pictureAspect: pictureAspect)
        let t = min(max(progress.isNaN ? 1 : progress, 0), 1)
        let size = Size(width: frame.width + (photo.width - frame.width) * t,
                        height: frame.height + (photo.height - frame.height) * t)
        resize(&record, from: frame, to: size)
        return size
    }

    /// `rect` (card units) as the record stores it.
    @inline(__always)
    static func pictureRect(_ rect: UnitRect) -> PictureRect {
        PictureRect(minX: Float(rect.x), minY: Float(rect.y), maxX: Float(rect.maxX), maxY: Float(rect.maxY))
    }
}
