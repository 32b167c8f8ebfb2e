import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// What the glue and the tests read of the compare view (SPEC §13), and ask of it.
extension ViewerSession {
    /// True while the compare view shows, or its pictures fly back to their cards: the frame's
    /// pane records take their picture rectangles and marks from it (`compareCrop(ofID:)`).
    public var comparesPictures: Bool { compare.changesFrame }
    /// The cards the compare view shows, in pane order (reading order); empty while closed.
    public var compareCards: [CardID] { compare.panes.map(\.card) }
    /// The active pane's card (the ring; what the marking keys mark), `nil` while closed.
    public var compareActiveCard: CardID? { compare.activeCard }
    /// Each pane's geometry (pane points, picture points), in pane order.
    public var compareGeometries: [PhotoGeometry] { compare.panes.map(\.geometry) }
    /// The panes' rectangles in the window, viewport points, in pane order.
    public var comparePaneRects: [Rect] { compare.isOpen ? compare.paneRects : [] }
    /// The cards marked for comparing (Ctrl+click), in the order marked.
    public var compareMarkedCards: [CardID] { compare.marked }
    /// The compare view's zoom label, `nil` while closed or flying.
    public var compareZoomLabel: String? { compare.zoomLabel }

    /// The whole picture's rectangle on card `id`'s pane record this frame (card units; beyond
    /// 0…1 where the pane crops a zoomed picture), `nil` for a card no pane shows.
    ///
    /// - Complexity: O(panes), at most 4.
    public func compareCrop(ofID id: UInt32) -> PictureRect? { compare.crop(ofID: id) }

    /// Opens the compare view on `ids` (2–4 cards of the deck); false when it cannot.
    @discardableResult
    public func openCompare(_ ids: [CardID]) -> Bool { compare.open(ids) }

    /// Closes the compare view: the pictures fly back to their cards.
    public func closeCompare() { compare.close() }

    /// Marks card `id` for comparing, or unmarks it (Ctrl+click); true when marked now.
    @discardableResult
    public func toggleCompareMark(_ id: CardID) -> Bool { compare.toggleMark(id) }

    /// The compare view's keys and gestures, as the help shows them.
    public static var compareHelpLines: [String] { CompareView.keys.lines }
}
