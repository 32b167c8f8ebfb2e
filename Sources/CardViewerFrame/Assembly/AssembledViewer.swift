import CardRendering
import CardViewerCore

/// A viewer as `ViewerBuilder` assembles it: the session, the renderer on its surface, the
/// frame (layout → packing with the picture pass → upload → submit), the picture pipeline and,
/// for a window or a replay, the text overlay. What drives it — a window's loop, a replay, one
/// `render` frame, a benchmark — is up to the caller; every method is for the thread the
/// surface is current on.
public final class AssembledViewer {
    /// The deck's pictures, as listed.
    public let catalog: DeckCatalog
    /// The viewer without a window: deck, layout controllers, gestures, animations, overlay text.
    public let session: ViewerSession
    /// The surface frames are drawn into (a window, or an offscreen framebuffer).
    public let context: GraphicsContext
    /// The card renderer on `context`.
    public let renderer: CardRenderer
    /// The frame: the one function every user of the viewer draws with.
    public let frame: ViewerFrameRenderer
    /// The picture pipeline: decodes on workers, uploads, and each frame's picture pass.
    public let pictures: ViewerPictures
    /// The HUD, help and messages; `nil` unless built with `drawsOverlay`.
    public let overlay: ViewerOverlay?

    init(catalog: DeckCatalog, frame: ViewerFrameRenderer, overlay: ViewerOverlay?) {
        self.catalog = catalog
        self.frame = frame
        self.overlay = overlay
        session = frame.session
        renderer = frame.renderer
        context = frame.renderer.context
        pictures = frame.pictures
    }

    /// False while nothing can be drawn: the session minimised, or a 0 × 0 drawable.
    public var canDraw: Bool { !session.isMinimized && !context.drawableSize.isEmpty }

    /// Brings finished pictures to the GPU and plans the next decodes (`ViewerPictures.update`),
    /// before a frame; does nothing while nothing can be drawn.
    ///
    /// - Returns: true when something changed that a frame should show.
    @discardableResult
    public func updatePictures() throws -> Bool {
        guard canDraw else { return false }
        return try pictures.update()
    }

    /// Draws frames at the session's time (not presented, no overlay) until the cards in view
    /// show their own pictures at their final resolution, or `timeout` seconds have passed
    /// (`ViewerPictures.waitUntilSettled`).
    ///
    /// - Returns: true when settled (or nothing can be drawn), false at the time-out.
    public func waitForPictures(timeout: Double) throws -> Bool {
        guard canDraw else { return true }
        return try pictures.waitUntilSettled(timeout: timeout) { try frame.draw() }
    }

    /// Waits for the culling marks asked of the store (the cards in view were asked while
    /// `waitForPictures` drew), takes them, and draws the frame again with them — what `render`
    /// does before reading the frame back, so it shows the marks `run` shows (SPEC §10).
    public func waitForMarks() throws {
        session.finishCulling()
        guard canDraw else { return }
        try frame.draw()
    }

    /// Stops the picture pipeline, saving pending thumbnails for at most `thumbnailSeconds`.
    public func shutdown(thumbnailSeconds: Double = 0) {
        pictures.shutdown(thumbnailSeconds: thumbnailSeconds)
    }
}
