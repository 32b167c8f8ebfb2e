import CardLayout

/// The cards in their order, with stable ids that are never handed out twice (UInt32, as they
/// travel to the GPU), and the edits people make: insert, append, delete, move, undo the last
/// delete. Pure data: saving and loading are the viewer's (`state` is Codable).
///
/// Index → id is O(1); id → index is O(1) expected through a position table that edits keep
/// up to date, which makes each edit O(n) (as the array shift it accompanies).
public struct Deck: Sendable, Equatable {
    /// A deleted card and the position it had, for undo.
    public struct Deletion: Hashable, Sendable, Codable {
        public var card: DeckCard
        public var index: Int

        public init(card: DeckCard, index: Int) {
            self.card = card
            self.index = index
        }
    }

    /// The cards in order.
    public internal(set) var cards: [DeckCard] = []
    /// Cards the user deleted, oldest first (undo takes the last back).
    public internal(set) var deleted: [DeckCard] = []
    /// The id the next new card gets; ids below it have been used.
    public internal(set) var nextID: UInt32 = 0
    /// The delete that `undoDelete` would restore.
    public internal(set) var undoableDeletion: Deletion?
    private var positions: [CardID: Int] = [:]

    /// An empty deck.
    public init() {}

    /// A deck of new cards, ids 0, 1, 2… in order.
    public init(_ contents: [(source: CardSource, title: String)]) {
        for item in contents { append(source: item.source, title: item.title) }
    }

    /// `count` synthetic cards titled "1", "2", …
    public init(syntheticCount count: Int) {
        self.init((0..<max(0, count)).map { (CardSource.synthetic(number: $0 + 1), String($0 + 1)) })
    }

    public var count: Int { cards.count }
    public var isEmpty: Bool { cards.isEmpty }

    /// The card at `index`. - Complexity: O(1).
    public subscript(index: Int) -> DeckCard { cards[index] }

    /// The id of the card at `index`, or `nil` outside the deck. - Complexity: O(1).
    public func id(at index: Int) -> CardID? {
        cards.indices.contains(index) ? cards[index].id : nil
    }

    /// The position of card `id`, or `nil` if it is not in the deck. - Complexity: O(1) expected.
    public func index(of id: CardID) -> Int? { positions[id] }

    /// Card `id`, if it is in the deck. - Complexity: O(1) expected.
    public func card(_ id: CardID) -> DeckCard? { positions[id].map { cards[$0] } }

    /// Inserts a new card at `index` (0…count) with a new id; `nil` when `index` is outside
    /// 0…count or the ids are used up. - Complexity: O(n).
    @discardableResult
    public mutating func insert(source: CardSource, title: String, at index: Int) -> CardID? {
        guard index >= 0, index <= cards.count, nextID < UInt32.max else { return nil }
        let id = CardID(nextID)
        nextID += 1
        place(DeckCard(id: id, source: source, title: title), at: index)
        return id
    }

    /// Appends a new card; `nil` when the ids are used up. - Complexity: O(1) amortised.
    @discardableResult
    public mutating func append(source: CardSource, title: String) -> CardID? {
        insert(source: source, title: title, at: cards.count)
    }

    /// Deletes card `id` and remembers it for `undoDelete` (replacing the previous delete);
    /// returns the index it had, or `nil` if it is not in the deck. - Complexity: O(n).
    @discardableResult
    public mutating func delete(_ id: CardID) -> Int? {
        guard let index = positions[id] else { return nil }
        let card = cards.remove(at: index)
        positions[id] = nil
        reindex(from: index)
        deleted.append(card)
        undoableDeletion = Deletion(card: card, index: index)
        return index
    }

    /// Moves the card at `source` to `destination` (both in 0..<count; the others shift, as
    /// `UICollectionView.moveItem`). Returns false, changing nothing, for an index outside the deck.
    /// - Complexity: O(|source − destination|) plus the array shift.
    @discardableResult
    public mutating func move(from source: Int, to destination: Int) -> Bool {
        guard cards.indices.contains(source), cards.indices.contains(destination) else { return false }
        guard source != destination else { return true }
        let card = cards.remove(at: source)
        cards.insert(card, at: destination)
        reindex(from: min(source, destination), through: max(source, destination))
        return true
    }

    /// True when there is a delete to undo.
    public var canUndoDelete: Bool { undoableDeletion != nil }

    /// Restores the last deleted card, with its id, at the position it had (or at the end if
    /// the deck has since become shorter). Returns its id and new index. - Complexity: O(n).
    @discardableResult
    public mutating func undoDelete() -> (id: CardID, index: Int)? {
        guard let deletion = undoableDeletion else { return nil }
        undoableDeletion = nil
        guard positions[deletion.card.id] == nil else { return nil }
        if let i = deleted.lastIndex(where: { $0.id == deletion.card.id }) { deleted.remove(at: i) }
        let index = min(max(0, deletion.index), cards.count)
        place(deletion.card, at: index)
        return (deletion.card.id, index)
    }

    // MARK: Internals

    /// Removes the cards `ids` from the order and from the deleted list, without recording a
    /// delete. - Complexity: O(n).
    mutating func purge(_ ids: Set<CardID>) {
        guard !ids.isEmpty else { return }
        cards.removeAll { ids.contains($0.id) }
        deleted.removeAll { ids.contains($0.id) }
        if let u = undoableDeletion, ids.contains(u.card.id) { undoableDeletion = nil }
        positions.removeAll(keepingCapacity: true)
        reindex(from: 0)
    }

    mutating func place(_ card: DeckCard, at index: Int) {
        cards.insert(card, at: index)
        reindex(from: index)
    }

    /// Brings the position table up to date for indices `start…end` (default: to the end).
    mutating func reindex(from start: Int, through end: Int? = nil) {
        let last = min(end ?? cards.count - 1, cards.count - 1)
        guard start <= last else { return }
        for i in start...last { positions[cards[i].id] = i }
    }
}
