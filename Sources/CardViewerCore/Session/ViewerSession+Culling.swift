import CardCulling
import CardInteraction
import CardLayout

/// Culling through the session (SPEC §10; `SessionCulling`, shared by every view).
extension ViewerSession {
    /// How often a window looks for marks read in the background while reads are in flight,
    /// seconds.
    public static let cullPollInterval = SessionCulling.pollInterval

    /// Starts culling with `store`: marks the state kept (`saved`) are taken at once and preferred,
    /// the others are read in the background, the cards near the current one first. `picturePaths`
    /// gives a card's picture path, then its companions' (empty for cards without files).
    /// `readsFiles` false (a deck without picture files: generated, bundled) reads nothing.
    public func attachCulling(store: any CullMarkStore, saved: SavedCulling? = nil, readsFiles: Bool = true,
                              picturePaths: @escaping (DeckCard) -> [String]) {
        culling.attach(store: store, saved: saved, readsFiles: readsFiles, picturePaths: picturePaths)
    }

    /// The mark of card `id`: what the store, the state or a key said; unmarked otherwise.
    public func cullMark(of id: CardID) -> CullMark { culling.mark(of: id) }

    /// The filter shown (`V`).
    public var cullFilter: CullFilter { culling.filter }

    /// The colour label a pick adds (`--pick-label`; green unless the state or the command line
    /// says otherwise; `[]`: none). Saved with the state.
    public var pickLabel: ColorLabels {
        get { culling.pickLabel }
        set {
            guard newValue != culling.pickLabel else { return }
            culling.pickLabel = newValue
            layoutRevision += 1  // the state file keeps it
        }
    }

    /// Every mark moves on to the next card (`--auto-advance`; Caps Lock does the same).
    public var autoAdvance: Bool {
        get { culling.autoAdvance }
        set { culling.autoAdvance = newValue }
    }

    /// What the state keeps of the culling: the filter and the marks not in the store.
    public var savedCulling: SavedCulling { culling.saved }

    /// The whole deck, the cards the filter hides included, in its order: what the state saves.
    /// `deck` is the deck as shown (the filter's cards).
    public var savedDeck: Deck { culling.savedDeck }

    /// True while marks are being read or written in the background.
    public var isCullingBusy: Bool { culling.io?.isBusy ?? false }

    /// When the window should next look for marks read in the background.
    var cullDeadline: Double? { culling.deadline }

    /// Waits for every mark read and write handed to the store, then takes the results (tests,
    /// quit).
    public func finishCulling() {
        culling.io?.finish()
        culling.poll()
    }

    /// Waits for the mark writes handed to the store (not the reads), then takes their results:
    /// on quit, before the state is saved, so a mark the store refused is kept in the state.
    public func finishCullingWrites() {
        culling.io?.finishWrites()
        culling.poll()
    }

    /// The culling bits of the record of card `id` (`InstanceFlags.cullBits`). O(1).
    public func cullBits(ofID id: UInt32) -> UInt8 { culling.bits(ofID: id) }

    /// The colour labels of the record of card `id` (`InstanceRecord.colorLabelBits`). O(1).
    public func colorLabelBits(ofID id: UInt32) -> UInt8 { culling.labelBits(ofID: id) }
}
