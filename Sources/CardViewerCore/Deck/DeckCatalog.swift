import CardInteraction
import CardLayout
import CardPictureFolders

/// Where a deck's pictures come from — listed, never decoded here: the picture files, the cards
/// a fresh deck has, which picture each card shows, whether cards show titles, and what an
/// appended card is.
///
/// A picture is named by its index in `pictures` (the picture pipeline's `PictureKey.picture`):
/// cards move, are deleted and come back, pictures keep their index. Decoding happens later, on
/// the picture pipeline's workers, for the cards in view and near them.
public struct DeckCatalog: Sendable {
    /// The kind of deck.
    public enum Origin: Hashable, Sendable {
        /// The bundled default pictures.
        case bundled
        /// A folder of the user's pictures (read, never written).
        case folder(path: String)
        /// `count` generated cards showing their numbers (over the bundled pictures, in turn).
        case synthetic(count: Int)
    }

    public var origin: Origin
    /// The picture files, in listing order (a folder's natural name order, or the bundled deck's).
    public var pictures: [PictureFile]
    /// The cards of a fresh deck, in order; for a restored deck, what `Deck.reconcile` compares
    /// with (pictures that vanished drop their cards, new ones are appended).
    public var available: [(source: CardSource, title: String)]
    /// The picture of each bundled or file source.
    var pictureOfSource: [CardSource: Int32]
    /// The folder saved file names are relative to (`DeckPaths`), canonical; `nil` for decks
    /// without files.
    public var keyBase: String?
    /// The deck's PATHs, canonical (a single file: its folder): the deck's identity, whose MD5
    /// names its state file in `$XDG_STATE_HOME/cardviewer/`. Empty for decks without files.
    public var canonicalPaths: [String] = []
    /// The picture a single file PATH named: the current card at start (SPEC §12).
    public var startPicture: Int?

    public init(origin: Origin, pictures: [PictureFile], available: [(source: CardSource, title: String)],
                pictureOfSource: [CardSource: Int32]) {
        self.origin = origin
        self.pictures = pictures
        self.available = available
        self.pictureOfSource = pictureOfSource
    }

    /// True when cards show their titles: a folder deck's cards are its files, titled with their
    /// names; the bundled pictures and generated cards show their numbers (the badge) only.
    public var showsTitles: Bool {
        if case .folder = origin { return true }
        return false
    }

    /// True for a deck of the user's pictures (`--images`, PATHs): cards are added by dropping
    /// files on the window, not with `A` (SPEC §10).
    public var isPhotoDeck: Bool { showsTitles }

    /// The card source of picture `index`.
    public func source(ofPicture index: Int) -> CardSource? {
        index < available.count ? available[index].source : pictureOfSource.first { $0.value == Int32(index) }?.key
    }

    /// True when the pictures are the user's photos, worth the thumbnail cache: the bundled
    /// pictures are small, and decoding them costs less than looking up a thumbnail.
    public var usesThumbnailCache: Bool { showsTitles }

    /// A fresh deck: every available card, ids 0, 1, 2…
    public func freshDeck() -> Deck {
        if case .synthetic(let count) = origin { return Deck(syntheticCount: count) }
        return Deck(available)
    }

    /// The picture card `card` shows, or `nil` for none (a card added to a folder deck: its
    /// placeholder and title).
    public func picture(of card: DeckCard) -> Int? {
        if let picture = pictureOfSource[card.source] { return Int(picture) }
        guard case .synthetic(let number) = card.source, !showsTitles, !pictures.isEmpty else { return nil }
        return max(number - 1, 0) % pictures.count
    }

    /// Decks larger than this use `defaultPicture(forID:)` instead of a table.
    public static let maximumPictureTableSize = 1 << 22

    /// The picture of every card the deck has handed an id to (deleted ones too, for undo),
    /// indexed by id, −1 for none; empty for generated decks, whose cards show the pictures in
    /// turn by id (`defaultPicture(forID:)`), and for decks past `maximumPictureTableSize`.
    ///
    /// - Complexity: O(n) for n ids; call when the deck changes, not per frame.
    public func pictureTable(for deck: Deck) -> [Int32] {
        if case .synthetic = origin { return [] }
        guard deck.nextID <= Self.maximumPictureTableSize else { return [] }
        var table = [Int32](repeating: -1, count: Int(deck.nextID))
        for card in deck.cards { table[Int(card.id.rawValue)] = picture(of: card).map(Int32.init) ?? -1 }
        for card in deck.deleted { table[Int(card.id.rawValue)] = picture(of: card).map(Int32.init) ?? -1 }
        return table
    }

    /// The picture of card `id` when there is no table: the pictures in turn (`id % count`) in
    /// a generated or bundled deck, none in a folder deck.
    public func defaultPicture(forID id: UInt32) -> Int32 {
        guard !showsTitles, !pictures.isEmpty else { return -1 }
        return Int32(truncatingIfNeeded: Int(id) % pictures.count)
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
