import CardLayout
import CardMath

/// A rectangle in card units: (0, 0) is the card's top-left corner, (1, 1) its bottom-right,
/// whatever the card's size in points (+y down, as the card's texture coordinates).
public struct UnitRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole card.
    public static let unit = UnitRect(x: 0, y: 0, width: 1, height: 1)

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Where a card point `(u, v)` falls on the picture (0…1 across the picture when it is on
    /// it): what a fragment shader computes to sample the picture.
    @inlinable public func pictureCoordinates(u: Double, v: Double) -> (u: Double, v: Double) {
        ((u - x) / width, (v - y) / height)
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

/// How a picture sits in its card.
public enum PictureFitMode: Sendable, Equatable {
    /// The whole picture, aspect kept, centred; the rest of the card shows its background
    /// (letterbox or pillarbox). Photos: nothing of them is hidden.
    case fit
    /// The picture covers the card, aspect kept, centred, the overflow cropped: what a browser's
    /// tab overview does with page thumbnails.
    case fill

    /// The mode of a layout (`LayoutBehavior.picturesFillCards`) for a deck of generated art:
    /// pages shows browser tabs, each card a viewport-sized page thumbnail, and a tab overview
    /// fills its tabs edge to edge (a cropped strip reads as a page, a letterboxed one as a
    /// photo). Every other layout fits.
    public init(layout: LayoutKind) {
        self = layout.descriptor.behavior.picturesFillCards ? .fill : .fit
    }

    /// The mode of a layout for a deck of `photos` (a folder's pictures) or of generated art
    /// (the bundled web pages, numbered cards). Photos are always fitted, in every layout
    /// (SPEC §10 "whole pictures everywhere": no layout crops a photo; culling means seeing all
    /// of each one — SlideBox's card even takes the photo's aspect, `slideBoxCardSize`, so
    /// there it fills exactly); generated art follows the layout (`init(layout:)`).
    public init(layout: LayoutKind, photos: Bool) {
        self = photos ? .fit : PictureFitMode(layout: layout)
    }
}

/// Where pictures go inside cards, and the card SlideBox gives a photo.
public enum PictureFitting {
    /// The picture's rectangle in card units for a picture of `pictureAspect` (width / height)
    /// in a card of `cardAspect`. `fit` stays within 0…1; `fill` reaches past 0…1 on the cropped
    /// axis (the parts past the card are not drawn). A degenerate aspect (0, negative, NaN,
    /// infinite) covers the card, as a picture of the card's own aspect would.
    public static func rect(pictureAspect: Double, cardAspect: Double, mode: PictureFitMode) -> UnitRect {
        guard pictureAspect.isFinite, pictureAspect > 0, cardAspect.isFinite, cardAspect > 0 else { return .unit }
        // The picture's width relative to its height, in card units: > 1 means wider than the card.
        let relative = pictureAspect / cardAspect
        let widerThanCard = relative > 1
        if widerThanCard == (mode == .fit) {
            // Full width; height shrinks (fit) — or, for a taller picture, full width with the
            // height grown past the card (fill).
            let height = 1 / relative
            return UnitRect(x: 0, y: (1 - height) / 2, width: 1, height: height)
        }
        let width = relative
        return UnitRect(x: (1 - width) / 2, y: 0, width: width, height: 1)
    }

    /// The part of the card the picture covers (in card units): `rect` clipped to the card.
    public static func coveredRect(pictureAspect: Double, cardAspect: Double, mode: PictureFitMode) -> UnitRect {
        let r = rect(pictureAspect: pictureAspect, cardAspect: cardAspect, mode: mode)
        let x0 = max(r.x, 0), y0 = max(r.y, 0), x1 = min(r.maxX, 1), y1 = min(r.maxY, 1)
        return UnitRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    /// SlideBox's card for a photo of `pictureAspect`: the photo's aspect, as large as fits in
    /// the layout's card frame (`0.6W × 0.6H`, points). The frame itself for a degenerate aspect
    /// or frame (the picture's aspect is not known yet: the placeholder keeps the frame).
    public static func slideBoxCardSize(frame: Size, pictureAspect: Double) -> Size {
        guard frame.isFinite, !frame.isEmpty, pictureAspect.isFinite, pictureAspect > 0 else { return frame }
        if pictureAspect >= frame.width / frame.height {
            return Size(width: frame.width, height: frame.width / pictureAspect)
        }
        return Size(width: frame.height * pictureAspect, height: frame.height)
    }

    /// The texture-coordinate scale of a picture of `pictureSize` pixels stored at the top-left
    /// of a layer of `layerSize` pixels: multiply picture coordinates (0…1) by it to sample the
    /// layer. (1, 1) for an empty size.
    public static func layerScale(pictureSize: PixelSize, layerSize: PixelSize) -> (u: Double, v: Double) {
        guard !pictureSize.isEmpty, !layerSize.isEmpty else { return (1, 1) }
        return (min(Double(pictureSize.width) / Double(layerSize.width), 1),
                min(Double(pictureSize.height) / Double(layerSize.height), 1))
    }
}
