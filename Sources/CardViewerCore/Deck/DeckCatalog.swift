import CardImaging
import CardInteraction
import CardLayout

/// Where a deck's pictures come from: the images to upload as texture layers, the cards a
/// fresh deck has, which layer shows each card, and what an appended card is.
public struct DeckCatalog: Sendable {
    /// The kind of deck.
    public enum Origin: Hashable, Sendable {
        /// The bundled default pictures.
        case bundled
        /// A folder of the user's PNG files (read, never written).
        case folder(path: String)
        /// `count` generated cards showing their numbers (over the bundled pictures, in turn).
        case synthetic(count: Int)
    }

    public var origin: Origin
    /// One image per texture layer, in layer order.
    public var images: [RGBAImage]
    /// The cards of a fresh deck, in order; for a restored deck, what `Deck.reconcile` compares
    /// with (pictures that vanished drop their cards, new ones are appended).
    public var available: [(source: CardSource, title: String)]
    /// The layer of each bundled or file source.
    var layerOfSource: [CardSource: UInt32]
    /// The layer a synthetic card shows in a folder deck (a plain picture), if any.
    var blankLayer: UInt32?

    public init(origin: Origin, images: [RGBAImage], available: [(source: CardSource, title: String)],
                layerOfSource: [CardSource: UInt32], blankLayer: UInt32?) {
        self.origin = origin
        self.images = images
        self.available = available
        self.layerOfSource = layerOfSource
        self.blankLayer = blankLayer
    }

    /// A fresh deck: every available card, ids 0, 1, 2…
    public func freshDeck() -> Deck {
        if case .synthetic(let count) = origin { return Deck(syntheticCount: count) }
        return Deck(available)
    }

    /// The texture layer of card `card`.
    public func layer(of card: DeckCard) -> UInt32 {
        if let layer = layerOfSource[card.source] { return layer }
        if case .synthetic(let number) = card.source {
            if let blankLayer { return blankLayer }
            let count = UInt32(clamping: images.count)
            return count > 0 ? UInt32(clamping: max(number - 1, 0)) % count : 0
        }
        return blankLayer ?? 0
    }

    /// Decks larger than this use the renderer's default layer choice (`id % layers`) instead
    /// of a table.
    public static let maximumLayerTableSize = 1 << 22

    /// The layer of every card the deck has handed an id to (deleted ones too, for undo),
    /// indexed by id; empty for synthetic decks, whose cards show the pictures in turn by id.
    ///
    /// - Complexity: O(n) for n ids; call when the deck changes, not per frame.
    public func layerTable(for deck: Deck) -> [UInt32] {
        if case .synthetic = origin { return [] }
        guard deck.nextID <= Self.maximumLayerTableSize else { return [] }
        var table = [UInt32](repeating: blankLayer ?? 0, count: Int(deck.nextID))
        for card in deck.cards { table[Int(card.id.rawValue)] = layer(of: card) }
        for card in deck.deleted { table[Int(card.id.rawValue)] = layer(of: card) }
        return table
    }

    /// What a card the user appends (A) is: in the bundled deck the next picture in turn, in a
    /// folder deck a plain new card (nothing is added to the folder), in a synthetic deck the
    /// next number.
    public var newCard: @Sendable (Deck) -> (source: CardSource, title: String) {
        switch origin {
        case .bundled:
            let titles = available.map(\.title)
            guard !titles.isEmpty else { return ViewerSession.syntheticCard }
            return { deck in
                let index = Int(deck.nextID % UInt32(titles.count))
                return (.bundled(index: index), titles[index])
            }
        case .folder:
            return ViewerSession.syntheticCard
        case .synthetic:
            return { deck in
                let number = Int(deck.nextID) + 1
                return (.synthetic(number: number), String(number))
            }
        }
    }
}
