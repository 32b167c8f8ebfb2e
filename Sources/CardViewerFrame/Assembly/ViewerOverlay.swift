import CardMath
import CardRendering
import CardViewerCore

/// The session's overlay panels (HUD, help, hint, messages) drawn over the cards: placed by
/// `OverlayBlocks`, laid out again only when the session's overlay changed.
public final class ViewerOverlay {
    /// The text renderer on the viewer's surface.
    public let renderer: TextOverlayRenderer
    private var revision = -1

    /// - Throws: `RenderError` when a resource cannot be made.
    init(context: GraphicsContext) throws {
        renderer = try TextOverlayRenderer(context: context)
    }

    /// Brings the text up to `session`'s overlay panels when they changed since the last call
    /// (after the frame's layout: the HUD's card count is the frame's).
    ///
    /// - Throws: `RenderError` when an upload fails.
    public func update(_ session: ViewerSession) throws {
        guard revision != session.overlayRevision else { return }
        try renderer.setBlocks(OverlayBlocks.blocks(for: session.overlayPanels, viewport: session.viewport))
        revision = session.overlayRevision
    }

    /// Draws the text over the frame (after the cards, before presenting), in `viewport` points.
    public func draw(viewport: Size) throws {
        _ = try renderer.draw(viewport: viewport)
    }
}
