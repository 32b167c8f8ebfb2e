import CardMath
import CardPixels

/// Where one overlay panel lies in the viewport, and the size of its font: the same numbers for
/// the drawing (`OverlayBlocks`) and for the session, which finds the option row under the
/// pointer with them.
public struct OverlayFrame: Hashable, Sendable {
    /// The panel's top-left corner, viewport points (origin top-left, +y down).
    public var origin: Vec2
    /// The panel's size with its padding, points.
    public var size: Size
    /// Points per font pixel: 2, or 1 on small viewports.
    public var pixelSize: Double
    /// The space between the panel's edge and its text, points.
    public var padding: Double

    /// The gap between the bottom edge and the lowest bottom panel, and between stacked
    /// panels, points.
    public static let bottomMargin = 24.0
    /// The gap between a top panel and the viewport's top and side edges, points.
    public static let cornerMargin = 12.0

    /// True when `point` (viewport points) lies on the panel.
    public func contains(_ point: Vec2) -> Bool {
        point.x >= origin.x && point.x < origin.x + size.width && point.y >= origin.y && point.y < origin.y + size.height
    }

    /// The top-left corner of a chart under `lineCount` lines, viewport points.
    public func chartOrigin(lineCount: Int, font: BitmapFont = .standard) -> Vec2 {
        let text = font.measure(Array(repeating: "x", count: lineCount).joined(separator: "\n"))
        return Vec2(origin.x + padding, origin.y + padding + Double(text.height + OverlayChart.gap) * pixelSize)
    }

    /// The text row (0 the first line) at height `y`, viewport points; `nil` above the first or
    /// below the last of `lineCount` rows.
    public func row(at y: Double, lineCount: Int, font: BitmapFont = .standard) -> Int? {
        let local = y - origin.y - padding
        guard local >= 0 else { return nil }
        let row = Int(local / (Double(font.lineHeight) * pixelSize))
        return row < lineCount ? row : nil
    }

    /// The frames of `panels` in a viewport of `viewport` points: the top-left and top-right
    /// panels in their corners, centered panels in the middle, bottom panels stacked upwards from
    /// near the bottom edge (the first lowest); in the pixel font at 2 points per font pixel (1
    /// on viewports under 900 × 560, and for a panel that would not fit the viewport at 2).
    public static func frames(for panels: [OverlayPanel], viewport: Size, font: BitmapFont = .standard) -> [OverlayFrame] {
        let large = viewport.width >= 900 && viewport.height >= 560
        var bottom = viewport.height - bottomMargin
        return panels.map { panel in
            let text = font.measure(panel.lines.joined(separator: "\n"))
            // A chart sits under the lines, the panel as wide as the wider of the two.
            let content = (width: max(text.width, panel.chart?.width ?? 0),
                           height: text.height + (panel.chart.map { OverlayChart.gap + $0.height } ?? 0))
            func size(_ pixelSize: Double) -> Size {
                Size(width: Double(content.width) * pixelSize + 12 * pixelSize, height: Double(content.height) * pixelSize + 12 * pixelSize)
            }
            let fits = size(2).width <= viewport.width - 2 * cornerMargin && size(2).height <= viewport.height - 2 * cornerMargin
            let pixelSize = large && fits ? 2.0 : 1.0
            let padding = 6 * pixelSize
            let size = size(pixelSize)
            let origin: Vec2
            switch panel.placement {
            case .topLeft:
                origin = Vec2(cornerMargin, cornerMargin)
            case .topRight:
                origin = Vec2((viewport.width - cornerMargin - size.width).rounded(.down), cornerMargin)
            case .center:
                origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), ((viewport.height - size.height) / 2).rounded(.down))
            case .bottomCenter:
                origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), (bottom - size.height).rounded(.down))
                bottom = origin.y - bottomMargin / 2
            case .bottomRight:
                origin = Vec2((viewport.width - cornerMargin - size.width).rounded(.down),
                              (viewport.height - cornerMargin - size.height).rounded(.down))
            }
            return OverlayFrame(origin: Vec2(max(0, origin.x), max(0, origin.y)), size: size, pixelSize: pixelSize, padding: padding)
        }
    }
}
