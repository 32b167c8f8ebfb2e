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
    /// True for a panel with no place clear of the others (`frames`): not drawn, its size 0.
    public var isHidden = false

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

    /// The frames of `panels` in a viewport of `viewport` points, by one rule that keeps every
    /// two panels apart (at least `bottomMargin / 2` between them, issue 34):
    ///
    /// - each panel has its place: top-left and top-right corners, the middle, near the bottom
    ///   edge centered (several stack upwards, the first lowest), the bottom-right corner, the
    ///   bottom-left corner (the HUD: the cards' culling marks sit at their top-left corners or
    ///   along their tops, so a HUD in the top-left corner covered the top-left card's marks);
    /// - panels are placed by rank — centered ones (the help, prompts), then the top corners, the
    ///   bottom-right corner, the bottom-centered ones in order, the bottom-left corner last —
    ///   each slid away from those placed before it (down from the top, up from the bottom)
    ///   until it is clear of them — and of its `keepsClearOf` rectangles where it can be (a
    ///   layout file's error keeps off the current card, the options panel off the badges);
    /// - in the pixel font at 2 points per font pixel (1 on viewports under 900 × 560, and for a
    ///   panel that would not fit the viewport at 2); a panel with no clear place at 2 tries 1,
    ///   and one with none at 1 either is hidden (`isHidden`: a message while the help fills the
    ///   window).
    public static func frames(for panels: [OverlayPanel], viewport: Size, font: BitmapFont = .standard) -> [OverlayFrame] {
        let large = viewport.width >= 900 && viewport.height >= 560
        var frames = [OverlayFrame](repeating: OverlayFrame(origin: .zero, size: Size(width: 0, height: 0), pixelSize: 1, padding: 6),
                                    count: panels.count)
        var placed: [Rect] = []
        for index in panels.indices.sorted(by: { (rank(panels[$0].placement), $0) < (rank(panels[$1].placement), $1) }) {
            let panel = panels[index]
            let text = font.measure(panel.lines.joined(separator: "\n"))
            // A chart sits under the lines, the panel as wide as the wider of the two.
            let content = (width: max(text.width, panel.chart?.width ?? 0),
                           height: text.height + (panel.chart.map { OverlayChart.gap + $0.height } ?? 0))
            func size(_ pixelSize: Double) -> Size {
                Size(width: Double(content.width) * pixelSize + 12 * pixelSize, height: Double(content.height) * pixelSize + 12 * pixelSize)
            }
            let fits = size(2).width <= viewport.width - 2 * cornerMargin && size(2).height <= viewport.height - 2 * cornerMargin
            let first = large && fits ? 2.0 : 1.0
            var frame: OverlayFrame?
            // A panel keeping clear of a card does so where it can; else it keeps clear of panels only.
            let obstacles = panel.keepsClearOf.isEmpty ? [placed] : [placed + panel.keepsClearOf, placed]
            search: for obstacle in obstacles {
                for pixelSize in first == 2 ? [2.0, 1.0] : [1.0] {
                    let size = size(pixelSize)
                    let start = preferredOrigin(panel.placement, size: size, viewport: viewport)
                    if let origin = clearOrigin(from: start, size: size, sliding: slidesDown(panel.placement), among: obstacle,
                                                viewport: viewport) {
                        frame = OverlayFrame(origin: origin, size: size, pixelSize: pixelSize, padding: 6 * pixelSize)
                        break search
                    }
                }
            }
            if let frame {
                frames[index] = frame
                placed.append(Rect(origin: frame.origin, size: frame.size))
            } else {
                let origin = preferredOrigin(panel.placement, size: size(1), viewport: viewport)
                frames[index] = OverlayFrame(origin: origin, size: Size(width: 0, height: 0), pixelSize: 1, padding: 6, isHidden: true)
            }
        }
        return frames
    }

    /// The order panels are placed in: the first keeps its place, later ones make way.
    static func rank(_ placement: OverlayPanel.Placement) -> Int {
        switch placement {
        case .center: 0
        case .topRight: 1
        case .topLeft: 2
        case .bottomRight: 3
        case .bottomCenter: 4
        case .bottomLeft: 5
        }
    }

    static func slidesDown(_ placement: OverlayPanel.Placement) -> Bool {
        switch placement {
        case .center, .topLeft, .topRight: true
        case .bottomCenter, .bottomRight, .bottomLeft: false
        }
    }

    /// Where a panel of `size` goes when nothing is in its way, whole points.
    static func preferredOrigin(_ placement: OverlayPanel.Placement, size: Size, viewport: Size) -> Vec2 {
        let origin: Vec2
        switch placement {
        case .topLeft:
            origin = Vec2(cornerMargin, cornerMargin)
        case .topRight:
            origin = Vec2((viewport.width - cornerMargin - size.width).rounded(.down), cornerMargin)
        case .center:
            origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), ((viewport.height - size.height) / 2).rounded(.down))
        case .bottomCenter:
            origin = Vec2(((viewport.width - size.width) / 2).rounded(.down), (viewport.height - bottomMargin - size.height).rounded(.down))
        case .bottomRight:
            origin = Vec2((viewport.width - cornerMargin - size.width).rounded(.down),
                          (viewport.height - cornerMargin - size.height).rounded(.down))
        case .bottomLeft:
            origin = Vec2(cornerMargin, (viewport.height - cornerMargin - size.height).rounded(.down))
        }
        return Vec2(max(0, origin.x), max(0, origin.y))
    }

    /// `start`, or the nearest place down (or up) from it where a panel of `size` keeps
    /// `bottomMargin / 2` from every rectangle of `placed`; `nil` when it would leave the viewport.
    static func clearOrigin(from start: Vec2, size: Size, sliding down: Bool, among placed: [Rect], viewport: Size) -> Vec2? {
        let gap = bottomMargin / 2
        var origin = start
        // Each step moves past one rectangle's far edge, never back: at most one step each.
        for _ in 0...placed.count {
            let box = Rect(origin: Vec2(origin.x - gap, origin.y - gap), size: Size(width: size.width + 2 * gap, height: size.height + 2 * gap))
            guard let blocker = placed.first(where: { box.intersects($0) }) else {
                let inside = origin.y >= 0 && origin.y + size.height <= viewport.height
                return inside ? origin : nil
            }
            origin.y = down ? blocker.maxY + gap : blocker.minY - gap - size.height
        }
        return nil
    }
}
