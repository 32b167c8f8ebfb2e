import CardCulling
import CardFiles
import CardInteraction
import CardLayout
import Foundation

/// The session's culling (SPEC §10), shared by every view: the deck's marks by card, the filter,
/// the cards the filter hides, and where marks are read from and written to. Its keys
/// (`SessionCulling+Keys.swift`: `P`, `X`, `Ctrl+0`…`Ctrl+5`, `V`) act on the photo view's
/// picture, else the current card, in every view but under the options panel.
///
/// The filter hides, never deletes (`SessionCulling+Filter.swift`): the cards it does not
/// admit leave `ViewerScene.deck` (the deck the layouts see) and wait in `parked`; `fullOrder`
/// remembers the order of the whole deck at the last filtering, so `savedDeck` puts them back
/// where they were.
final class SessionCulling {
    /// The session that owns this, and outlives it (it is reachable only through the session);
    /// held without reference counting, as it is read many times a frame.
    unowned(unsafe) let session: ViewerSession
    /// The marks known, by card: read from the store, restored from the state, or set by keys.
    /// A card without an entry is unmarked (or not read yet).
    var marks: [CardID: CullMark] = [:] {
        didSet { marksRevision &+= 1 }  // no `oldValue`: the dictionary is changed in place
    }
    /// Grows with every change of `marks` (the filter indicator's counts are cached by it).
    var marksRevision = 0
    /// The filter indicator's counts and what they were counted for (`filterIndicator`).
    var indicatorCounts: (revision: Int, shown: Int, parked: Int, picks: Int, rejects: Int)?
    /// Which cards show.
    var filter: CullFilter = .all
    /// A deck of picture files: bare `0`–`9` mark (stars, labels) rather than switch layouts.
    var isPictureDeck = false
    /// The colour label a pick adds (`--pick-label`, SPEC §10; green by default, none: `[]`).
    var pickLabel: ColorLabels = SavedCulling.defaultPickLabel
    /// Every mark moves on to the next card (`--auto-advance`; Caps Lock does the same).
    var autoAdvance = false
    /// Cards the filter hides, out of the scene's deck.
    var parked: [CardID: DeckCard] = [:]
    /// The whole deck's order at the last filtering (empty while nothing is parked).
    var fullOrder: [CardID] = []
    /// Reads and writes marks off the frame thread; `nil` until the glue attaches a store.
    var io: CullMarkIO?
    /// The picture path of a card, then its companions' (a RAW of a RAW+JPEG pair); empty for
    /// cards without a picture file (generated decks: their marks live in the state).
    var picturePaths: (DeckCard) -> [String] = { _ in [] }
    /// Marks kept in the deck's state instead of the store, by `stateKey(of:)`: those of
    /// pictures in folders whose sidecars cannot be written, and of cards without files.
    /// Restored at start and preferred over the store.
    var stateMarks: [String: CullMark] = [:]
    /// Folders whose sidecars could not be written (said once each); their marks go to the state.
    var unwritableFolders: Set<String> = []
    /// Cards marked by a key since the start: a read that arrives later does not undo the key.
    var setByKey: Set<CardID> = []
    /// Cards whose marks were asked of the store and have not arrived: a key on one is applied
    /// to the mark read at the time of its write (`CullMarkIO.apply`), never to "unmarked".
    var awaitingRead: Set<CardID> = []
    /// Keys applied that way whose merged marks have not come back, by card: later keys on the
    /// card are applied the same way until they have.
    var mergesInFlight: [CardID: Int] = [:]
    /// Cards whose sidecars the store leaves alone (outside its bounds, read-only, a link out
    /// of the folder): their marks go to the state.
    var leftAlone: Set<CardID> = []
    /// Sidecars said to be left alone (once each).
    var saidLeftAlone: Set<String> = []

    init(session: ViewerSession) {
        self.session = session
    }

    /// The key of `card`'s mark in the state's `marks` object: its file name (the one its
    /// `CardSource.file` has) percent-encoded (`PathBytes.percentEncoded`, `#` as `%23`);
    /// `#ID` for a card without a file.
    static func stateKey(of card: DeckCard) -> String {
        stateKey(ofFile: card.source) ?? "#\(card.id.rawValue)"
    }

    /// The key of a file source's marks in the state (its name percent-encoded); nil for
    /// another source.
    static func stateKey(ofFile source: CardSource) -> String? {
        guard case .file(let name) = source else { return nil }
        return PathBytes.percentEncoded(name).replacingOccurrences(of: "#", with: "%23")
    }

    /// The folder of `path` (what the message about unwritable sidecars names).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The mark of card `id` (unmarked when none is known).
    func mark(of id: CardID) -> CullMark { marks[id] ?? .unmarked }

    /// What the state keeps of the culling: the filter and the marks not in the store.
    var saved: SavedCulling { SavedCulling(filter: filter, marks: stateMarks, pickLabel: pickLabel) }
}

/// What a state file keeps of the culling (SPEC §10): the filter, and the marks of pictures
/// whose sidecars cannot be written (and of cards without files), by `SessionCulling.stateKey`.
public struct SavedCulling: Hashable, Sendable {
    public var filter: CullFilter
    public var marks: [String: CullMark]
    /// The colour label a pick adds (`"pickLabel"`: `red`, `yellow`, `green`, `blue`, `none`).
    public var pickLabel: ColorLabels

    /// What a pick adds unless `--pick-label` or the state says otherwise: green, darktable's
    /// usual "keep" colour.
    public static let defaultPickLabel = ColorLabels.green

    public init(filter: CullFilter = .all, marks: [String: CullMark] = [:], pickLabel: ColorLabels = defaultPickLabel) {
        self.filter = filter
        self.marks = marks
        self.pickLabel = pickLabel
    }

    /// True when there is nothing to save (the filter shows all, no marks, the default pick label).
    public var isEmpty: Bool { filter == .all && marks.isEmpty && pickLabel == Self.defaultPickLabel }

    /// The mark the state keeps for the picture of a file source (a read-only folder's), if any.
    public func mark(ofFile source: CardSource) -> CullMark? {
        SessionCulling.stateKey(ofFile: source).flatMap { marks[$0] }
    }
}
