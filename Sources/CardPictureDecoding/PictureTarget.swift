import CardMath

/// How large a decoded picture should be, in upright pixels. The result is never larger than
/// the picture itself along either side (pictures are never enlarged); it keeps the picture's
/// aspect ratio except with `.stretch`.
public enum PictureTarget: Hashable, Sendable {
    /// The picture's own size.
    case fullSize
    /// Just large enough to be shown whole inside the box without enlarging: one side equals
    /// the box's, the other is no larger than the box's (a card showing the whole picture).
    case fit(PixelSize)
    /// Just large enough to cover the box: one side equals the box's, the other is at least the
    /// box's (a card filled by the picture, cropped).
    case cover(PixelSize)
    /// Exactly the box, the picture's aspect not kept (a texture layer the picture is stretched
    /// over, whose card restores the aspect): each side the box's, or the picture's where that
    /// is smaller. One resampling from the decoded pixels to the layer, where a `cover` target
    /// and a stretch afterwards would take two.
    case stretch(PixelSize)

    /// The size a picture of `full` upright pixels is decoded at for this target: scaled by
    /// `min` (fit) or `max` (cover) of the box-to-picture ratios, at most 1, each side rounded up
    /// so that it never falls short of the box, and at least 1 pixel.
    public func size(for full: PixelSize) -> PixelSize {
        guard full.width > 0, full.height > 0 else { return full }
        let scale: Double
        switch self {
        case .fullSize: return full
        case let .stretch(box):
            return PixelSize(width: min(full.width, max(1, box.width)), height: min(full.height, max(1, box.height)))
        case let .fit(box):
            scale = min(Double(max(1, box.width)) / Double(full.width), Double(max(1, box.height)) / Double(full.height))
        case let .cover(box):
            scale = max(Double(max(1, box.width)) / Double(full.width), Double(max(1, box.height)) / Double(full.height))
        }
        guard scale < 1 else { return full }
        // Rounded up, less a hair of floating-point slack so that an exact fit stays exact.
        func side(_ length: Int) -> Int { min(length, max(1, Int((Double(length) * scale - 1e-7).rounded(.up)))) }
        return PixelSize(width: side(full.width), height: side(full.height))
    }
}
