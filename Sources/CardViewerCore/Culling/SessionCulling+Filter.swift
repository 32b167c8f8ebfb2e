import CardCulling
import CardInteraction
import CardLayout

/// The culling filter (SPEC §10, `V`: all → picks only → rejects hidden → all; the `Shift+V`
/// menu, `FilterMenuView`: at least N stars, a colour label). Cards the filter
/// does not admit leave the layout, animated as a delete animates, and come back, animated as
/// an undo, when it admits them again; the deck's order and the state's deck do not change (the
/// filter hides, never deletes: `savedDeck` is the whole deck). The photo view's next and
/// previous go through the admitted cards only; the current card moves to an admitted one.
extension SessionCulling {
    /// The whole deck, the cards the filter hides included, in its order: what the state saves.
    ///
    /// - Complexity: O(n) while the filter hides cards; O(1) otherwise.
    var savedDeck: Deck {
        guard !parked.isEmpty else { return session.scene.deck }
        return Self.merged(shown: session.scene.deck, parked: parked, order: fullOrder)
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
    func cycleFilter() {
        setFilter(filter.next)
    }

    /// Shows the cards `filter` admits (animated), with a message; the state saves it.
    func setFilter(_ filter: CullFilter) {
        self.filter = filter
        session.layoutRevision += 1
        refilter(animated: true)
        session.showMessage(filterMessage())
    }

    /// The lasting indicator while a filter is on (SPEC §10): the filter and the counts over the
    /// whole deck, `picks only: picks 12 | rejects 8 | shown 12 of 61`; nil while all show.
    /// - Complexity: O(n) once after a mark, the filter or the deck changed; O(1) otherwise.
    var filterIndicator: String? {
        guard filter != .all else { return nil }
        let shown = session.scene.deck.count
        var counts = indicatorCounts
        if counts == nil || counts!.revision != marksRevision || counts!.shown != shown || counts!.parked != parked.count {
            var picks = 0, rejects = 0
            func count(_ id: CardID) {
                switch mark(of: id).flag {
                case .picked: picks += 1
                case .rejected: rejects += 1
                case .none: break
                }
            }
            var index = 0
            while index < shown {
                count(session.scene.deck.cards[index].id)
                index += 1
            }
            for id in parked.keys { count(id) }
            counts = (marksRevision, shown, parked.count, picks, rejects)
            indicatorCounts = counts
        }
        guard let counts else { return nil }
        return "\(filter.title): picks \(counts.picks) | rejects \(counts.rejects) | shown \(shown) of \(shown + parked.count)"
    }

    /// What `V` says: the filter, or why nothing shows.
    func filterMessage() -> String {
        switch filter {
        case .all: return "filter: all"
        case .picksOnly: return session.scene.deck.isEmpty ? "no picks - V for all" : "filter: picks only"
        case .rejectsHidden: return session.scene.deck.isEmpty ? "every picture is rejected - V for all" : "filter: rejects hidden"
        case .rejectsOnly: return session.scene.deck.isEmpty ? "no rejects - V for all" : "filter: rejects only"
        case .starsAtLeast, .label: return session.scene.deck.isEmpty ? "no pictures with \(filter.title) - V for all" : "filter: \(filter.title)"
        }
    }

    /// What the empty layout says when the filter hides every card (not an empty deck).
    var filteredEmptyLines: [String]? {
        guard !parked.isEmpty else { return nil }
        switch filter {
        case .all: return nil
        case .picksOnly: return ["No picks", "V shows all the pictures"]
        case .rejectsHidden: return ["Every picture is rejected", "V shows all the pictures"]
        case .rejectsOnly: return ["No rejects", "V shows all the pictures"]
        case .starsAtLeast, .label: return ["No pictures with \(filter.title)", "V shows all the pictures"]
        }
    }

    /// Brings the cards shown in line with the filter and the marks: cards no longer admitted
    /// leave the layout (to its disappearing attributes), admitted ones come back (from its
    /// appearing attributes), the others move to close or open the gaps. The current card, if
    /// hidden, gives its place to the next admitted card (else the one before it); the photo
    /// view likewise shows the next admitted picture, or closes when there is none.
    func refilter(animated: Bool) {
        let whole = savedDeck
        var shownCards: [DeckCard] = []
        var hidden: [CardID: DeckCard] = [:]
        for card in whole.cards {
            if filter.admits(mark(of: card.id)) { shownCards.append(card) } else { hidden[card.id] = card }
        }
        guard session.scene.deck.cards.map(\.id) != shownCards.map(\.id) else { return }
        let state = DeckState(cards: shownCards, deleted: whole.deleted, nextID: whole.nextID, undoableDeletion: whole.undoableDeletion)
        guard let shown = try? Deck(state: state) else { return }
        parked = hidden
        fullOrder = hidden.isEmpty ? [] : whole.cards.map(\.id)
        session.layout.show(filtered: shown, of: whole, hiding: hidden, animated: animated)
        session.needsDisplay = true
        session.refreshOverlay()
    }
}
