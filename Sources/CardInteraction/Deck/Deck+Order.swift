extension Deck {
    /// Puts the cards in the order of their ranks (`rank`: lower first; a card without one —
    /// nil — after every ranked card), equal ranks keeping their present order (a stable sort).
    /// Ids, titles, the deleted cards and the delete that can be undone stay as they are.
    /// - Complexity: O(n log n).
    public mutating func reorder(by rank: (DeckCard) -> Int?) {
        let keys = cards.map { rank($0) ?? Int.max }
        let order = cards.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        guard order != Array(cards.indices) else { return }
        cards = order.map { cards[$0] }
        reindex(from: 0)
    }
}
