import CardCulling
import CardEvents
import CardInteraction
import CardLayout
import CardPacking

/// Culling in the session (SPEC §10): `P` pick, `X` reject (toggles), `Ctrl+1`…`Ctrl+5` stars,
/// `Ctrl+0` none — on the current card in the layout view, on the picture shown in the photo
/// view — and `V`, the filter (`ViewerSession+CullFilter.swift`). Marks are read and written
/// through the store off the frame thread (`CullMarkIO`); a card's companions (the RAW of a
/// RAW+JPEG pair) get the same mark written.
extension ViewerSession {
    /// How often a window looks for marks read in the background while reads are in flight,
    /// seconds: at most 4 redraws a second for marks arriving (SPEC §10, no redraw storms).
    public static let cullPollInterval = 0.25

    /// Starts culling with `store`: marks the state kept (`saved`) are taken at once and preferred,
    /// the others are read in the background, the cards near the current one first. `picturePaths`
    /// gives a card's picture path, then its companions' (empty for cards without files).
    /// `readsFiles` false (a deck without picture files: generated, bundled) reads nothing.
    public func attachCulling(store: any CullMarkStore, saved: SavedCulling? = nil, readsFiles: Bool = true,
                              picturePaths: @escaping (DeckCard) -> [String]) {
        culling.io = CullMarkIO(store: store)
        culling.picturePaths = readsFiles ? picturePaths : { _ in [] }
        culling.stateMarks = saved?.marks ?? [:]
        culling.filter = saved?.filter ?? .all
        requestMarks(for: scene.deck.cards)
        if culling.filter != .all { refilter(animated: false) }
    }

    /// The mark of card `id`: what the store, the state or a key said; unmarked otherwise.
    public func cullMark(of id: CardID) -> CullMark { culling.mark(of: id) }

    /// The filter shown (`V`).
    public var cullFilter: CullFilter { culling.filter }

    /// What the state keeps of the culling: the filter and the marks not in the store.
    public var savedCulling: SavedCulling { SavedCulling(filter: culling.filter, marks: culling.stateMarks) }

    /// True while marks are being read or written in the background.
    public var isCullingBusy: Bool { culling.io?.isBusy ?? false }

    /// Waits for every mark read and write handed to the store, then takes the results (tests,
    /// quit).
    public func finishCulling() {
        culling.io?.finish()
        pollCulling()
    }

    /// Waits for the mark writes handed to the store (not the reads), then takes their results:
    /// on quit, before the state is saved, so a mark the store refused is kept in the state.
    public func finishCullingWrites() {
        culling.io?.finishWrites()
        pollCulling()
    }

    /// The culling bits of the record of card `id` (`InstanceFlags.cullBits`). O(1).
    public func cullBits(ofID id: UInt32) -> UInt8 {
        guard !culling.marks.isEmpty, let mark = culling.marks[CardID(id)] else { return 0 }
        return InstanceFlags.cullBits(stars: mark.stars, picked: mark.flag == .picked, rejected: mark.flag == .rejected)
    }

    /// The culling keys; false for any other key. Not while the options panel is open.
    func handleCullKey(_ event: KeyEvent) -> Bool {
        guard optionsPanel == nil, !event.modifiers.contains(.alt) else { return false }
        let control = event.modifiers.contains(.control)
        switch event.key {
        case .character("p") where !control:
            changeMark(verb: { $0.flag == .picked ? "picked" : "pick cleared" }) { $0.togglingPick() }
        case .character("x") where !control:
            changeMark(verb: { $0.flag == .rejected ? "rejected" : "reject cleared" }) { $0.togglingReject() }
        case .character(let c) where control && ("0"..."5").contains(c):
            let stars = Int(String(c)) ?? 0
            changeMark(verb: { _ in stars == 0 ? "no stars" : String(repeating: "*", count: stars) }) { $0.withStars(stars) }
        case .character("v") where !control:
            cycleCullFilter()
        default:
            return false
        }
        return true
    }

    /// The card a culling key acts on: the photo view's picture, else the current card.
    var cullTarget: CardID? { photoView?.card ?? currentCardID }

    /// Applies `change` to the target card's mark, stores it and says so ("*** photo12",
    /// "rejected photo12").
    private func changeMark(verb: (CullMark) -> String, _ change: (CullMark) -> CullMark) {
        guard let id = cullTarget, let card = scene.deck.card(id) else {
            showMessage("no card to mark")
            return
        }
        let mark = change(culling.mark(of: id))
        setMark(mark, of: card)
        showMessage("\(verb(mark)): \(Self.shortened(card.title))")
        if culling.filter != .all { refilter(animated: true) }
    }

    /// Rejects the cards SlideBox's swipe up gave (`swipeUp=reject`): marked rejected (their stars
    /// kept), never removed from the deck.
    func rejectSwipedCards() {
        let ids = scene.swipedToReject
        scene.swipedToReject.removeAll()
        for id in ids {
            guard let card = scene.deck.card(id) else { continue }
            var mark = culling.mark(of: id)
            mark.flag = .rejected
            setMark(mark, of: card)
            showMessage("rejected: \(Self.shortened(card.title))")
        }
        if culling.filter != .all { refilter(animated: true) }
    }

    /// Sets card `card`'s mark and hands it to the store (or the state: a card without a file, a
    /// picture in a folder whose sidecars cannot be written).
    func setMark(_ mark: CullMark, of card: DeckCard) {
        culling.marks[card.id] = mark
        culling.setByKey.insert(card.id)
        needsDisplay = true
        let paths = culling.picturePaths(card)
        let key = SessionCulling.stateKey(of: card)
        let keptInState = paths.isEmpty || culling.stateMarks[key] != nil
            || culling.unwritableFolders.contains(SessionCulling.folder(of: paths[0]))
        if keptInState || culling.io == nil {
            keepInState(mark, key: key)
        } else {
            culling.io?.write(mark, for: CullMarkIO.Target(id: card.id, paths: paths))
        }
    }

    /// Keeps `mark` in the state under `key`. An unmarked card without a file leaves it; a
    /// picture's stays, unmarked, so that it still wins over a sidecar in its read-only folder.
    private func keepInState(_ mark: CullMark, key: String) {
        if mark.isUnmarked, key.hasPrefix("#") { culling.stateMarks[key] = nil } else { culling.stateMarks[key] = mark }
        layoutRevision += 1  // the state file keeps it
    }

    /// Asks for the marks of `cards`: from the state when it keeps them, else from the store in
    /// the background, those nearest the current card first.
    ///
    /// - Complexity: O(n log n) for n cards with files; O(1) for a deck without files and no
    ///   marks in the state (a generated deck of millions of cards).
    func requestMarks(for cards: [DeckCard]) {
        guard let io = culling.io, !cards.isEmpty else { return }
        let keepsNone = culling.stateMarks.isEmpty
        if keepsNone, culling.picturePaths(cards[0]).isEmpty, !cards.contains(where: { if case .file = $0.source { true } else { false } }) {
            return
        }
        var targets: [(distance: Int, target: CullMarkIO.Target)] = []
        targets.reserveCapacity(cards.count)
        let current = currentCardIndex ?? 0
        for card in cards {
            if !keepsNone, let kept = culling.stateMarks[SessionCulling.stateKey(of: card)] {
                culling.marks[card.id] = kept
                continue
            }
            let paths = culling.picturePaths(card)
            guard !paths.isEmpty else { continue }
            let distance = scene.deck.index(of: card.id).map { abs($0 - current) } ?? Int.max
            targets.append((distance, CullMarkIO.Target(id: card.id, paths: paths)))
        }
        targets.sort { $0.distance < $1.distance }
        io.read(targets.map(\.target))
    }

    /// Takes the marks read and the writes refused since the last look: new marks are drawn (and
    /// filtered), refused writes go to the state with one message per folder.
    func pollCulling() {
        guard let io = culling.io, io.isBusy else { return }
        let (arrived, refusals) = io.take()
        var changed = false
        for (id, mark) in arrived where !culling.setByKey.contains(id) {
            if culling.marks[id] ?? .unmarked != mark {
                culling.marks[id] = mark
                changed = true
            }
        }
        for refusal in refusals {
            let folder = SessionCulling.folder(of: refusal.path)
            if culling.unwritableFolders.insert(folder).inserted {
                let line = "cannot write culling marks beside the pictures in \(folder) (\(refusal.reason)); kept in the viewer's state"
                notices.append(line)
                showMessage("cannot write marks in \(Self.shortened(folder)): kept in the state")
            }
            if let card = scene.deck.card(refusal.id) ?? culling.parked[refusal.id] {
                keepInState(culling.mark(of: card.id), key: SessionCulling.stateKey(of: card))
            }
        }
        if changed {
            needsDisplay = true
            if culling.filter != .all { refilter(animated: true) }
        }
    }

    /// When the window should next look for marks read in the background.
    var cullDeadline: Double? {
        guard let io = culling.io, io.isBusy else { return nil }
        return scene.time + Self.cullPollInterval
    }
}
