import CardLayout

/// Where a card's picture comes from.
public enum CardSource: Hashable, Sendable, Codable {
    /// One of the bundled default images, by its index.
    case bundled(index: Int)
    /// A user's image, by its file name inside the images folder (never modified or deleted).
    case file(name: String)
    /// No image: a generated card that shows its number.
    case synthetic(number: Int)
}

/// One card of a deck: a stable identity, its picture's source and the title it shows.
public struct DeckCard: Hashable, Sendable, Codable, Identifiable {
    public var id: CardID
    public var source: CardSource
    public var title: String

    public init(id: CardID, source: CardSource, title: String) {
        self.id = id
        self.source = source
        self.title = title
    }
}

/// A deck's persistent state: the cards in order (added ones included), the cards the user
/// deleted (so a file still in the images folder stays deleted), the next id to hand out, and
/// the delete that can still be undone. Version 1.
public struct DeckState: Hashable, Sendable, Codable {
    public var version: Int
    public var cards: [DeckCard]
    public var deleted: [DeckCard]
    public var nextID: UInt32
    public var undoableDeletion: Deck.Deletion?

    public init(version: Int = 1, cards: [DeckCard], deleted: [DeckCard], nextID: UInt32, undoableDeletion: Deck.Deletion?) {
        self.version = version
        self.cards = cards
        self.deleted = deleted
        self.nextID = nextID
        self.undoableDeletion = undoableDeletion
    }
}

/// Why a saved deck state cannot be used.
public enum DeckStateError: Error, Hashable, Sendable, CustomStringConvertible {
    case unsupportedVersion(Int)
    case duplicateID(CardID)
    /// An id at or above `nextID`: handing it out again would reuse it.
    case idNotBelowNextID(CardID)

    public var description: String {
        switch self {
        case .unsupportedVersion(let v): "deck state version \(v) is not supported (expected 1)"
        case .duplicateID(let id): "deck state lists card \(id) twice"
        case .idNotBelowNextID(let id): "deck state has card \(id) but its next id is not above it"
        }
    }
}
