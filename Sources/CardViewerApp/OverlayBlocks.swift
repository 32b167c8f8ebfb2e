import CardMath
import CardRendering
import CardViewerCore

/// Places the session's overlay panels in the viewport: the HUD at the top-left corner, the
/// help centered, in the pixel font at 2 points per font pixel (1 on small viewports).
enum OverlayBlocks {
    static func blocks(for panels: [OverlayPanel], viewport: Size) -> [OverlayTextBlock] {
        let pixelSize = viewport.width >= 900 && viewport.height >= 560 ? 2.0 : 1.0
        let padding = 6 * pixelSize
        return panels.map { panel in
            let size = OverlayTextBlock.panelSize(lines: panel.lines, pixelSize: pixelSize, padding: padding)
            let origin: Vec2
            switch panel.placement {
            case .topLeft:
                origin = Vec2(12, 12)
            case .center:
                origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), ((viewport.height - size.height) / 2).rounded(.down))
            }
            return OverlayTextBlock(lines: panel.lines, origin: Vec2(max(0, origin.x), max(0, origin.y)),
                                    pixelSize: pixelSize, padding: padding)
        }
    }
}
