import CardInteraction
import CardLayout

extension ViewerSession {
    /// What `A` says in a deck of the user's pictures (SPEC §10).
    public static let dropToAddMessage = "drop pictures on the window to add them"

    /// Takes the paths dropped on the window since the last call (`ViewerEvent.drop`), one list
    /// per drop: the glue lists them (files are read there, not here) and calls
    /// `appendDropped(_:skipped:)`.
    public func takeDroppedPaths() -> [[String]] {
        defer { droppedPaths.removeAll() }
        return droppedPaths
    }

    /// Appends `cards` found by a listing still going on (`DeckListing`) at the end of the deck,
    /// without moving the view or the current card (the first card becomes current when the
    /// deck was empty).
    public func appendListed(_ cards: [(source: CardSource, title: String)]) {
        layout.appendListed(cards)
    }

    /// Appends `cards` (dropped pictures, in order) at the end of the deck; the first becomes
    /// the current card and is scrolled into view. `skipped` paths (not pictures, missing) are
    /// counted in one message on screen. Returns the new cards' ids.
    @discardableResult
    public func appendDropped(_ cards: [(source: CardSource, title: String)], skipped: Int = 0) -> [CardID] {
        layout.appendDropped(cards, skipped: skipped)
    }
}
