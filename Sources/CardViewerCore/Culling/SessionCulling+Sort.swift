import CardCulling
import CardInteraction
import CardPictureFolders

/// Sorting in the window (SPEC §13: the `Shift+V` menu's sorts, saved in the state as `--sort`
/// is): the whole deck — the cards the filter hides too — is put in the sort's order, and the
/// cards shown move to their new places, animated, as a filter change moves them.
extension SessionCulling {
    /// Sorts the whole deck by `sort` and says so; the state saves the sort and the order.
    /// Name, capture time and size rank the pictures as `--sort` does at start (`pictureRanks`,
    /// from the glue); rating ranks by the marks the session holds now, stars high to low,
    /// rejects last, ties in name order — `DeckSorting`'s order. Cards without a picture of
    /// the listing (added by a drop) go after the others, in their order.
    func sort(by sort: PictureSort) {
        guard isPictureDeck, let byName = session.pictureRanks?(.name) else {
            session.showMessage("sorting is for decks of pictures")
            return
        }
        var whole = savedDeck
        if sort == .rating {
            whole.reorder(by: byName)
            whole.reorder { card in -PictureSort.ratingRank(stars: mark(of: card.id).stars, rejected: mark(of: card.id).flag == .rejected) }
        } else {
            guard let ranks = sort == .name ? byName : session.pictureRanks?(sort) else { return }
            whole.reorder(by: ranks)
        }
        session.deckSort = sort
        session.layoutRevision += 1
        let shownCards = whole.cards.filter { parked[$0.id] == nil }
        let state = DeckState(cards: shownCards, deleted: whole.deleted, nextID: whole.nextID, undoableDeletion: whole.undoableDeletion)
        if let shown = try? Deck(state: state), shown.cards.map(\.id) != session.scene.deck.cards.map(\.id) {
            fullOrder = parked.isEmpty ? [] : whole.cards.map(\.id)
            session.layout.show(filtered: shown, of: whole, hiding: parked, animated: true)
            session.needsDisplay = true
        }
        session.showMessage("sorted by \(Self.sortTitle(sort))")
    }

    /// What the message and the menu call a sort.
    static func sortTitle(_ sort: PictureSort) -> String {
        switch sort {
        case .name: return "name"
        case .time: return "capture time"
        case .rating: return "rating"
        case .size: return "file size"
        }
    }
}
