import CardMath
import CardRendering
import CardViewerCore

/// Places the session's overlay panels in the viewport: the HUD at the top-left corner, the
/// help (or the empty deck's panel) centered, the hint and messages centered near the bottom,
/// stacked upwards; in the pixel font at 2 points per font pixel (1 on small viewports). A
/// panel's opacity scales its text's and its background's alpha (a fading hint).
public enum OverlayBlocks {
    /// The gap between the bottom edge and the lowest bottom panel, and between stacked
    /// panels, points.
    public static let bottomMargin = 24.0

    public static func blocks(for panels: [OverlayPanel], viewport: Size) -> [OverlayTextBlock] {
        let pixelSize = viewport.width >= 900 && viewport.height >= 560 ? 2.0 : 1.0
        let padding = 6 * pixelSize
        var bottom = viewport.height - bottomMargin
        return panels.map { panel in
            let size = OverlayTextBlock.panelSize(lines: panel.lines, pixelSize: pixelSize, padding: padding)
            let origin: Vec2
            switch panel.placement {
            case .topLeft:
                origin = Vec2(12, 12)
            case .center:
                origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), ((viewport.height - size.height) / 2).rounded(.down))
            case .bottomCenter:
                origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), (bottom - size.height).rounded(.down))
                bottom = origin.y - bottomMargin / 2
            }
            var block = OverlayTextBlock(lines: panel.lines, origin: Vec2(max(0, origin.x), max(0, origin.y)),
                                         pixelSize: pixelSize, padding: padding)
            let opacity = Float(min(max(panel.opacity.isFinite ? panel.opacity : 1, 0), 1))
            block.textColor.w *= opacity
            block.panelColor.w *= opacity
            return block
        }
    }
}
