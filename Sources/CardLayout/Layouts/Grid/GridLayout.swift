import CardMath

/// The reorderable grid (seed 003: sorting news categories by long-press and drag): flat cards
/// in rows, vertical scrolling.
///
/// Columns come from the viewport width: as many cards of at least `minimumCardWidth` points
/// as fit between the margins with `spacing` between them (4 at 1280 points wide, 7 at 1920,
/// 2 at 800, never fewer than 1); the cards then stretch to fill the row exactly. Card height is
/// `aspectRatio` (3:4) times the width. Card `i` sits in row `i / columns`, column
/// `i % columns`; rows start `margin` points below the content's top, `spacing` apart.
///
/// The lifted card (long-press) is in `GridLayout+Lift.swift`.
public struct GridLayout: CardLayout {
    /// Space around the grid, points.
    public var margin: Double = 40
    /// Space between neighbouring cards, points.
    public var spacing: Double = 20
    /// Cards are never narrower than this, unless one column is already too wide, points.
    public var minimumCardWidth: Double = 240
    /// Card height over card width.
    public var aspectRatio: Double = 0.75
    /// The card being moved by a long-press drag: its index and where its center goes, in
    /// content points (the pointer; add the grab offset to keep the card where it was grabbed,
    /// as the seed's snapshot view did); `nil` when none is.
    public var lifted: (index: Int, position: Vec2)?
    /// How much bigger the lifted card is.
    public var liftedScale: Double = 1.1
    /// How far the lifted card rises toward the viewer, points.
    public var liftHeight: Double = 40

    public init(lifted: (index: Int, position: Vec2)? = nil) {
        self.lifted = lifted
    }

    public var name: String { "grid" }

    public var scrollAxis: ScrollAxis { .vertical }

    /// False: no two cards it can show overlap in one plane with equal bias (cards side by side in the plane z = 0 with gaps between them; a lifted card rises out of it), as
    /// `BuiltInTiesTests` checks over decks, scroll offsets, viewports and orderings; its frames
    /// skip the tie search (`CardLayout.mayTieCoplanarCards`).
    public var mayTieCoplanarCards: Bool { false }

    /// The number of columns for a viewport `width` points wide (at least 1).
    @inlinable public func columns(viewportWidth width: Double) -> Int {
        let fit = ((width - 2 * margin + spacing) / (minimumCardWidth + spacing)).rounded(.down)
        guard fit >= 1 else { return 1 }  // also NaN
        return Int(min(fit, 10_000))
    }

    /// The size of every card, points (at least 1 × 1 on a tiny viewport).
    @inlinable public func cardSize(viewport: Size) -> Size {
        let c = Double(columns(viewportWidth: viewport.width))
        let width = max((viewport.width - 2 * margin - (c - 1) * spacing) / c, 1)
        return Size(width: width, height: width * aspectRatio)
    }

    /// Rows, as a Double: `ceil(n / columns)`.
    @inlinable func rowCount(cardCount n: Int, columns: Int) -> Double {
        Double(n / columns + (n % columns == 0 ? 0 : 1))
    }

    /// `2·margin + rows·cardH + (rows − 1)·spacing` tall (`2·margin` for no cards), W wide.
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        let rows = rowCount(cardCount: max(n, 0), columns: columns(viewportWidth: viewport.width))
        let card = cardSize(viewport: viewport)
        let height = 2 * margin + rows * card.height + max(rows - 1, 0) * spacing
        return Size(width: viewport.width, height: height)
    }

    /// The untransformed frame of slot `index`, content points (defined for any index ≥ 0,
    /// also past the last card).
    ///
    /// - Complexity: O(1).
    public func slotFrame(at index: Int, viewport: Size) -> Rect {
        let c = columns(viewportWidth: viewport.width)
        let card = cardSize(viewport: viewport)
        let row = Double(index / c), column = Double(index % c)
        return Rect(x: margin + column * (card.width + spacing), y: margin + row * (card.height + spacing),
                    width: card.width, height: card.height)
    }

    /// The card in its slot, flat, zIndex = index.
    ///
    /// - Complexity: O(1).
    public func restingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let frame = slotFrame(at: index, viewport: context.viewport)
        return CardAttributes(index: index, center: Vec3(frame.center.x, frame.center.y, 0),
                              size: frame.size, zIndex: index)
    }

    /// The rows that meet the viewport, as card indices.
    ///
    /// - Complexity: O(1).
    func restingCandidates(in context: LayoutContext) -> Range<Int> {
        let c = columns(viewportWidth: context.viewport.width)
        let pitch = cardSize(viewport: context.viewport).height + spacing
        // Row r spans margin + r·pitch … + cardH; keep it within [offsetY − pitch, offsetY + H].
        let firstRow = ((context.offset.y - margin) / pitch - 1).rounded(.down)
        let lastRow = ((context.offset.y + context.viewport.height - margin) / pitch).rounded(.up)
        let rows = clampedIndexRange(from: firstRow, through: lastRow,
                                     count: Int(rowCount(cardCount: context.cardCount, columns: c)))
        guard !rows.isEmpty else { return 0..<0 }
        return (rows.lowerBound * c)..<min(rows.upperBound * c, context.cardCount)
    }
}
