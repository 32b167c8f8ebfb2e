import CardCulling
import CardInteraction
import CardLayout

/// The culling filter (SPEC §10, `V`: all → picks only → rejects hidden → all). Cards the filter
/// does not admit leave the layout, animated as a delete animates, and come back, animated as
/// an undo, when it admits them again; the deck's order and the state's deck do not change (the
/// filter hides, never deletes: `savedDeck` is the whole deck). The photo view's next and
/// previous go through the admitted cards only; the current card moves to an admitted one.
extension ViewerSession {
    /// The whole deck, the cards the filter hides included, in its order: what the state saves.
    /// `deck` is the deck as shown (the filter's cards).
    ///
    /// - Complexity: O(n) while the filter hides cards; O(1) otherwise.
    public var savedDeck: Deck {
        guard !culling.parked.isEmpty else { return scene.deck }
        return Self.merged(shown: scene.deck, parked: culling.parked, order: culling.fullOrder)
    }

    /// The whole deck from the cards shown (in their order now: a grid may have moved them), the
    /// parked ones and the whole order at the last filtering: each parked card goes back to its
    /// place in `order`, the shown cards fill the other places in their own order, and cards
    /// shown but not in `order` (appended since) come last.
    static func merged(shown: Deck, parked: [CardID: DeckCard], order: [CardID]) -> Deck {
        var cards: [DeckCard] = []
        cards.reserveCapacity(shown.count + parked.count)
        var next = 0
        for id in order {
            if let card = parked[id] {
                cards.append(card)
            } else if shown.index(of: id) != nil, next < shown.count {
                cards.append(shown[next])
                next += 1
            }
        }
        while next < shown.count {
            cards.append(shown[next])
            next += 1
        }
        let state = DeckState(cards: cards, deleted: shown.deleted.filter { parked[$0.id] == nil }, nextID: shown.nextID,
                              undoableDeletion: shown.undoableDeletion)
        return (try? Deck(state: state)) ?? shown
    }

    /// `V`: the next filter, with a message; the state saves it.
    func cycleCullFilter() {
        culling.filter = culling.filter.next
        layoutRevision += 1
        refilter(animated: true)
        showMessage(filterMessage())
    }

    /// What `V` says: the filter, or why nothing shows.
    func filterMessage() -> String {
        switch culling.filter {
        case .all: return "filter: all"
        case .picksOnly: return scene.deck.isEmpty ? "no picks - V for all" : "filter: picks only"
        case .rejectsHidden: return scene.deck.isEmpty ? "every picture is rejected - V for all" : "filter: rejects hidden"
        }
    }

    /// What the empty layout says when the filter hides every card (not an empty deck).
    var filteredEmptyLines: [String]? {
        guard !culling.parked.isEmpty else { return nil }
        switch culling.filter {
        case .all: return nil
        case .picksOnly: return ["No picks", "V shows all the pictures"]
        case .rejectsHidden: return ["Every picture is rejected", "V shows all the pictures"]
        }
    }

    /// Brings the cards shown in line with the filter and the marks: cards no longer admitted
    /// leave the layout (to its disappearing attributes), admitted ones come back (from its
    /// appearing attributes), the others move to close or open the gaps. The current card, if
    /// hidden, gives its place to the next admitted card (else the one before it); the photo
    /// view likewise shows the next admitted picture, or closes when there is none.
    func refilter(animated: Bool) {
        let whole = savedDeck
        let filter = culling.filter
        var shownCards: [DeckCard] = []
        var parked: [CardID: DeckCard] = [:]
        for card in whole.cards {
            if filter.admits(culling.mark(of: card.id)) { shownCards.append(card) } else { parked[card.id] = card }
        }
        let shownNow = scene.deck.cards.map(\.id)
        guard shownNow != shownCards.map(\.id) else { return }
        let state = DeckState(cards: shownCards, deleted: whole.deleted, nextID: whole.nextID, undoableDeletion: whole.undoableDeletion)
        guard let shown = try? Deck(state: state) else { return }
        finishAppendAtOnce()
        controller.cancelInteraction(in: &scene)
        // The current card (or the photo view's) if the filter hides it: the next admitted card
        // in the whole deck's order, else the one before it.
        let successor = { (id: CardID) -> CardID? in
            guard parked[id] != nil, let at = whole.index(of: id) else { return id }
            for card in whole.cards[(at + 1)...] where parked[card.id] == nil { return card.id }
            for card in whole.cards[..<at].reversed() where parked[card.id] == nil { return card.id }
            return nil
        }
        let newCurrent = currentCardID.flatMap(successor)
        // Only when the filter hides the picture shown: else the photo view stays as it is.
        let newPhoto = photoView.flatMap { parked[$0.card] != nil ? .some(successor($0.card)) : nil }
        let old = scene.snapshot(controller)
        let inserted = Set(shownCards.map(\.id)).subtracting(shownNow)
        for id in parked.keys where scene.deck.index(of: id) != nil { controller.forget(id) }
        scene.deck = shown
        culling.parked = parked
        culling.fullOrder = parked.isEmpty ? [] : whole.cards.map(\.id)
        scene.hidden.subtract(parked.keys)
        scene.updateScrollBounds(for: controller)
        if let id = newCurrent, let index = shown.index(of: id) {
            setCurrent(id)
            lastCurrentIndex = index
            let target = controller.settledOffset(controller.offset(showing: index, in: scene.context), in: scene.context)
            if controller.centredCard(in: scene.context) != nil || !scene.isOnScreen(index, with: controller) {
                scene.physics.scroll(to: target, animated: false)
            }
        } else {
            let settled = controller.settledOffset(scene.physics.offset, in: scene.context)
            if settled != scene.physics.offset { scene.physics.scroll(to: settled, animated: false) }
            if shown.isEmpty { setCurrent(nil) }
        }
        if animated {
            scene.animateRelayout(from: old, to: controller, inserted: inserted)
        } else {
            scene.animator.cancelAll()
        }
        if let newPhoto {
            if let id = newPhoto { showPhoto(id) } else { closePhotoAtOnce() }
        }
        scene.deckDidChange()  // what the picture pipeline's tables follow; the saved deck is the same
        needsDisplay = true
        refreshOverlay()
    }

    /// Closes the photo view without its flight back (its card is hidden by the filter).
    private func closePhotoAtOnce() {
        photoView = nil
        photoClosing = nil
    }
}
