import CardPictures
import CardRendering
import CardThumbnails
import CardViewerFrame
import Foundation

/// `cardviewer bench --images DIR`: a photo folder through the code the viewer runs — the
/// folder's listing, `ViewerSession`, `ViewerFrameRenderer` and the `ViewerPictures` pipeline
/// with its workers, uploads and picture pass — drawn headless, on the real clock.
///
/// Each start is a fresh viewer (`PhotoViewerStart`), one after the other in one process:
/// 1. **cold start** on a fresh temporary thumbnail-cache root: first frame, first screen; then
///    the **scroll** (`measureScroll`): a steady drag over the first screens at 60 frames per
///    second while the pictures load, back screen by screen until every position's pictures
///    are resident, idle until the pipeline has nothing left (the thumbnails it made are saved
///    then, as a viewer left alone saves them), and the same drag again with the pictures
///    resident;
/// 2. **warm start** on that cache root: first frame, first screen, then the scroll's screens;
/// 3. **end to end** on another fresh root: every screen of the deck (or of its first `limit`
///    cards), waiting at each until its pictures show, as a window shows them;
/// 4. **background** on another fresh root (`readwrite` only): left at rest until the whole
///    folder is thumbnailed, as a window left alone (`measureBackground`);
/// 5. `vipsthumbnail` on the same files, when asked.
/// The temporary roots are removed at the end; the folder is only read.
public final class PhotoBenchmark {
    public let settings: PhotoBenchmarkSettings
    let warn: @Sendable (String) -> Void
    /// Where `readwrite` runs keep their thumbnails (removed at the end).
    let scratch: URL
    /// The decode workers of every start.
    public let workers: Int
    /// The CPU and GL driver, once the first start has made its context.
    public private(set) var machine: MachineInfo?

    public init(settings: PhotoBenchmarkSettings, warn: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.warn = warn
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-bench-\(UUID().uuidString)")
        workers = settings.workers ?? PictureWorkers.count(cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// The pipeline's options for a start whose cache lives in `root` (`readwrite`), the
    /// user's (`read`) or nowhere (`off`).
    func options(root: String?) -> PictureOptions {
        var options = PictureOptions()
        options.thumbnailCache = settings.thumbnailCache
        options.thumbnailRoot = settings.thumbnailCache == .readwrite ? root : nil
        options.workers = workers
        options.limits = settings.pictureLimits
        options.embeddedPreviews = settings.embeddedPreviews
        return options
    }

    /// A fresh temporary cache root under `scratch`.
    func freshRoot(_ name: String) throws -> String {
        let root = scratch.appendingPathComponent(name).appendingPathComponent("thumbnails")
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw PhotoBenchmarkError.runtime("cannot make a temporary thumbnail cache '\(root.path)': \(error.localizedDescription)")
        }
        return root.path
    }

    /// Runs every part in order; `progress` hears each part's name as it begins.
    ///
    /// - Throws: `PhotoBenchmarkError`.
    public func run(progress: (String) -> Void = { _ in }) throws -> PhotoBenchmarkResult {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let vips = settings.comparesVips ? try VipsThumbnail.locate() : nil
        let coldRoot = try freshRoot("cold")
        progress("cold start and scroll")
        let (cold, scroll, plan, pictures) = try measureColdStart(root: coldRoot)
        var warm: WarmStart?
        if settings.hasWarmStart {
            progress("warm start")
            warm = try measureWarmStart(root: coldRoot, screens: scroll.distance)
        }
        progress("end to end")
        let endToEnd = try measureEndToEnd(root: try freshRoot("end-to-end"))
        var background: BackgroundThumbnails?
        if settings.thumbnailCache == .readwrite {
            progress("background thumbnailing")
            background = try measureBackground(root: try freshRoot("background"))
        }
        var vipsResult: VipsResult?
        if let vips {
            progress("vipsthumbnail")
            let files = try PhotoFiles.paths(in: settings.folder, first: endToEnd.cards)
            vipsResult = try vips.measure(files: files, side: plan.cardSide, processes: workers, output: scratch.appendingPathComponent("vips"),
                                          ours: endToEnd.picturesPerSecond)
        }
        return PhotoBenchmarkResult(folder: settings.folder, pictures: pictures, layout: settings.layout.rawValue,
                                    thumbnailCache: settings.thumbnailCache.rawValue, workers: workers,
                                    cardTierSide: plan.cardSide, cardTierLayers: plan.cardLayers,
                                    cold: cold, scroll: scroll, endToEnd: endToEnd, warm: warm, vips: vipsResult,
                                    background: background)
    }

    /// The first start and the scroll on it.
    func measureColdStart(root: String) throws -> (StartTimes, ScrollFrames, PictureSizing.PoolPlan, Int) {
        let start = try PhotoViewerStart(settings, options: options(root: root), warn: warn)
        defer { start.shutdown(thumbnailSeconds: 0) }
        let timer = try? GPUTimer(context: start.context)
        machine = MachineInfo(cpu: MachineInfo.cpuModel(), cores: MachineInfo.activeCores, glRenderer: start.context.info.renderer,
                              glVersion: start.context.info.version, gpuTimer: timer?.isAvailable ?? false)
        let times = try measureFirstScreen(start)
        guard let plan = start.pictures.poolPlan else { throw PhotoBenchmarkError.runtime("the picture pools were not made") }
        let scroll = try measureScroll(start, root: root)
        return (times, scroll, plan, start.catalog.pictures.count)
    }

    /// From before the listing to the first frame, and to the first frame showing every
    /// picture in view, the viewer at rest in real time.
    func measureFirstScreen(_ start: PhotoViewerStart) throws -> StartTimes {
        let settled = try start.runAtRest(timeout: settings.waitTimeout, what: "the first screen")
        let first = start.firstFrame ?? settled
        let status = start.session.pictureStatus
        return StartTimes(listing: Double(start.listed &- start.began), prepared: Double(start.prepared &- start.began),
                          firstFrame: Double(first &- start.began), firstScreen: Double(settled &- start.began),
                          firstScreenAfterFirstFrame: Double(settled &- first), cardsInView: start.pictures.status.inView,
                          picturesLoaded: status.loaded, fromThumbnails: start.pictures.loadedFromThumbnails,
                          maximumResidentBytes: ResourceUsage.maximumResidentBytes)
    }
}
