import CardInteraction
import CardLayout

extension ViewerSession {
    /// The current card's index in the deck (SPEC §10), `nil` while the deck is empty or none
    /// is current yet.
    public var currentCardIndex: Int? { currentCardID.flatMap { scene.deck.index(of: $0) } }

    /// Makes the card with `id` current (the state restoring it, a test). An id not in the deck
    /// leaves the current card unchanged and returns false.
    @discardableResult
    public func makeCurrent(_ id: CardID) -> Bool {
        guard scene.deck.index(of: id) != nil else { return false }
        if currentCardID != id {
            currentCardID = id
            currentCardRevision += 1
            needsDisplay = true
        }
        return true
    }
}
