import CardLayout
import CardMath
import CardPacking
import CardPictureDecoding
import CardPictureLoading
import CardPictures
import CardRendering
import CardText
import CardThumbnails
import CardViewerCore
import Foundation

/// The picture pipeline on the frame thread: the glue between a session's deck, the workers
/// that decode, and the renderer's picture pool, full-resolution pictures and title atlas.
/// Shared by the viewer (window and replays) and the benchmark, so the benchmark measures the
/// path a user runs.
///
/// Per frame (all O(visible cards), none of it waits for a file, a decode, a resize or a font):
/// 1. `update()` — before the frame: the demand of the last frame becomes decode requests and
///    cancellations (`PictureScheduler`), finished decodes are uploaded within an
///    `UploadBudget` into layers the LRU pools hand out (`PictureResidency`), titles likewise;
///    the session hears whether something changed (a frame to draw), fades and work in flight.
///    The pictures and the titles are each a `PictureTier` (residency, scheduler, demand, pool
///    growth): `pictureTier` with its card and full pools, `titleTier` with the atlas's slots.
/// 2. the frame is drawn (`ViewerFrameRenderer.draw`); after packing, the picture pass
///    (`decorate(_:)`) points every record at its card's own resident layer, or the
///    placeholder, sets the picture's rectangle (fitted or filled), its fade and its title,
///    reshapes SlideBox's card to its photo, and records the next demand: the cards in view,
///    then the cards the scroll is heading to, then those behind.
///
/// Memory stays bounded at any folder size: pools that start small and grow with the cards in
/// view up to a plan sized from the framebuffer (`PictureSizing.poolPlan`), shrinking at rest
/// (`ViewerPictures+PoolGrowth.swift`, `PictureTier+Textures.swift`), a bounded number of
/// decodes in flight and results waiting, and decoded pixels freed as soon as they are uploaded.
/// A card shows its own picture or its placeholder, never another card's: a layer changes hands
/// only with its key.
///
/// Threading: every method is for the frame thread (the renderer's context is current); the
/// work runs on `PictureWorkerPool` threads.
public final class ViewerPictures {
    public internal(set) var catalog: DeckCatalog
    let renderer: CardRenderer
    let session: ViewerSession
    let options: PictureOptions
    let cache: ThumbnailCache?
    let warnings: PictureWarnings
    let warn: @Sendable (String) -> Void
    let pool: PictureWorkerPool<PictureJobKey, PictureJob, PictureJobOutput>
    /// The workers' shared decodes of formats that decode whole (`WholeDecodeShare`): told the
    /// framebuffer's size.
    let decodingShare: WholeDecodeShare?
    let titleWorkers: PictureWorkerPool<PictureKey, TitleJob, TitleBitmap>?

    // The pools of the current framebuffer.
    var plan: PictureSizing.PoolPlan?
    var framebuffer = PixelSize(width: 0, height: 0)
    /// The first screen's pictures prepared while the window opened, until `prefetchSeconds`.
    var prefetch: FirstScreenPrefetch?
    var generation = 0
    /// The pictures: keyed by picture, in the card pool (the picture pool's texture, square
    /// layers of `plan.cardSide`) and the full pool (the full-resolution pictures, layers as
    /// large as the pictures they hold need, at most the framebuffer: `fullLayerSizeNeeded`;
    /// 0 × 0 while it has no layer). Its demand is recorded by `decorate`.
    var pictureTier: PictureTier
    /// The uploads of this update's pictures.
    var budget = UploadBudget()
    /// The uploads of one update while nothing moves: 48 pictures, 48 MiB (a screen of card-tier
    /// pictures, 30 × 0.8 MiB at 1440×900, in one go, where 4 a frame spread the first screen
    /// over 8 updates; its cost: docs/BENCHMARKS.md, "The picture pipeline's constants").
    static let restingUploadBudget = UploadBudget(maxCount: 48, maxBytes: 48 << 20)

    /// Per picture: width / height once known (decoded), NaN before.
    var aspects: [Float]
    /// Per picture: its size in pixels once known (decoded), 0 × 0 before: the photo view's 100 %.
    var fullSizes: [PixelSize]
    /// Per picture: its longer side in pixels once known (decoded), 0 before. A picture the
    /// card tier holds whole never asks for the full tier (`wantsFullTier`).
    var longSides: [Int32]
    /// Per card id: its picture, −1 for none (empty: `catalog.defaultPicture(forID:)`).
    var pictureOfID: [Int32] = []
    var tableRevision = -1

    /// The titles: keyed by card id, in the title atlas's slots (its card pool; layers of
    /// `titleSlotSize`, 0 × 0 until the first `configure`).
    var titleTier: PictureTier
    var titlesFailed = false

    /// Thumbnails still to save (`ThumbnailSaving.later`), when the workers are idle.
    var pendingThumbnails: [PendingThumbnail] = []
    var savingThumbnail = false

    /// The cards of the last decorated frame (scratch, kept between frames).
    var visible: [VisibleCard] = []
    /// The last frame's offset along the scroll, for the heading.
    var lastScrollPosition: Double?
    var heading = ScrollHeading.still
    /// Pictures uploaded since the start that had no tier resident before.
    var loadedCount = 0
    /// Which pictures (catalog positions) have been uploaded at least once, and how many.
    var everLoaded: [Bool] = []
    var distinctLoadedCount = 0
    /// Pictures uploaded since the start whose pixels came from a thumbnail (their files were
    /// not decoded): the benchmark's warm start reports it.
    public internal(set) var loadedFromThumbnails = 0
    /// The last frame's cards in view and ready (`decorate`).
    var frameStatus = PictureStatus()
    /// True when a picture in view was fading in at the last frame.
    var frameFading = false
    /// Cards in view at the last frame whose titles were not in the atlas yet.
    var frameTitlesMissing = 0
    /// True when a frame wanted full-resolution pictures while the content scrolled
    /// (`decorate` defers them): the next `update()` asks for a frame, which asks for them if
    /// the content stands by then.
    var fullTierDeferred = false
    /// Set when a frame being decorated took pictures from the prefetch for cards large enough
    /// for the full tier: their sizes, known now, may ask for it, which only a frame's demand
    /// says; the next update draws one.
    var takenAtDecorate = false
    /// True from new pools until the first frame on them is decorated: that frame hands its
    /// demand to the workers at once (`decorate`), so they start while it is drawn — the first
    /// frame of a window is the slowest (llvmpipe compiles its shaders then) — instead of at the
    /// next `update()`. Later frames leave it to `update()`.
    var requestsAtDecorate = false
    /// True when the content moved since the frame before the one being decorated: its cards
    /// draw from the card tier where they can (`decorate`).
    var frameScrolls = false
    /// The picture fitting of the last decorated frame's layout (`fitting(for:)`).
    var fittingCache: (kind: LayoutKind, mode: PictureFitMode, cardTakesAspect: Bool, titlesAtTop: Bool)?
    /// The photo view's tiles (`ViewerPictures+Tiles.swift`).
    var tiles = PhotoTiles()
    /// While true, pictures that arrive show at once (no fade): waits for pictures.
    public var arrivesFadedIn = false

    // Background thumbnailing and redraw batching (`ViewerPictures+Background.swift`).
    /// The whole deck's thumbnails, made by the workers behind what the screen needs.
    var backfill: ThumbnailBackfill
    /// Scratch of `feedBackfill`.
    var backfillScratch: [Int] = []
    /// Scratch of `decorate`: the cards of the frame in deck order (indices into `visible`).
    var visibleInDeckOrder: [Int32] = []
    /// The thumbnail folder the cards of the last frame ask for (`ThumbnailSize.forCard`).
    var cardThumbnailSize = ThumbnailSize.large
    /// The card index range in view at the last frame.
    var visibleRange: ClosedRange<Int>?
    /// Arrivals shown at most 4 times a second while nothing moves.
    var batching = RedrawBatching()
    /// The origin of `realTime`, the batches' clock.
    let clockOrigin = ContinuousClock.now
    /// The progress the session shows (thumbnails done, of all): changed only with a batch.
    var publishedBackfill = (done: 0, total: 0)
    /// When `publishedBackfill` last changed, on `realTime`.
    var lastProgressPublish = -Double.infinity
    /// True on Mesa's software rasterizers: pictures appear without fading in (each fade
    /// frame is a whole window drawn on the processors the decodes need).
    var softwareRenderer = false
    /// Background thumbnails made (not found) since the start.
    var thumbnailsMade = 0
    /// The reason each unreadable picture's card shows (`CardReason`), by picture.
    var cardReasons: [Int32: String] = [:]
    /// The info panel's camera settings, read in the background (`photoDetails(of:)`); tests
    /// put in one with a slow reader.
    var cameraReads = CameraSettingsReads()
    /// True from the info panel asking for settings not known yet (`photoDetails(of:)`) while
    /// they are read, and until one more advance after a read finished: `update()` looks at the
    /// reads only then, and the window keeps waking (`isWorking`) so that the open panel takes
    /// them (`InfoView.overlayDidAdvance`) even when nothing else moves. False (no look, no
    /// lock) while the panel is hidden.
    var cameraReadsOwed = false
    /// The histograms of the photo view's pictures, counted in the background
    /// (`photoHistogram(of:)`); tests put in one with a slow counter.
    var histogramReads = HistogramReads()
    /// As `cameraReadsOwed`, for the histogram (`G`): true from an ask for a histogram not
    /// counted yet until one more advance after the count finished; false while it is hidden.
    var histogramReadsOwed = false

    /// Title atlas slots, and the most titles rasterized at a time.
    static let titleSlots = 192
    /// Titles asked of the title worker at once: a screen of them (a grid of 30 at 1440×900
    /// came 8 an update — the first screen complete 0.13 s after its pictures).
    static let titlesInFlight = 48
    static let titleWidth = 1024

    /// Sets up the pipeline for `session`'s deck, drawn with `renderer` (`ViewerBuilder` makes
    /// it, and the frame that calls its picture pass). Starts the workers; the pools are made at
    /// the first `update()`, for the framebuffer then.
    ///
    /// - Parameter warn: one-line warnings: pictures that cannot be read (the first 20, then a
    ///   count at `shutdown()`), an unwritable thumbnail cache, no font for titles.
    init(catalog: DeckCatalog, session: ViewerSession, renderer: CardRenderer, options: PictureOptions = PictureOptions(),
         prefetch: FirstScreenPrefetch? = nil, warn: @escaping @Sendable (String) -> Void) throws {
        self.catalog = catalog
        self.session = session
        self.options = options
        self.renderer = renderer
        warnings = PictureWarnings(warn: warn)
        self.warn = warn
        cache = prefetch?.cache ?? Self.thumbnailCache(for: catalog, options: options, warn: warn)
        self.prefetch = prefetch
        let workers = options.workers ?? PictureWorkers.count(cores: ProcessInfo.processInfo.activeProcessorCount)
        let decoding = prefetch?.decoding ?? Self.decoding(options)
        decodingShare = decoding.share
        pool = PictureWorkerPool(workerCount: workers, completedLimit: PictureSizing.completedLimit(workers: workers),
                                 name: "picture-worker", budget: decoding.budget) { try PictureWork.run($0, decoding: decoding) }
        let count = catalog.pictures.count
        pictureTier = PictureTier(content: .pictures, keyCount: count, maxInFlight: PictureSizing.maxInFlight(workers: workers),
                                  demandCapacity: 512)
        aspects = Array(repeating: .nan, count: count)
        fullSizes = Array(repeating: PixelSize(width: 0, height: 0), count: count)
        longSides = Array(repeating: 0, count: count)
        backfill = ThumbnailBackfill(pictureCount: cache != nil && options.thumbnailCache == .readwrite ? count : 0)
        titleTier = PictureTier(content: .titles, keyCount: 0, maxInFlight: Self.titlesInFlight, demandCapacity: 256)
        if catalog.showsTitles {
            // The prefetch's, when there is one: its font is open already.
            let workshop = prefetch?.titleWorkshop ?? TitleWorkshop()
            titleWorkers = PictureWorkerPool<PictureKey, TitleJob, TitleBitmap>(workerCount: 1, completedLimit: Self.titlesInFlight,
                                                                                name: "title-worker") {
                try workshop.render($0)
            }
        } else {
            titleWorkers = nil
        }
        visible.reserveCapacity(256)
        connectPhotoView()
    }

    /// The most layers of each tier for a framebuffer of `framebuffer` pixels
    /// (`PictureSizing.poolPlan` within the options' budget and the renderer's limits).
    static func poolPlan(framebuffer: PixelSize, options: PictureOptions) -> PictureSizing.PoolPlan {
        var plan = PictureSizing.poolPlan(framebuffer: framebuffer, budget: options.textureBudget, mipmapped: true)
        if let layers = options.cardLayers { plan.cardLayers = min(max(layers, 1), PictureLayer.poolLimit) }
        plan.fullLayers = min(plan.fullLayers, PictureLayer.fullResolutionLayers)
        return plan
    }

    /// A title atlas slot for a framebuffer of `framebuffer` pixels showing `viewport` points:
    /// one line of text as tall as the tallest title the cards draw (26 points) at the
    /// framebuffer's scale, within 24…64 pixels, `titleWidth` wide.
    static func titleSlotSize(framebuffer: PixelSize, viewport: Size) -> PixelSize {
        let scale = viewport.width > 0 ? Double(framebuffer.width) / viewport.width : 1
        return PixelSize(width: titleWidth, height: min(max(Int((26 * scale).rounded()), 24), 64))
    }

    /// The textures the first frame samples for `framebuffer` pixels showing `viewport` points
    /// (`configure`): the pool's layer side, and the title atlas's slot when the deck shows
    /// titles. What programs compiled ahead are compiled for (`CompileAhead`).
    static func firstFrameShapes(showsTitles: Bool, framebuffer: PixelSize, viewport: Size,
                                 options: PictureOptions) -> CompileAhead.Shapes {
        CompileAhead.Shapes(cardSide: poolPlan(framebuffer: framebuffer, options: options).cardSide,
                            titleSlot: showsTitles ? titleSlotSize(framebuffer: framebuffer, viewport: viewport)
                                : PixelSize(width: 0, height: 0))
    }

    /// The thumbnail cache a deck's pictures go through: the shared one, unless the deck is not
    /// a folder's or the options turn it off.
    static func thumbnailCache(for catalog: DeckCatalog, options: PictureOptions,
                               warn: @escaping @Sendable (String) -> Void) -> ThumbnailCache? {
        catalog.usesThumbnailCache && options.thumbnailCache != .off
            ? ThumbnailCache(root: options.thumbnailRoot, mode: options.thumbnailCache, warn: warn) : nil
    }

    /// How the workers decode: within the options' limits and one decode budget.
    static func decoding(_ options: PictureOptions) -> PictureDecoding {
        PictureDecoding(limits: options.limits, budget: DecodeBudget(capacity: options.limits.decodeBudget),
                        embeddedPreviews: options.embeddedPreviews, share: WholeDecodeShare())
    }

    /// Seconds after the start when the first screen's prefetch lets go of what no load took.
    static let prefetchSeconds = 2.0

    deinit {
        prefetch?.discard()
        pool.shutdown()
        titleWorkers?.shutdown()
    }

    /// How long `shutdown` waits for a job in progress, seconds: a thumbnail being written is
    /// given a moment to land (its write is atomic either way), a decode is not waited for —
    /// the decoders cannot be interrupted, and a quitting viewer leaves them to end with the
    /// process (SPEC §11: quitting never waits on a worker).
    static let quitWaitSeconds = 0.05

    /// Stops the workers and writes the count of the unreadable pictures not warned about one
    /// by one. Thumbnails still waiting for an idle worker (`ThumbnailSaving.later`; the
    /// viewer's own loads save theirs at once) are saved for at most `thumbnailSeconds` — 0
    /// by default: they are a cache, and quitting at once matters more (issue 21: Q took
    /// 1.1–1.65 s, most of it these saves and the wait for a decode in progress).
    public func shutdown(thumbnailSeconds: Double = 0) {
        if !pendingThumbnails.isEmpty, thumbnailSeconds > 0 {
            let deadline = ContinuousClock.now + .milliseconds(Int64(thumbnailSeconds * 1000))
            for (index, pending) in pendingThumbnails.enumerated() {
                pool.submit(.thumbnail(Int32(truncatingIfNeeded: index + 1)), request: .saveThumbnail(pending), priority: Int.max - 1)
            }
            var saved = 0
            while saved < pendingThumbnails.count, ContinuousClock.now < deadline {
                pool.takeCompleted(limit: .max) { completion in
                    if case .thumbnail(let number) = completion.key, number > 0 { saved += 1 }
                    return true
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
        pendingThumbnails.removeAll()
        pool.shutdown(waitingAtMost: Self.quitWaitSeconds)
        titleWorkers?.shutdown(waitingAtMost: 0)  // a title being rasterized writes nothing: not waited for
        warnings.finish()
    }

    /// The status of the pictures, as the session's HUD gets it: cards in view and ready,
    /// pictures loaded and unreadable, texture memory.
    public var status: PictureStatus { reportedStatus }

    /// The full tier's layers taken on top of its need (`PoolGrowth.headroom`): pages' first
    /// screen needs 5, a page further 8; taking 8 at once keeps the walk's peak at 8 layers
    /// instead of 13 (5 copied into 8).
    static let fullTierHeadroom = 0.5

    /// (Re)creates the picture pool and the full-resolution pictures for `drawable` pixels
    /// (HiDPI included), forgetting what they held; the next frames ask for their pictures
    /// again. Results of decodes made for the old sizes are dropped when they arrive.
    ///
    /// The pools start small — `initialCardLayers` card layers, no full-tier layer,
    /// `initialTitleSlots` title slots — and grow up to the plan for the framebuffer
    /// (`PictureSizing.poolPlan`, or `PictureOptions.cardLayers`) as the cards in view need
    /// them (`adaptPools`): nothing is allocated for the whole budget up front.
    func configure(for drawable: PixelSize) throws {
        decodingShare?.setBox(drawable)
        let plan = Self.poolPlan(framebuffer: PixelSize(width: drawable.width, height: drawable.height), options: options)
        // A deck of fewer pictures never needs more layers than it has pictures (the pool
        // still grows if pictures are added: a streamed listing, a drop). The full pool takes
        // the layers it needs and its headroom, from none.
        pictureTier.startPools(keyCount: catalog.pictures.count,
                               card: PoolGrowth(minimum: min(Self.initialCardLayers, max(catalog.pictures.count, 1)),
                                                maximum: plan.cardLayers),
                               full: PoolGrowth(minimum: 0, maximum: plan.fullLayers, doubles: false,
                                                headroom: Self.fullTierHeadroom),
                               cardLayerSize: PixelSize(width: plan.cardSide, height: plan.cardSide),
                               fullLayerSize: PixelSize(width: 0, height: 0))
        try pictureTier.makeTextures(on: renderer)
        self.plan = plan
        framebuffer = drawable
        generation += 1
        requestsAtDecorate = true
        // The title atlas is made once: its slot size follows the first framebuffer.
        if titleWorkers != nil, titleSlotSize.isEmpty {
            titleTier.startPools(keyCount: Int(session.deck.nextID),
                                 card: PoolGrowth(minimum: Self.initialTitleSlots, maximum: Self.titleSlots),
                                 full: PoolGrowth(minimum: 0, maximum: 0),
                                 cardLayerSize: Self.titleSlotSize(framebuffer: drawable, viewport: session.viewport),
                                 fullLayerSize: PixelSize(width: 0, height: 0))
            try titleTier.makeTextures(on: renderer)
        }
    }

    /// The title atlas's slot size, pixels; 0 × 0 before the first `configure` (or without titles).
    var titleSlotSize: PixelSize { titleTier.layerSize(of: .card) }

    /// Brings the card → picture table (and the title pools) up to the deck, when it changed.
    func refreshTables() {
        guard tableRevision != session.deckRevision else { return }
        tableRevision = session.deckRevision
        let deck = session.deck
        pictureOfID = catalog.pictureTable(for: deck)
        if titleWorkers != nil, titleTier.keyCount < Int(deck.nextID) { titleTier.resizeKeys(to: Int(deck.nextID)) }
    }

    /// The picture of card `id`, −1 for none. - Complexity: O(1).
    @inline(__always)
    func picture(ofID id: UInt32) -> Int32 {
        if Int(id) < pictureOfID.count { return pictureOfID[Int(id)] }
        return pictureOfID.isEmpty ? catalog.defaultPicture(forID: id) : -1
    }

    /// Bytes of texture memory holding pictures now (layers of both pools with their mips).
    var residentBytes: Int { plan == nil ? 0 : pictureTier.residentBytes }

    /// Bytes of the pools as allocated now (pictures with mips; titles, one byte a texel, with
    /// mips): they grow and shrink with what is shown.
    var poolBytes: Int {
        guard plan != nil else { return 0 }
        return pictureTier.poolBytes + (titleWorkers == nil ? 0 : titleTier.poolBytes)
    }
}

/// A card of the frame being decorated.
struct VisibleCard {
    /// Its record's index in the frame.
    var record: Int32
    /// Its picture, −1 for none.
    var picture: Int32
    /// Its id, the key of its title.
    var id: UInt32
    /// Its index in the deck (−1 when not found).
    var position: Int32 = -1
    /// Its projected area, pixels² (the full tier goes to the largest cards first).
    var area: Double
    /// False when its projected bounding box lies wholly outside the window: not in view, no
    /// full tier (`RecordGeometry.isOnScreen`).
    var onScreen = true
    /// True when it is shown large enough to need the full tier (and, after the choice of the
    /// largest, gets it).
    var wantsFull: Bool
    /// Scratch of that choice.
    var getsFull = false
    /// The detail (longer side, pixels) it can show of its picture (`neededFullDetail`): what
    /// it asks of the full tier when it gets it.
    var fullDetail: Int32 = 0
    /// True when it is large enough for the full tier but its picture's size is not known yet
    /// (the size tells whether the picture has more than the card tier holds): not final.
    var sizeUnknown = false
}
