import CardMath

/// Where the compare view's panes lie in the window (SPEC §13: two to four pictures side by
/// side). Pure geometry, viewport points (origin top-left, +y down).
///
/// Two panes are the window's halves, three its thirds (side by side), four its quarters (2 × 2,
/// reading order: top-left, top-right, bottom-left, bottom-right). Neighbouring panes are
/// `gap` points apart, and the panes of one layout are all the same size:
/// `width = (W − gap·(columns − 1)) / columns`, `height = (H − gap·(rows − 1)) / rows`.
public enum ComparePanes {
    /// The points between two neighbouring panes.
    public static let gap = 4.0

    /// The fewest and the most pictures compared.
    public static let counts = 2...4

    /// Columns and rows for `count` panes (clamped to `counts`).
    public static func grid(count: Int) -> (columns: Int, rows: Int) {
        switch min(max(count, counts.lowerBound), counts.upperBound) {
        case 2: (2, 1)
        case 3: (3, 1)
        default: (2, 2)
        }
    }

    /// The rectangles of `count` panes (clamped to `counts`) in a window of `viewport`, in
    /// reading order; each at least one point on a side.
    public static func rects(count: Int, viewport: Size, gap: Double = gap) -> [Rect] {
        let (columns, rows) = grid(count: count)
        let width = max((viewport.width - gap * Double(columns - 1)) / Double(columns), 1)
        let height = max((viewport.height - gap * Double(rows - 1)) / Double(rows), 1)
        var rects: [Rect] = []
        for index in 0..<(columns * rows) {
            let column = index % columns, row = index / columns
            rects.append(Rect(x: Double(column) * (width + gap), y: Double(row) * (height + gap), width: width, height: height))
        }
        return rects
    }

    /// The index of the pane of `rects` that holds viewport point `p`, `nil` in a gap or outside.
    public static func pane(at p: Vec2, in rects: [Rect]) -> Int? {
        rects.firstIndex { p.x >= $0.minX && p.x < $0.maxX && p.y >= $0.minY && p.y < $0.maxY }
    }
}
