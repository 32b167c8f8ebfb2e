import CardMath
import CardPictureDecoding

/// The thumbnail size folders of the Thumbnail Managing Standard (0.9): a thumbnail in a folder
/// is at most that many pixels on its longer side (smaller only when the picture is).
public enum ThumbnailSize: Int, CaseIterable, Comparable, Sendable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    /// The folder's name under the cache root.
    public var folderName: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    /// The longest side a thumbnail in this folder may have, pixels.
    public var pixels: Int { rawValue }

    public static func < (a: ThumbnailSize, b: ThumbnailSize) -> Bool { a.rawValue < b.rawValue }

    /// The smallest folder whose thumbnails are at least `longerSide` pixels on their longer
    /// side, or nil when none is (more than 1024).
    public static func nearestAbove(_ longerSide: Int) -> ThumbnailSize? {
        allCases.first { $0.pixels >= longerSide }
    }

    /// The smallest folder whose thumbnail of a picture of `pictureSize` pixels (upright; the
    /// thumbnail fits its longer side to the folder's size, or is the whole picture when that
    /// is smaller) has every pixel `target` needs; nil when none has (a panorama filling a
    /// square box, say).
    public static func nearestCovering(_ target: PictureTarget, pictureSize: PixelSize) -> ThumbnailSize? {
        allCases.first { size in
            let thumbnail = PictureTarget.fit(PixelSize(width: size.pixels, height: size.pixels)).size(for: pictureSize)
            return target.isCovered(by: thumbnail, isWholePicture: pictureSize.longerSide <= size.pixels)
        }
    }

    /// How far a thumbnail may be magnified on screen before a larger folder is read: the same
    /// 1.25 × that sends a card from the card tier to the full tier (`PictureSizing.tier`).
    public static let cardMagnification = 1.25

    /// The folder a card showing its picture `longerSide` pixels long on screen (framebuffer
    /// pixels, its longer side) reads and writes: the smallest of `normal` (128), `large` (256)
    /// and `x-large` (512) that is at least `longerSide / cardMagnification`; `x-large` past it
    /// (larger cards are drawn from full-resolution decodes, not thumbnails). A grid card of 250
    /// pixels reads `large`, a wheel card of 150 `normal`, where every card read `x-large` before
    /// (4 × the pixels of `large` to inflate and scale down).
    public static func forCard(longerSide: Double) -> ThumbnailSize {
        guard longerSide.isFinite, longerSide > 0 else { return .normal }
        // No array literal: called for every frame, which allocates nothing once warm.
        let needed = longerSide / cardMagnification
        if Double(ThumbnailSize.normal.pixels) >= needed { return .normal }
        return Double(ThumbnailSize.large.pixels) >= needed ? .large : .xLarge
    }

    /// The longer side a target asks for before the picture's aspect is known: the box's.
    /// Nil for `.fullSize`, which no thumbnail serves.
    static func guess(for target: PictureTarget) -> Int? {
        switch target {
        case .fullSize: nil
        case let .fit(box), let .cover(box), let .stretch(box): box.longerSide
        }
    }
}

extension PictureTarget {
    /// Whether a thumbnail of `size` pixels, scaled down from a picture whose own size is
    /// `fullSize` (nil: unknown, larger than the thumbnail unless `isWholePicture`), has all the
    /// pixels this target asks for: the target's scale relative to it is at most 1 (half a
    /// pixel of slack for rounding).
    func isCovered(by size: PixelSize, isWholePicture: Bool) -> Bool {
        if isWholePicture { return true }
        guard size.width > 0, size.height > 0 else { return false }
        let w = Double(size.width), h = Double(size.height)
        switch self {
        case .fullSize: return false
        case let .fit(box): return min(Double(box.width) / w, Double(box.height) / h) * max(w, h) <= max(w, h) + 0.5
        case let .cover(box): return max(Double(box.width) / w, Double(box.height) / h) * max(w, h) <= max(w, h) + 0.5
        case let .stretch(box): return Double(box.width) <= w + 0.5 && Double(box.height) <= h + 0.5
        }
    }
}
