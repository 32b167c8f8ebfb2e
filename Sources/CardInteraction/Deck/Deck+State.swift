import CardLayout

extension Deck {
    /// Everything needed to restore this deck later.
    public var state: DeckState {
        DeckState(cards: cards, deleted: deleted, nextID: nextID, undoableDeletion: undoableDeletion)
    }

    /// A deck restored from a saved state, checked so that no id can be handed out twice.
    ///
    /// - Throws: `DeckStateError` for an unknown version, a duplicate id, or an id at or above
    ///   `nextID`.
    public init(state: DeckState) throws {
        guard state.version == 1 else { throw DeckStateError.unsupportedVersion(state.version) }
        var seen = Set<CardID>()
        for card in state.cards + state.deleted {
            guard seen.insert(card.id).inserted else { throw DeckStateError.duplicateID(card.id) }
            guard card.id.rawValue < state.nextID else { throw DeckStateError.idNotBelowNextID(card.id) }
        }
        self.init()
        nextID = state.nextID
        for card in state.cards { place(card, at: cards.count) }
        deleted = state.deleted
        // Only a deletion that matches a deleted card can be undone.
        if let deletion = state.undoableDeletion, state.deleted.contains(deletion.card) {
            undoableDeletion = deletion
        }
    }

    /// Brings the deck in line with the images that exist now (a folder may have changed since
    /// the state was saved): cards whose bundled or file source is not in `available` are
    /// dropped (not counted as user deletes), and sources in `available` that the deck has
    /// neither shown nor had deleted are appended as new cards, in the given order. Synthetic
    /// cards stay. A kept card (shown or deleted) whose source `available` titles differently
    /// takes that title: a state saved when titles dropped the extension ("swap") shows the
    /// file's title now ("swap.jpg"); cards are keyed by source, never by title. Returns the ids
    /// dropped and added.
    ///
    /// - Complexity: O(n + m), n the cards and deletions, m the available sources.
    @discardableResult
    public mutating func reconcile(available: [(source: CardSource, title: String)]) -> (dropped: [CardID], added: [CardID]) {
        let availableSources = Set(available.map(\.source))
        let gone = cards.filter { card in
            if case .synthetic = card.source { return false }
            return !availableSources.contains(card.source)
        }
        purge(Set(gone.map(\.id)))
        retitle(Dictionary(available.map { ($0.source, $0.title) }, uniquingKeysWith: { first, _ in first }))
        let known = Set((cards + deleted).map(\.source))
        var added: [CardID] = []
        for item in available where !known.contains(item.source) {
            if let id = append(source: item.source, title: item.title) { added.append(id) }
        }
        return (gone.map(\.id), added)
    }
}

extension Deck {
    /// Gives every card (shown, deleted, the undoable deletion's) whose source has an entry in
    /// `titles` that title; ids, order and sources stay. O(n).
    mutating func retitle(_ titles: [CardSource: String]) {
        for index in cards.indices {
            if let title = titles[cards[index].source] { cards[index].title = title }
        }
        for index in deleted.indices {
            if let title = titles[deleted[index].source] { deleted[index].title = title }
        }
        if var deletion = undoableDeletion, let title = titles[deletion.card.source] {
            deletion.card.title = title
            undoableDeletion = deletion
        }
    }
}

extension Deck: Codable {
    public init(from decoder: Decoder) throws {
        let state = try DeckState(from: decoder)
        do {
            try self.init(state: state)
        } catch let error as DeckStateError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: error.description))
        }
    }

    public func encode(to encoder: Encoder) throws { try state.encode(to: encoder) }
}
