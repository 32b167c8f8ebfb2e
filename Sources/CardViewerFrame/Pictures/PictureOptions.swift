import CardPictureDecoding
import CardPictures
import CardThumbnails

/// How the viewer's picture pipeline is set up (`run` and `bench` options).
public struct PictureOptions: Sendable {
    /// How the freedesktop.org thumbnail cache is used (`--thumbnail-cache`).
    public var thumbnailCache: ThumbnailCacheMode = .readwrite
    /// The cache's root; `nil`: `$XDG_CACHE_HOME/thumbnails` or `~/.cache/thumbnails`.
    public var thumbnailRoot: String?
    /// Forces the card tier's layer count (a hidden option for tests: a pool smaller than the
    /// folder, to see eviction); `nil`: sized from the window and `textureBudget`.
    public var cardLayers: Int?
    /// Decode workers; `nil`: `PictureWorkers.count(cores:)`.
    public var workers: Int?
    /// Texture bytes both picture pools may use (`PictureSizing.poolPlan`).
    public var textureBudget = PictureSizing.defaultTextureBudget
    /// Pictures fade in over their placeholders (off: they appear at once).
    public var fadesIn = true
    /// What one picture may cost to decode (`--max-file-size`, `--max-pixels`,
    /// `--max-picture-memory`); the workers share `limits.decodeBudget`.
    public var limits = PictureLimits.standard
    /// Cards are decoded from a JPEG's embedded preview (EXIF thumbnail, MPF large thumbnail)
    /// when it covers the card's thumbnail size (`--no-embedded-previews` turns it off); the
    /// full tier and the zoom always decode the main image.
    public var embeddedPreviews = true

    public init() {}
}
