import CardMath
import CardPictures
import CardThumbnails

/// How much of a picture a large card can show, and where the full tier takes it from.
///
/// A card drawn from the full tier samples its layer with isotropic mip-mapping: the level is
/// picked by the axis along which the layer is squeezed most. A tilted card (pages, the task
/// switcher) is squeezed along its height, so of a layer as large as the framebuffer it shows a
/// coarser level: the detail it shows is the picture fitted, at its own aspect, in the card's
/// projected bounding box (`neededFullDetail`), not the framebuffer. Pages' resting cards in a
/// 960×600 window show a 4:3 photo at 341–363 pixels (`FullTierThumbnailTests`), where their
/// layers are 800×600.
///
/// A resting card of a large picture (over `thumbnailPictureMinimum`, 1024 pixels: its file
/// would be decoded at half scale or less) that shows up to `thumbnailDetailLimit` (1.25 × 512:
/// the magnification the card tier allows, `ThumbnailSize.cardMagnification`) is drawn from the
/// picture's `x-large` thumbnail (512 pixels, read from the cache or made and saved at once)
/// stretched into its full-tier layer, instead of a decode of the file at the layer's size: a
/// PNG of 512×384 read warm in a few milliseconds where a 12 MP JPEG takes a tenth of a second at
/// half scale (`fullTierDetail`). Smaller pictures are decoded as before (cheap, and exact:
/// the bundled deck's 640×400 card art keeps its pixel text sharp). The opened card (the photo
/// view's picture, an opened page) asks for exactly what it shows; where that is more than the
/// thumbnail, its file's decode replaces the thumbnail in the same layer
/// (`PictureResidency.isCurrent`).
extension ViewerPictures {
    /// The most detail (longer side, pixels) a resting full-tier card may show and still be
    /// drawn from its `x-large` thumbnail: 640.
    static let thumbnailDetailLimit = Int(Double(ThumbnailSize.xLarge.pixels) * ThumbnailSize.cardMagnification)

    /// The smallest picture (longer side, pixels) a full-tier card is drawn from a thumbnail of:
    /// past 1024, a decode for the full tier is at half scale or less.
    static let thumbnailPictureMinimum = 2 * ThumbnailSize.xLarge.pixels

    /// What a card showing `shows` pixels of a picture `pictureLongerSide` pixels long asks of
    /// the full tier (`PictureResidency.setWantedFullDetail`): a resting card of a picture over
    /// `thumbnailPictureMinimum` that shows at most `thumbnailDetailLimit` asks for the `x-large`
    /// thumbnail's 512 (magnified at most 1.25 ×, as card-tier pictures are); the opened card
    /// and every other asks for what it shows.
    static func fullTierDetail(shows: Int, pictureLongerSide: Int, opened: Bool) -> Int {
        guard !opened, pictureLongerSide > thumbnailPictureMinimum, shows <= thumbnailDetailLimit else { return shows }
        return min(shows, ThumbnailSize.xLarge.pixels)
    }

    /// The detail (longer side, pixels) the card of `picture` can show on a `box` of
    /// framebuffer pixels (its projected bounding box, or the framebuffer for the opened
    /// picture): the picture fitted in the box at its aspect (`PictureSizing.decodeSize`, never
    /// more than the picture's own pixels); the box is cut to the framebuffer first (a card
    /// reaching past the window's edges shows no more than the window). 0 when the picture's
    /// size is not known yet. - Complexity: O(1).
    func neededFullDetail(of picture: Int, box: Size) -> Int {
        guard picture >= 0, picture < fullSizes.count else { return 0 }
        return Self.neededDetail(picture: fullSizes[picture], box: box, framebuffer: framebuffer)
    }

    /// `neededFullDetail` for a picture of `picture` pixels (upright; empty: unknown, 0) on a
    /// `box` of framebuffer pixels in a `framebuffer`. - Complexity: O(1).
    static func neededDetail(picture: PixelSize, box: Size, framebuffer: PixelSize) -> Int {
        guard !picture.isEmpty, box.width.isFinite, box.height.isFinite else { return 0 }
        let cut = PixelSize(width: Int(min(box.width, Double(framebuffer.width)).rounded(.up)),
                            height: Int(min(box.height, Double(framebuffer.height)).rounded(.up)))
        guard cut.width > 0, cut.height > 0 else { return 0 }
        return PictureSizing.decodeSize(picture: picture, box: cut).longerSide
    }

    /// The thumbnail folder a full-tier load reads for a card asking `detail` pixels of a
    /// picture `pictureLongerSide` pixels long: `x-large` when its 512 pixels hold them and the
    /// picture is over `thumbnailPictureMinimum`, else `nil` (the file decoded at the layer's size).
    static func fullTierThumbnail(detail: Int, pictureLongerSide: Int) -> ThumbnailSize? {
        detail > 0 && detail <= ThumbnailSize.xLarge.pixels && pictureLongerSide > thumbnailPictureMinimum ? .xLarge : nil
    }

    /// The thumbnail folder the full-tier load of `picture` reads (`fullTierThumbnail(detail:)`
    /// for what its card asks now).
    func fullTierThumbnail(for picture: Int) -> ThumbnailSize? {
        guard picture >= 0, picture < longSides.count else { return nil }
        return Self.fullTierThumbnail(detail: pictureTier.residency.wantedFullDetail(of: picture),
                                      pictureLongerSide: Int(longSides[picture]))
    }
}
