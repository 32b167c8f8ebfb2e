import CardImaging
import CardMath
import CardPacking
import Foundation
import CardRendering
import CardViewerCore
import CardViewerFrame

/// Draws a session's frames with the card renderer and the text overlay, keeps the renderer's
/// image layers and text in step with the session, takes screenshots and saves the deck.
/// The same for a window and for offscreen replays.
final class ViewerDriver {
    let session: ViewerSession
    let renderer: CardRenderer
    /// The viewer's frame (layout, packing, upload, draw): the same function the benchmark times.
    let frame: ViewerFrameRenderer
    let overlay: TextOverlayRenderer
    let catalog: DeckCatalog
    let store: DeckStore?
    let screenshotDirectory: String
    let report: (String) -> Void
    let warn: (String) -> Void
    private var savedRevision: Int
    private var layerTableRevision = -1
    private var overlayRevision = -1
    private var lastFrameStart: ContinuousClock.Instant?
    /// Allocation counts per frame (`--allocation-report`).
    var allocations = AllocationReport()
    /// Whether frames are counted (`--allocation-report`).
    var countsAllocations = false
    private var frameStartCount: UInt64 = 0

    /// Marks the start of a frame (before the session advances), for `--allocation-report`.
    func beginFrame() {
        frameStartCount = AllocationReport.now
        if countsAllocations { allocations.beginFrame(at: frameStartCount) }
    }

    init(session: ViewerSession, context: GraphicsContext, catalog: DeckCatalog, store: DeckStore?,
         screenshotDirectory: String, report: @escaping (String) -> Void, warn: @escaping (String) -> Void) throws {
        self.session = session
        self.catalog = catalog
        self.store = store
        self.screenshotDirectory = screenshotDirectory
        self.report = report
        self.warn = warn
        renderer = try CardRenderer(context: context)
        try renderer.setImages(catalog.images, layerSize: ViewerProgram.layerSize)
        frame = ViewerFrameRenderer(renderer: renderer)
        overlay = try TextOverlayRenderer(context: context)
        savedRevision = session.deckRevision
    }

    var context: GraphicsContext { renderer.context }

    /// Draws the frame at the session's time and presents it; takes the screenshots asked for
    /// (S) and, with `capture`, returns the frame as an image. Nothing is drawn while minimised.
    ///
    /// - Parameter interval: the time since the last frame for the HUD; measured when `nil`.
    @discardableResult
    func drawFrame(capture: Bool = false, interval: Double? = nil) throws -> RGBAImage? {
        guard !session.isMinimised, !context.drawableSize.isEmpty else { return nil }
        if layerTableRevision != session.deckRevision {
            frame.layerTable = catalog.layerTable(for: session.deck)
            layerTableRevision = session.deckRevision
        }
        if overlayRevision != session.overlayRevision {
            try overlay.setBlocks(OverlayBlocks.blocks(for: session.overlayPanels, viewport: session.viewport))
            overlayRevision = session.overlayRevision
        }
        let clock = ContinuousClock()
        let start = clock.now
        allocations.add(AllocationReport.now - frameStartCount, to: .session)
        var observer = AllocationObserver(start: AllocationReport.now, clock: clock, started: start)
        try frame.draw(session, observer: &observer)
        allocations.add(observer.layout, to: .layout)
        allocations.add(observer.packing, to: .packing)
        allocations.add(observer.cardDraw, to: .cardDraw)
        let layoutSeconds = observer.layoutSeconds
        var mark = AllocationReport.now
        try overlay.draw(viewport: session.viewport)
        allocations.add(AllocationReport.now - mark, to: .overlay)
        let requests = session.takeScreenshotRequests()
        var image: RGBAImage?
        if requests > 0 || capture {
            let frame = try renderer.readFrame()
            image = frame
            for _ in 0..<requests { saveScreenshot(frame) }
        }
        mark = AllocationReport.now
        context.present()
        allocations.add(AllocationReport.now - mark, to: .present)
        let measured = lastFrameStart.map { Self.seconds($0.duration(to: start)) } ?? 0
        lastFrameStart = start
        session.recordFrame(interval: interval ?? measured, layoutSeconds: layoutSeconds)
        return image
    }

    /// Saves the deck when it changed since the last save.
    func saveIfChanged() {
        if session.deckRevision != savedRevision { save() }
    }

    /// On quit: the state file is current (saved again if it changed or went missing).
    func saveOnQuit() {
        guard let store else { return }
        if session.deckRevision != savedRevision || !FileManager.default.fileExists(atPath: store.path) { save() }
    }

    /// Saves the deck now (a failure is a warning: the viewer keeps going).
    func save() {
        guard let store else { return }
        do {
            try store.save(session.deck)
            savedRevision = session.deckRevision
        } catch {
            warn("cannot save the deck's state: \(error)")
        }
    }

    /// Writes a screenshot under a new name in the screenshot folder (S).
    private func saveScreenshot(_ image: RGBAImage) {
        do {
            let path = try ScreenshotFile.writeNew(try PNGCodec.encode(image), in: screenshotDirectory)
            report("screenshot: \(path)")
        } catch {
            warn("cannot save a screenshot: \(error)")
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
