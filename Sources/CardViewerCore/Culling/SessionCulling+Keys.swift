import CardCulling
import CardEvents
import CardInteraction
import CardLayout
import CardPacking

/// Culling's keys and marks (SPEC §10): `P` pick, `X` reject (toggles), `Ctrl+1`…`Ctrl+5` stars,
/// `Ctrl+0` none, and in a deck of pictures the keys photographers have in their fingers
/// (Lightroom, darktable, Photo Mechanic): bare `0`–`5` stars, `6`–`9` the colour labels red,
/// yellow, green, blue (toggles; the layouts move to `Alt+1`…`Alt+0` there) — on the current card
/// in the layout view, on the picture shown in the photo view. `Shift` with a marking key marks
/// and moves to the next card; Caps Lock or `--auto-advance` (`autoAdvance`) makes every mark
/// move on. `V`, the filter (`SessionCulling+Filter.swift`; `Shift+V` opens `FilterMenuView`). Marks are read and written
/// through the store off the frame thread (`CullMarkIO`); a card's companions (the RAW of a
/// RAW+JPEG pair) get the same mark written.
extension SessionCulling {
    /// How often a window looks for marks read in the background while reads are in flight,
    /// seconds: at most 4 redraws a second for marks arriving (SPEC §10, no redraw storms).
    static let pollInterval = 0.25

    /// Starts culling with `store`: marks the state kept (`saved`) are taken at once and preferred,
    /// the others are read in the background, the cards near the current one first. `picturePaths`
    /// gives a card's picture path, then its companions' (empty for cards without files).
    /// `readsFiles` false (a deck without picture files: generated, bundled) reads nothing.
    func attach(store: any CullMarkStore, saved: SavedCulling?, readsFiles: Bool, picturePaths: @escaping (DeckCard) -> [String]) {
        io = CullMarkIO(store: store)
        self.picturePaths = readsFiles ? picturePaths : { _ in [] }
        isPictureDeck = readsFiles
        stateMarks = saved?.marks ?? [:]
        filter = saved?.filter ?? .all
        pickLabel = saved?.pickLabel ?? SavedCulling.defaultPickLabel
        requestMarks(for: session.scene.deck.cards)
        if filter != .all { refilter(animated: false) }
    }

    /// The culling keys; false for any other key.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard !event.modifiers.contains(.alt) else { return false }
        let control = event.modifiers.contains(.control)
        let advances = event.modifiers.contains(.shift) || event.modifiers.contains(.capsLock) || autoAdvance
        let pickLabel = self.pickLabel
        switch event.key {
        case .character("p") where !control:
            changeMark(advancing: advances, verb: { $0.flag == .picked ? "picked" : "pick cleared" }) { $0.togglingPick(pickLabel: pickLabel) }
        case .character("x") where !control:
            changeMark(advancing: advances, verb: { $0.flag == .rejected ? "rejected" : "reject cleared" }) { $0.togglingReject() }
        // Bare digits mark only where they are not the help's layout picker.
        case .character(let c) where ("0"..."5").contains(c) && (control || isPictureDeck && !session.help.isOpen):
            let stars = Int(String(c)) ?? 0
            changeMark(advancing: advances, verb: { _ in stars == 0 ? "no stars" : String(repeating: "*", count: stars) }) {
                $0.withStars(stars)
            }
        case .character(let c) where ("6"..."9").contains(c) && !control && isPictureDeck && !session.help.isOpen:
            let named = ColorLabels.named[(Int(String(c)) ?? 6) - 6]
            changeMark(advancing: advances, verb: { $0.labels.contains(named.label) ? "\(named.name.lowercased()) label" : "\(named.name.lowercased()) label removed" }) {
                $0.togglingLabel(named.label)
            }
        case .character("v") where !control && !event.modifiers.contains(.shift):
            cycleFilter()
        default:
            return false
        }
        return true
    }

    /// The card a culling key acts on: the compare view's active pane's picture, the photo
    /// view's picture, else the current card.
    var target: CardID? { session.compare.activeCard ?? session.photo.shown?.card ?? session.layout.currentCardID }

    /// Applies `change` to the target card's mark, stores it and says so ("*** photo12",
    /// "rejected photo12"); when `advancing`, then moves to the next card (the photo view to the
    /// next picture) — unless the filter hid the card, which moved on already.
    private func changeMark(advancing: Bool = false, verb: (CullMark) -> String, _ change: @escaping @Sendable (CullMark) -> CullMark) {
        guard let id = target, let card = session.scene.deck.card(id) else {
            session.showMessage("no card to mark")
            return
        }
        let mark = change(self.mark(of: id))
        setMark(mark, of: card, change: change)
        session.showMessage("\(verb(mark)): \(MessageText.shortened(card.title))")
        if filter != .all { refilter(animated: true) }
        if advancing, session.scene.deck.index(of: id) != nil { advance(from: id) }
    }

    /// Moves from card `id` to the next one: the compare view's active pane shows the next
    /// picture not shown; the photo view shows the next picture; the layouts
    /// make the next card current and bring it into view. At the deck's end it stays.
    private func advance(from id: CardID) {
        let deck = session.scene.deck
        guard let index = deck.index(of: id), let next = deck.id(at: index + 1) else { return }
        if session.compare.isOpen {
            session.compare.replaceActive(step: 1)
        } else if session.photo.isOpen {
            session.photo.step(by: 1)
        } else {
            session.layout.makeCurrent(next, animated: true)
            session.layout.showsFocusRing = true
        }
    }

    /// Rejects the cards SlideBox's swipe up gave (`swipeUp=reject`): marked rejected (their stars
    /// kept), never removed from the deck.
    func rejectSwipedCards() {
        let ids = session.scene.swipedToReject
        session.scene.swipedToReject.removeAll()
        for id in ids {
            guard let card = session.scene.deck.card(id) else { continue }
            let reject: @Sendable (CullMark) -> CullMark = { CullMark(stars: $0.stars, flag: .rejected) }
            setMark(reject(self.mark(of: id)), of: card, change: reject)
            session.showMessage("rejected: \(MessageText.shortened(card.title))")
        }
        if filter != .all { refilter(animated: true) }
    }

    /// Sets card `card`'s mark and hands it to the store (or the state: a card without a file, a
    /// picture in a folder whose sidecars cannot be written, a sidecar left alone). When the
    /// card's mark has not been read yet, `change` (the key's) is applied to the mark the store
    /// reads at the time of the write instead, and the result replaces `mark` when it comes back
    /// (`poll`): P pressed before a picture's four stars were read keeps the four stars.
    func setMark(_ mark: CullMark, of card: DeckCard, change: (@Sendable (CullMark) -> CullMark)? = nil) {
        marks[card.id] = mark
        setByKey.insert(card.id)
        session.needsDisplay = true
        let paths = picturePaths(card)
        let key = Self.stateKey(of: card)
        let keptInState = paths.isEmpty || stateMarks[key] != nil || leftAlone.contains(card.id)
            || unwritableFolders.contains(Self.folder(of: paths[0]))
        let unread = awaitingRead.contains(card.id) || mergesInFlight[card.id] != nil
        if let io, let change, unread, !paths.isEmpty {
            mergesInFlight[card.id, default: 0] += 1
            if keptInState { keepInState(mark, key: key) }
            io.apply(change, for: CullMarkIO.Target(id: card.id, paths: paths), writes: !keptInState)
        } else if keptInState || io == nil {
            keepInState(mark, key: key)
        } else {
            io?.write(mark, for: CullMarkIO.Target(id: card.id, paths: paths))
        }
    }

    /// Keeps `mark` in the state under `key`. An unmarked card without a file leaves it; a
    /// picture's stays, unmarked, so that it still wins over a sidecar in its read-only folder.
    private func keepInState(_ mark: CullMark, key: String) {
        if mark.isUnmarked, key.hasPrefix("#") { stateMarks[key] = nil } else { stateMarks[key] = mark }
        session.layoutRevision += 1  // the state file keeps it
    }

    /// Asks for the marks of `cards`: from the state when it keeps them, else from the store in
    /// the background, those nearest the current card first.
    ///
    /// - Complexity: O(n log n) for n cards with files; O(1) for a deck without files and no
    ///   marks in the state (a generated deck of millions of cards).
    func requestMarks(for cards: [DeckCard]) {
        guard let io, !cards.isEmpty else { return }
        let keepsNone = stateMarks.isEmpty
        if keepsNone, picturePaths(cards[0]).isEmpty, !cards.contains(where: { if case .file = $0.source { true } else { false } }) {
            return
        }
        var targets: [(distance: Int, target: CullMarkIO.Target)] = []
        targets.reserveCapacity(cards.count)
        let current = session.layout.currentCardIndex ?? 0
        for card in cards {
            if !keepsNone, let kept = stateMarks[Self.stateKey(of: card)] {
                marks[card.id] = kept
                continue
            }
            let paths = picturePaths(card)
            guard !paths.isEmpty else { continue }
            let distance = session.scene.deck.index(of: card.id).map { abs($0 - current) } ?? Int.max
            targets.append((distance, CullMarkIO.Target(id: card.id, paths: paths)))
            awaitingRead.insert(card.id)
        }
        targets.sort { $0.distance < $1.distance }
        io.read(targets.map(\.target))
    }

    /// Takes the marks read and the writes refused since the last look: new marks are drawn (and
    /// filtered), marks merged with a key's change replace the key's guess, refused writes go to
    /// the state with one message per folder (or per sidecar left alone).
    func poll() {
        guard let io, io.isBusy else { return }
        let results = io.take()
        var changed = false
        for (id, mark) in results.marks {
            awaitingRead.remove(id)
            guard !setByKey.contains(id), marks[id] ?? .unmarked != mark else { continue }
            marks[id] = mark
            changed = true
        }
        for (id, alone) in results.leftAlone {
            leftAlone.insert(id)
            sayLeftAlone(alone.path, alone.reason)
        }
        for merged in results.merged {
            if let count = mergesInFlight[merged.id] { mergesInFlight[merged.id] = count > 1 ? count - 1 : nil }
            if marks[merged.id] ?? .unmarked != merged.mark {
                marks[merged.id] = merged.mark
                changed = true
            }
            if merged.keptInState, let card = card(merged.id) { keepInState(merged.mark, key: Self.stateKey(of: card)) }
        }
        for refusal in results.refusals {
            if refusal.onlyThisPicture {
                leftAlone.insert(refusal.id)
                sayLeftAlone(refusal.path, refusal.reason)
            } else {
                let folder = Self.folder(of: refusal.path)
                if unwritableFolders.insert(folder).inserted {
                    let line = "cannot write culling marks beside the pictures in \(folder) (\(refusal.reason)); kept in the viewer's state"
                    session.notices.append(line)
                    session.showMessage("cannot write marks in \(MessageText.shortened(folder)): kept in the state")
                }
            }
            if let card = card(refusal.id) {
                keepInState(mark(of: card.id), key: Self.stateKey(of: card))
            }
        }
        if changed {
            session.needsDisplay = true
            if filter != .all {
                refilter(animated: true)
                session.refreshOverlay()  // the indicator's counts
            }
        }
    }

    /// Card `id`, shown or hidden by the filter.
    private func card(_ id: CardID) -> DeckCard? {
        session.scene.deck.card(id) ?? parked[id]
    }

    /// Says once that the sidecar at `path` is left alone and why; its picture's marks go to the state.
    private func sayLeftAlone(_ path: String, _ reason: String) {
        guard saidLeftAlone.insert(path).inserted else { return }
        session.notices.append("\(path): sidecar left as it is (\(reason)); its culling marks are kept in the viewer's state")
        session.showMessage("sidecar left as it is: marks kept in the state")
    }

    /// When the window should next look for marks read in the background.
    var deadline: Double? {
        guard let io, io.isBusy else { return nil }
        return session.time + Self.pollInterval
    }

    /// The culling bits of the record of card `id` (`InstanceFlags.cullBits`). O(1).
    func bits(ofID id: UInt32) -> UInt8 {
        guard !marks.isEmpty, let mark = marks[CardID(id)] else { return 0 }
        return InstanceFlags.cullBits(stars: mark.stars, picked: mark.flag == .picked, rejected: mark.flag == .rejected)
    }

    /// The colour labels of the record of card `id` (`InstanceRecord.colorLabelBits`: the raw
    /// value of `ColorLabels`, bit k darktable's label k). O(1).
    func labelBits(ofID id: UInt32) -> UInt8 {
        guard !marks.isEmpty, let mark = marks[CardID(id)] else { return 0 }
        return mark.labels.rawValue
    }
}
