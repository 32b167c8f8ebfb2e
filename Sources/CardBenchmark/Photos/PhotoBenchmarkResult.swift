/// What `bench --images DIR` measured: the JSON's `images` object (schema `cardviewer-bench/2`,
/// documented in docs/formats/bench-json.md). Times in nanoseconds, sizes in bytes, from the monotonic clock.
public struct PhotoBenchmarkResult: Hashable, Sendable, Codable {
    /// The folder and how many pictures its listing has.
    public var folder: String
    public var pictures: Int
    public var layout: String
    /// "readwrite" (a fresh temporary cache root), "read" (the user's cache, read-only) or "off".
    public var thumbnailCache: String
    /// The pipeline's decode workers (and `vipsthumbnail`'s processes).
    public var workers: Int
    /// The card tier's square layer side, pixels, and its layer count.
    public var cardTierSide: Int
    public var cardTierLayers: Int
    /// The first start: cold (nothing cached) with `readwrite` and `off`.
    public var cold: StartTimes
    /// The steady scroll through the first screens while the pictures load, then again with
    /// them resident.
    public var scroll: ScrollFrames
    /// A start scrolling the whole deck (or the first `limit` cards) screen by screen.
    public var endToEnd: EndToEnd
    /// The second start on the cold start's cache; absent with `--thumbnail-cache off`.
    public var warm: WarmStart?
    /// `vipsthumbnail` on the same files; absent without `--compare-vips`.
    public var vips: VipsResult?
    /// The whole folder thumbnailed in the background at rest; absent unless the cache is
    /// `readwrite` (nothing is written otherwise).
    public var background: BackgroundThumbnails? = nil
}

/// A start, from before listing the folder.
public struct StartTimes: Hashable, Sendable, Codable {
    /// Listing the folder into the deck.
    public var listing: Double
    /// Listing + the EGL context, session, renderer (shaders) and pipeline.
    public var prepared: Double
    /// To the end of the first frame's `glFinish`.
    public var firstFrame: Double
    /// To the end of the first frame at which every card in view shows its picture and title.
    public var firstScreen: Double
    /// firstScreen − firstFrame.
    public var firstScreenAfterFirstFrame: Double
    /// Cards in view at that frame, and pictures loaded by then.
    public var cardsInView: Int
    public var picturesLoaded: Int
    /// Of those, the ones that came from thumbnails (their files were not decoded).
    public var fromThumbnails: Int
    /// The process's peak resident memory then (`getrusage`), bytes: the viewer's fixed cost
    /// (runtime, llvmpipe, framebuffers, picture pools) before any scrolling.
    public var maximumResidentBytes: Int
}

/// Frame times (update + draw + glFinish) of the same scroll twice.
public struct ScrollFrames: Hashable, Sendable, Codable {
    /// Frames per pass (drawn at 60 per second of real time) and the distance, points.
    public var frames: Int
    public var distance: Double
    /// While the pictures load; then over the same positions with them resident.
    public var loading: Summary
    public var after: Summary
    /// loading.p99 / after.p99 (target ≤ 1.5).
    public var p99Ratio: Double
    /// Frames of each pass with cards in view still waiting for their pictures.
    public var loadingFramesWaiting: Int
    public var afterFramesWaiting: Int
    /// Pictures loaded during each pass (after: should be 0).
    public var loadingPicturesLoaded: Int
    public var afterPicturesLoaded: Int
    /// Between the passes: how long the pipeline took to go idle (the scrolled screens' and their
    /// neighbourhood's pictures loaded, pending thumbnails saved), and the thumbnails then on disk.
    public var idle: Double
    public var thumbnailsOnDisk: Int
}

/// Scrolling end to end, screen by screen, waiting at each until its pictures show.
public struct EndToEnd: Hashable, Sendable, Codable {
    /// Cards scrolled through, screens visited.
    public var cards: Int
    public var screens: Int
    /// Pictures loaded, and the time from the first frame to the last screen shown.
    public var picturesLoaded: Int
    public var duration: Double
    public var picturesPerSecond: Double
    /// The mean source size of the pictures scrolled through (a header probe of up to 500 of
    /// them after the run), megapixels; picturesPerSecond × it.
    public var meanSourceMegapixels: Double
    public var megapixelsPerSecond: Double
    /// The process's peak resident memory at the end (`getrusage`), bytes.
    public var maximumResidentBytes: Int
    /// The most texture memory holding pictures at any screen, and the pools' size.
    public var pictureResidentBytes: Int
    public var picturePoolBytes: Int
    public var fromThumbnails: Int
    public var unreadable: Int
}

/// The second start, on the thumbnails the first saved.
public struct WarmStart: Hashable, Sendable, Codable {
    public var start: StartTimes
    /// Screens scrolled through after the first (those of the scroll), pictures loaded and the
    /// time from the first frame to the last screen shown.
    public var screens: Int
    public var picturesLoaded: Int
    public var fromThumbnails: Int
    public var duration: Double
    public var picturesPerSecond: Double
}

/// `vipsthumbnail` on the same files, in as many processes as the pipeline has workers.
public struct VipsResult: Hashable, Sendable, Codable {
    public var pictures: Int
    public var processes: Int
    /// `-s SxS`: the card tier's side.
    public var side: Int
    public var duration: Double
    public var picturesPerSecond: Double
    /// endToEnd.picturesPerSecond / picturesPerSecond (target ≥ 1).
    public var ratio: Double
    /// Invocations that exited with an error (a file vips cannot read).
    public var failedRuns: Int
}
