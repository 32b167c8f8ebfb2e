import CardFiles
import CardImaging
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardViewerCore
import CardViewerFrame
import Foundation

/// Drives an assembled viewer (`ViewerBuilder`): draws its frames with the text overlay and
/// presents them, keeps the pictures in step with the session, takes screenshots and saves the
/// deck. The same for a window and for offscreen replays.
final class ViewerDriver {
    /// The viewer: session, renderer, frame, picture pipeline and overlay.
    let viewer: AssembledViewer
    let session: ViewerSession
    let store: DeckStore?
    /// Writes the deck's snapshots off the frame thread.
    private let saver: DeckSaver?
    let screenshotDirectory: String
    let report: (String) -> Void
    let warn: (String) -> Void
    private var savedRevision: Int
    private var saveFailed = false
    /// The save failures already warned about: each is said once a session, however often a
    /// save is tried again (SPEC §11: a file is named once per session, not once per attempt).
    private var warnedSaveFailures: Set<String> = []
    /// How long a wait for pictures may take (`waitForPictures`, `--screenshot`), seconds.
    let pictureWaitTimeout: Double
    private var lastFrameStart: ContinuousClock.Instant?
    /// Allocation counts per frame (`--allocation-report`).
    var allocations = AllocationReport()
    /// Whether frames are counted (`--allocation-report`).
    var countsAllocations = false
    private var frameStartCount: UInt64 = 0
    /// The layout file shown, watched for the live reload and remembered in the state; `nil`
    /// without one.
    var layoutFile: LayoutFileReload?
    /// The deck's listing still going on (`DeckListing`); `nil` once it is complete.
    var listing: DeckListing?
    /// Sets the window's title (`WindowTitle`); `nil` without a window.
    var setTitle: ((String) -> Void)?
    /// Whether dropped folders are listed with their subfolders (`-r`).
    var listsDroppedFoldersRecursively = false
    /// The revisions the title was last made for: current card, deck, layout.
    private var titleRevisions: (Int, Int, Int)?
    /// The scroll offset and current card of the last save: at rest, a change of either is saved.
    private var savedView: (offset: Vec2, current: UInt32?)?
    /// `--log-frames`: a line per presented frame.
    var frameLog: FrameLog?
    /// Pictures opened from the desktop by a second `cardviewer FILE` (`SingleInstanceListener`);
    /// `nil` when the viewer does not listen.
    var openRequests: SingleInstanceInbox?
    /// Raises and focuses the window (a picture opened from the desktop); `nil` without a window.
    var raiseWindow: (() -> Void)?

    /// The next frame follows a sleep (nothing moved): it has no frame interval for the HUD.
    func restartFrameTiming() { lastFrameStart = nil }

    /// Marks the start of a frame (before the session advances), for `--allocation-report`.
    func beginFrame() {
        frameStartCount = AllocationReport.now
        if countsAllocations { allocations.beginFrame(at: frameStartCount) }
    }

    /// Drives `viewer`, which must have its overlay (`ViewerBuilder.drawsOverlay`).
    init(viewer: AssembledViewer, store: DeckStore?, pictureWaitTimeout: Double = 30,
         screenshotDirectory: String, report: @escaping (String) -> Void, warn: @escaping @Sendable (String) -> Void) {
        precondition(viewer.overlay != nil, "the driver draws the overlay")
        self.viewer = viewer
        session = viewer.session
        self.store = store
        saver = store.map(DeckSaver.init(store:))
        self.screenshotDirectory = screenshotDirectory
        self.report = report
        self.warn = warn
        self.pictureWaitTimeout = pictureWaitTimeout
        savedRevision = session.stateRevision
        // The view the viewer starts in is the state's (or is saved at once by `ViewerProgram`).
        savedView = (session.offset, session.currentCardID?.rawValue)
    }

    var context: GraphicsContext { viewer.context }

    /// Brings finished pictures to the GPU and plans the next decodes (`ViewerPictures.update`):
    /// before each frame, drawn or not, so that a picture that arrives asks for a frame.
    func updatePictures() throws {
        try viewer.updatePictures()
    }

    /// Draws frames at the session's time, without taking screenshots, until the cards in view
    /// show their own pictures at their final resolution (`waitForPictures`, and before
    /// `--screenshot`'s frame).
    ///
    /// - Throws: `ViewerFailure.runtime` naming the missing files after `pictureWaitTimeout`.
    func waitForPictures(_ what: String) throws {
        guard viewer.canDraw else { return }
        let settled = try viewer.pictures.waitUntilSettled(timeout: pictureWaitTimeout) {
            try drawFrame(interval: 0, takesScreenshots: false)
        }
        guard settled else {
            let missing = viewer.pictures.missingFiles
            let named = missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            throw ViewerFailure.runtime("\(what): pictures in view not shown after \(Int(pictureWaitTimeout)) s: \(named)")
        }
    }

    /// Draws the frame at the session's time and presents it; takes the screenshots asked for
    /// (S) unless `takesScreenshots` is false and, with `capture`, returns the frame as an
    /// image. Nothing is drawn while minimised.
    ///
    /// - Parameter interval: the time since the last frame for the HUD; measured when `nil`.
    @discardableResult
    func drawFrame(capture: Bool = false, interval: Double? = nil, takesScreenshots: Bool = true) throws -> RGBAImage? {
        guard viewer.canDraw, let overlay = viewer.overlay else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        allocations.add(AllocationReport.now - frameStartCount, to: .session)
        var observer = AllocationObserver(start: AllocationReport.now, clock: clock, started: start)
        try viewer.frame.draw(observer: &observer)
        allocations.add(observer.layout, to: .layout)
        allocations.add(observer.packing, to: .packing)
        allocations.add(observer.cardDraw, to: .cardDraw)
        let layoutSeconds = observer.layoutSeconds
        // After the layout: the HUD's card count is the frame's.
        try overlay.update(session)
        var mark = AllocationReport.now
        try overlay.draw(viewport: session.viewport)
        allocations.add(AllocationReport.now - mark, to: .overlay)
        let requests = takesScreenshots ? session.takeScreenshotRequests() : 0
        var image: RGBAImage?
        if requests > 0 || capture {
            let frame = try viewer.renderer.readFrame()
            image = frame
            for _ in 0..<requests { saveScreenshot(frame) }
        }
        mark = AllocationReport.now
        context.present()
        allocations.add(AllocationReport.now - mark, to: .present)
        viewer.pictures.framePresented()
        if let frameLog { logFrame(frameLog) }
        let measured = lastFrameStart.map { Self.seconds($0.duration(to: start)) }
        lastFrameStart = start
        session.recordFrame(interval: interval ?? measured, layoutSeconds: layoutSeconds)
        return image
    }

    /// Saves the deck when it changed since the last save and the previous save is done (so at
    /// most two versions of a large deck are alive: the session's and the one being written);
    /// warns about saves that failed, and passes on the session's notices.
    func saveIfChanged() {
        session.takeNotices().forEach(warn)
        // While the deck is still being listed it grows every frame: saved once it is whole
        // (or on quit), not at each folder.
        guard listing == nil else {
            warnAboutFailedSaves()
            return
        }
        if session.stateRevision != savedRevision, saver?.isIdle == true {
            save()
        } else if saver?.isIdle == true, !session.needsFrames, viewChangedSinceSave {
            // The scroll settled (or the current card changed) since the last save: saved at
            // rest, never per frame.
            save()
        }
        warnAboutFailedSaves()
    }

    /// What follows the session's events before a frame: dropped files become cards, a picture
    /// opened from the desktop becomes current, the window's title follows the current card, and the state is saved when it changed.
    func followSession() {
        addListedPictures()
        addDroppedPictures()
        showOpenedPictures()
        updateTitle()
        saveIfChanged()
    }

    /// True when the scroll offset or the current card differs from the last save's.
    private var viewChangedSinceSave: Bool {
        guard let savedView else { return true }
        return savedView.offset != session.offset || savedView.current != session.currentCardID?.rawValue
    }

    /// Appends what the deck's listing found since the last frame.
    private func addListedPictures() {
        guard let listing else { return }
        let taken = listing.take()
        taken.warnings.forEach(warn)
        if !taken.files.isEmpty { session.appendListed(viewer.pictures.addPictures(taken.files)) }
        if listing.isFinished { self.listing = nil }
    }

    /// Lists the paths dropped on the window (`ViewerEvent.drop`) and appends their pictures
    /// (`DeckPaths.dropped`: folders as a PATH is, files that are pictures; the rest skipped
    /// with one message on screen and a warning each).
    private func addDroppedPictures() {
        for paths in session.takeDroppedPaths() {
            if case .synthetic = viewer.pictures.catalog.origin {
                session.showMessage("a deck of generated cards (--cards) takes no pictures")
                continue
            }
            let found = DeckPaths.dropped(paths, recursive: listsDroppedFoldersRecursively, into: viewer.pictures.catalog)
            found.skipped.forEach { warn("drop: \($0) (skipped)") }
            let cards = viewer.pictures.addPictures(found.files)
            session.appendDropped(cards, skipped: found.skipped.count)
        }
    }

    /// Sets the window's title when the current card, the deck or the layout changed.
    func updateTitle() {
        guard let setTitle else { return }
        let revisions = (session.currentCardRevision, session.deckRevision, session.layoutRevision)
        if let titleRevisions, titleRevisions == revisions { return }
        titleRevisions = revisions
        setTitle(WindowTitle.text(deck: session.deck, index: session.currentCardIndex, catalog: viewer.pictures.catalog,
                                  layoutName: session.layoutKind.name))
    }

    /// On quit: the state file is current (saved again if it changed, went missing or the last
    /// save failed), and the last save has finished — first, then the picture workers stop
    /// (never waiting long on a decode in progress).
    func saveOnQuit() {
        defer { viewer.shutdown() }
        session.finishCullingWrites()  // a mark the store refused goes into the state saved below
        session.takeNotices().forEach(warn)
        guard let store, let saver else { return }
        saver.finish()
        warnAboutFailedSaves()
        if session.stateRevision != savedRevision || saveFailed || !FileInfo.exists(store.path) || viewChangedSinceSave {
            save()
        }
        saver.finish()
        warnAboutFailedSaves()
    }

    /// The line of the frame just presented: the picture pass's count of the cards in view and
    /// ready, and the open card.
    private func logFrame(_ log: FrameLog) {
        let status = viewer.pictures.status
        let open = (session.photoCard ?? session.highlightedCard).flatMap { session.deck.index(of: $0) }
        log.record(inView: status.inView, final: status.readyInView, open: open)
    }

    /// Writes `--log-frames`' file, if asked for. - Throws: `ViewerFailure.runtime`.
    func writeFrameLog() throws {
        guard let frameLog else { return }
        do {
            try frameLog.write()
        } catch {
            throw ViewerFailure.runtime("cannot write the frame log '\(frameLog.path)': \(error)")
        }
    }

    private func warnAboutFailedSaves() {
        guard let failures = saver?.takeFailures(), !failures.isEmpty else { return }
        saveFailed = true
        for failure in failures where warnedSaveFailures.insert(failure).inserted {
            warn("cannot save the deck's state: \(failure)")
        }
    }

    /// Hands a snapshot of the deck to the background saver (a failure is a warning later: the
    /// viewer keeps going).
    func save() {
        guard let saver else { return }
        saver.save(session.savedDeck, layout: savedLayout())
        savedRevision = session.stateRevision
        savedView = (session.offset, session.currentCardID?.rawValue)
        saveFailed = false
    }

    /// The layout for the state file: the session's, with the layout file's path when it is
    /// the file's (`LayoutFileReload.saved`).
    func savedLayout() -> SavedLayout {
        var saved = layoutFile?.saved(session.savedLayout) ?? session.savedLayout
        saved.offset = session.offset
        saved.currentCard = session.currentCardID?.rawValue
        return saved
    }

    /// Writes a screenshot under a new name in the screenshot folder (S).
    private func saveScreenshot(_ image: RGBAImage) {
        do {
            let path = try ScreenshotFile.writeNew(try PNGCodec.encode(image), in: screenshotDirectory)
            report("screenshot: \(path)")
            session.showMessage("saved \(URL(fileURLWithPath: path).lastPathComponent)")
        } catch {
            warn("cannot save a screenshot: \(error)")
            session.showMessage("cannot save a screenshot (see the terminal)")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// Counts each stage's allocations of a viewer frame (`--allocation-report`) and times its
/// layout for the HUD.
private struct AllocationObserver: FrameStageObserver {
    var start: UInt64
    let clock: ContinuousClock
    let started: ContinuousClock.Instant
    var layoutSeconds = 0.0
    var layout: UInt64 = 0, packing: UInt64 = 0, cardDraw: UInt64 = 0

    mutating func stageEnded(_ stage: ViewerFrameRenderer.Stage) {
        let now = AllocationReport.now
        switch stage {
        case .layout:
            layoutSeconds = ViewerDriver.seconds(started.duration(to: clock.now))
            layout += now - start
        case .packing: packing += now - start
        case .upload, .submit: cardDraw += now - start
        }
        start = now
    }
}
