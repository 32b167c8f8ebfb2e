import CardInteraction
import CardLayout
import CardMath
import CardPictureFolders
import CardRendering
import CardViewerCore
import CardViewerFrame
import Foundation

/// One start of the viewer on a photo folder, headless, assembled by `ViewerBuilder` as
/// `cardviewer run --images DIR` assembles it: the folder listed into a `DeckCatalog`, an
/// offscreen EGL context standing in for the window, then the session of the fresh deck, the
/// renderer, the frame and the `ViewerPictures` pipeline with its workers. Each frame is what
/// the viewer's loop does: `pictures.update()`, then `frame.draw()` (with the pipeline's
/// picture pass), then `glFinish`.
///
/// Times are read on the monotonic clock, nanoseconds.
final class PhotoViewerStart {
    /// The viewer, as the builder assembled it.
    let viewer: AssembledViewer
    let context: EGLOffscreenContext
    var catalog: DeckCatalog { viewer.catalog }
    var session: ViewerSession { viewer.session }
    var pictures: ViewerPictures { viewer.pictures }
    /// Before the folder was listed.
    let began: UInt64
    /// After the listing (and the fresh deck).
    let listed: UInt64
    /// After the context, the renderer and the pipeline were made.
    let prepared: UInt64
    /// The end of the first frame's `glFinish`, once drawn.
    private(set) var firstFrame: UInt64?
    /// Frames drawn so far.
    private(set) var framesDrawn = 0
    /// When `runAtRest` last began a frame (0: never), monotonic nanoseconds.
    private var lastFrameStart: UInt64 = 0
    /// A display's refresh interval, nanoseconds: a window draws no faster (vsync).
    static let refresh = UInt64(1e9 / 60)

    /// Lists `settings.folder` and makes everything the viewer makes before its first frame.
    ///
    /// - Throws: `PhotoBenchmarkError.badFolder` for a missing or empty folder, `.runtime` when
    ///   headless OpenGL 3.3 or a resource is not available.
    init(_ settings: PhotoBenchmarkSettings, options: PictureOptions, warn: @escaping @Sendable (String) -> Void) throws {
        began = MonotonicClock.now()
        var builder = ViewerBuilder(deck: .folder(path: settings.folder), layout: settings.layout)
        builder.ordering = settings.ordering
        builder.eyeDistance = settings.eyeDistance
        builder.pictures = options
        builder.warn = warn
        let loaded: ViewerBuilder.LoadedDeck
        do {
            loaded = try builder.loadDeck()
        } catch let error as DeckLoadError {
            throw PhotoBenchmarkError.badFolder(error.description)
        }
        guard !loaded.catalog.available.isEmpty else {
            throw PhotoBenchmarkError.badFolder("no \(PictureFolder.kindsText) pictures in '\(settings.folder)': nothing to measure")
        }
        listed = MonotonicClock.now()
        do {
            context = try EGLOffscreenContext(size: settings.pixelSize, samples: 1)
            viewer = try builder.build(loaded, on: context)
        } catch let error as RenderError {
            if case .beyondDriverLimit = error { throw PhotoBenchmarkError.badSize("--size: \(error.description)") }
            throw PhotoBenchmarkError.runtime(error.description)
        }
        prepared = MonotonicClock.now()
    }

    /// One frame as the viewer's loop draws it: `update()`, the frame, `glFinish`. Returns its
    /// duration, nanoseconds.
    @discardableResult
    func drawFrame() throws -> UInt64 {
        let start = MonotonicClock.now()
        try pictures.update()
        try drawWithoutUpdate()
        return MonotonicClock.now() &- start
    }

    /// The frame and `glFinish`, without `update()`.
    func drawWithoutUpdate() throws {
        do {
            _ = try viewer.frame.draw()
        } catch let error as RenderError {
            throw PhotoBenchmarkError.runtime(error.description)
        }
        context.present()  // glFinish
        framesDrawn += 1
        if firstFrame == nil { firstFrame = MonotonicClock.now() }
    }

    /// Seconds since `began` on the monotonic clock: the session's clock while it runs in real time.
    var elapsed: Double { Double(MonotonicClock.now() &- began) / 1e9 }

    /// The viewer at rest in real time, as its window loop runs it without input: the session
    /// advanced to the clock, `update()`, a frame whenever the session asks for one — no sooner
    /// than a display's refresh (1/60 s) after the last, as a window's buffer swap waits for
    /// vsync (a fade-in asks for frame after frame: unpaced, they would take the processor from
    /// the workers) — otherwise a poll's sleep; until the cards in view show their pictures (`isSettled`) or, with
    /// `untilIdle`, until the pipeline has nothing left to do (the neighbourhood loaded and,
    /// cold, the thumbnails saved).
    ///
    /// - Returns: the end of the frame at which it happened (monotonic nanoseconds).
    /// - Throws: `PhotoBenchmarkError.runtime` after `timeout` seconds.
    func runAtRest(untilIdle: Bool = false, timeout: Double, what: String) throws -> UInt64 {
        let deadline = MonotonicClock.now() &+ UInt64(max(timeout, 0) * 1e9)
        while true {
            session.advance(to: elapsed)
            let changed = try pictures.update()
            if session.needsDisplay || session.needsFrames || changed || firstFrame == nil {
                let since = MonotonicClock.now() &- lastFrameStart
                if lastFrameStart > 0, since < Self.refresh { Thread.sleep(forTimeInterval: Double(Self.refresh - since) / 1e9) }
                lastFrameStart = MonotonicClock.now()
                try drawWithoutUpdate()
                if pictures.isSettled, !untilIdle || pictures.isIdle { return MonotonicClock.now() }
            } else if pictures.isSettled, !untilIdle || pictures.isIdle {
                return MonotonicClock.now()
            } else {
                // The window loop's wait while decodes are in flight: until the session's next
                // deadline, a poll (`picturePollInterval`) at most.
                let wait = session.waitBeforeNextFrame(now: session.time, canDraw: true) ?? ViewerSession.picturePollInterval
                Thread.sleep(forTimeInterval: min(max(wait, 0.001), ViewerSession.picturePollInterval))
            }
            if MonotonicClock.now() > deadline {
                let missing = pictures.missingFiles.prefix(5).joined(separator: ", ")
                throw PhotoBenchmarkError.runtime("\(what): not done after \(Int(timeout)) s"
                                                  + (missing.isEmpty ? "" : " (waiting for \(missing))"))
            }
        }
    }

    /// Stops the pipeline as the viewer does at quit, saving pending thumbnails for at most
    /// `thumbnailSeconds`.
    func shutdown(thumbnailSeconds: Double) {
        pictures.shutdown(thumbnailSeconds: thumbnailSeconds)
    }
}
