import CardMath
import CardRendering
import CardViewerCore

/// The session's overlay panels (HUD, help, hint, messages) drawn over the cards: placed by
/// `OverlayBlocks`, in the titles' font (`OverlayFont`; the pixel font until it is found, and
/// where none is), laid out again only when the session's overlay, the font or the drawable's
/// pixels per point changed.
public final class ViewerOverlay {
    /// The text renderer on the viewer's surface.
    public let renderer: TextOverlayRenderer
    /// The titles' font for the text; `nil`: the pixel font only.
    public let font: OverlayFont?
    private let waitsForFont: Bool
    private var revision = -1
    private var laidOut = (withFont: false, pixelsPerPoint: 0.0)

    /// - Parameters:
    ///   - font: draws the text where it can; `nil` for the pixel font only.
    ///   - waitsForFont: the first text waits until the font search ends (a replay: its frames
    ///     do not depend on how fast fonts are found); otherwise the pixel font shows until then.
    /// - Throws: `RenderError` when a resource cannot be made.
    init(context: GraphicsContext, font: OverlayFont? = OverlayFont(), waitsForFont: Bool = false,
         titleWorkshop: TitleWorkshop? = nil) throws {
        renderer = try TextOverlayRenderer(context: context, glyphs: font)
        self.font = font
        self.waitsForFont = waitsForFont
        self.titleWorkshop = titleWorkshop
    }

    /// The first screen's title rasterizer (`FirstScreenPrefetch`): its font, once made, is the
    /// overlay's too, so text shown at the start is not redrawn in another font a second later.
    private let titleWorkshop: TitleWorkshop?

    /// Brings the text up to `session`'s overlay panels when they changed since the last call
    /// (after the frame's layout: the HUD's card count is the frame's).
    ///
    /// - Throws: `RenderError` when an upload fails.
    public func update(_ session: ViewerSession) throws {
        if let font, !font.isSettled, let rasterizer = titleWorkshop?.madeRasterizer { font.adopt(rasterizer) }
        if waitsForFont { font?.waitUntilSettled() }
        // The font search begins once the first frame is drawn (`OverlayFont.startSearch`).
        if revision >= 0 { font?.startSearch() }
        let withFont = font?.isReady ?? false
        let drawable = renderer.context.drawableSize
        let pixelsPerPoint = session.viewport.width > 0 ? Double(drawable.width) / session.viewport.width : 1
        guard revision != session.overlayRevision || laidOut.withFont != withFont || laidOut.pixelsPerPoint != pixelsPerPoint
        else { return }
        try renderer.setBlocks(OverlayBlocks.blocks(for: session.overlayPanels, viewport: session.viewport),
                               pixelsPerPoint: pixelsPerPoint)
        revision = session.overlayRevision
        laidOut = (withFont, pixelsPerPoint)
    }

    /// Draws the text over the frame (after the cards, before presenting), in `viewport` points.
    public func draw(viewport: Size) throws {
        _ = try renderer.draw(viewport: viewport)
    }
}
