import CardLayout
import CardPacking
import CardMath
import CardPictureDecoding
import CardRendering
import CardThumbnails

/// What `cardviewer bench --images DIR` measures: a photo folder shown by the viewer's own
/// picture pipeline, headless, on the real clock.
public struct PhotoBenchmarkSettings: Sendable {
    /// The folder of pictures (only ever read).
    public var folder: String
    /// The layout the viewer shows the folder in.
    public var layout: LayoutKind
    /// The viewport in points; frames are drawn at one pixel per point.
    public var viewport: Size
    /// The shared camera's eye distance, points (`--camera-distance`).
    public var eyeDistance = Camera.defaultEyeDistance
    /// The visibility ordering the viewer draws with.
    public var ordering: RenderOrdering
    /// How the thumbnail cache is used: `readwrite` and `off` run on a fresh temporary cache
    /// root (or none), `read` on the user's cache, read-only.
    public var thumbnailCache: ThumbnailCacheMode
    /// What one picture may cost to decode (`--max-file-size`, `--max-pixels`, `--max-picture-memory`).
    public var pictureLimits: PictureLimits
    /// Cards the end-to-end scroll goes through (the first N); `nil`: the whole deck.
    public var limit: Int?
    /// Frames of the loading-vs-after scroll, drawn at 60 per second of real time.
    public var scrollFrames: Int
    /// Screens the loading-vs-after scroll covers (a steady drag over them).
    public var scrollScreens: Double
    /// Also time `vipsthumbnail` on the same files.
    public var comparesVips: Bool
    /// Decode workers; `nil`: the viewer's choice (`PictureWorkers.count(cores:)`).
    public var workers: Int?
    /// How long any wait for pictures may take before the run fails, seconds.
    public var waitTimeout: Double
    /// Cards may be decoded from JPEGs' embedded previews (`--no-embedded-previews`: off).
    public var embeddedPreviews = true

    public init(folder: String, layout: LayoutKind = .grid, viewport: Size = Size(width: 1280, height: 800),
                ordering: RenderOrdering = .depth, thumbnailCache: ThumbnailCacheMode = .readwrite,
                pictureLimits: PictureLimits = .standard, limit: Int? = nil, scrollFrames: Int = 120,
                scrollScreens: Double = 3, comparesVips: Bool = false, workers: Int? = nil, waitTimeout: Double = 120) {
        self.folder = folder
        self.layout = layout
        self.viewport = viewport
        self.ordering = ordering
        self.thumbnailCache = thumbnailCache
        self.pictureLimits = pictureLimits
        self.limit = limit
        self.scrollFrames = max(1, scrollFrames)
        self.scrollScreens = scrollScreens.isFinite ? max(0, scrollScreens) : 3
        self.comparesVips = comparesVips
        self.workers = workers
        self.waitTimeout = waitTimeout
    }

    /// The drawable in pixels: one pixel per point, at least 1 × 1.
    public var pixelSize: PixelSize {
        PixelSize(width: max(1, Int(clamp(viewport.width, 1, 16_384))), height: max(1, Int(clamp(viewport.height, 1, 16_384))))
    }

    /// True when there is a warm start to measure (a cache to read).
    public var hasWarmStart: Bool { thumbnailCache != .off }
}

/// Why the photo benchmark cannot run or stopped: one line.
public enum PhotoBenchmarkError: Error, CustomStringConvertible, Equatable {
    /// The folder is missing, not a folder, unlistable or holds no picture (bad input).
    case badFolder(String)
    /// `--size` beyond the OpenGL driver's limits, naming the limit (bad input).
    case badSize(String)
    /// A failure while running: no EGL context, a wait for pictures that timed out, a
    /// `vipsthumbnail` that failed.
    case runtime(String)

    public var description: String {
        switch self {
        case .badFolder(let message), .badSize(let message), .runtime(let message): message
        }
    }
}
