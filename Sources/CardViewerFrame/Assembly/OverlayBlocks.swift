import CardMath
import CardRendering
import CardViewerCore

/// Places the session's overlay panels in the viewport where `OverlayFrame.frames` puts them,
/// never on one another: the HUD at the bottom-left corner, the options panel at the top-right,
/// the help (or the empty deck's panel) centered, the hint and messages centered near the
/// bottom, stacked upwards; on the pixel font's grid at 2 points per font pixel (1 on small
/// viewports). A panel's opacity scales
/// its text's and its background's alpha (a fading hint).
public enum OverlayBlocks {
    /// The gap between the bottom edge and the lowest bottom panel, and between stacked
    /// panels, points.
    public static let bottomMargin = OverlayFrame.bottomMargin

    public static func blocks(for panels: [OverlayPanel], viewport: Size) -> [OverlayTextBlock] {
        let frames = OverlayFrame.frames(for: panels, viewport: viewport)
        return zip(panels, frames).map { panel, frame in
            // A panel with no clear place (`OverlayFrame.frames`): an empty, transparent block,
            // so blocks stay one per panel.
            if frame.isHidden {
                var block = OverlayTextBlock(lines: [], origin: frame.origin, pixelSize: frame.pixelSize, padding: 0)
                block.panelColor.w = 0
                return block
            }
            var block = OverlayTextBlock(lines: panel.lines, origin: frame.origin, pixelSize: frame.pixelSize, padding: frame.padding)
            let opacity = Float(min(max(panel.opacity.isFinite ? panel.opacity : 1, 0), 1))
            block.textColor.w *= opacity
            block.panelColor.w *= opacity
            if let chart = panel.chart {
                // The chart's bars from its font pixels to viewport points, under the lines.
                block.minimumSize = frame.size
                let origin = frame.chartOrigin(lineCount: panel.lines.count), k = Float(frame.pixelSize)
                let offset = SIMD4(Float(origin.x), Float(origin.y), 0, 0)
                block.rectangles = chart.bars.map { bar in
                    var color = bar.color
                    color.w *= opacity
                    return OverlayRectangle(rect: offset + bar.rect * k, color: color)
                }
            }
            return block
        }
    }
}
