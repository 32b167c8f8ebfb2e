import CardInteraction
import CardLayout

extension LayoutView {
    /// Shows `shown`, the cards of `whole` the culling filter admits, in place of the deck shown
    /// now: cards in `hidden` leave the layout (to its disappearing attributes) and the cards
    /// coming back appear (from its appearing attributes) when `animated`. The current card, if
    /// hidden, gives its place to the next admitted card in the whole deck's order (else the one
    /// before it); the photo view, if it shows a hidden picture, shows that card's successor
    /// instead, or closes when there is none.
    func show(filtered shown: Deck, of whole: Deck, hiding hidden: [CardID: DeckCard], animated: Bool) {
        let shownNow = Set(session.scene.deck.cards.map(\.id))
        finishAppendAtOnce()
        controller.cancelInteraction(in: &session.scene)
        let successor = { (id: CardID) -> CardID? in
            guard hidden[id] != nil, let at = whole.index(of: id) else { return id }
            for card in whole.cards[(at + 1)...] where hidden[card.id] == nil { return card.id }
            for card in whole.cards[..<at].reversed() where hidden[card.id] == nil { return card.id }
            return nil
        }
        let newCurrent = currentCardID.flatMap(successor)
        // Only when the filter hides the picture shown: else the photo view stays as it is.
        let newPhoto = session.photo.shown.flatMap { hidden[$0.card] != nil ? .some(successor($0.card)) : nil }
        let old = session.scene.snapshot(controller)
        let inserted = Set(shown.cards.map(\.id)).subtracting(shownNow)
        for id in hidden.keys where session.scene.deck.index(of: id) != nil { controller.forget(id) }
        session.scene.deck = shown
        session.scene.hidden.subtract(hidden.keys)
        session.scene.updateScrollBounds(for: controller)
        let context = session.scene.context
        if let id = newCurrent, let index = shown.index(of: id) {
            setCurrent(id)
            lastCurrentIndex = index
            let target = controller.settledOffset(controller.offset(showing: index, in: context), in: context)
            if controller.centeredCard(in: context) != nil || !session.scene.isOnScreen(index, with: controller) {
                session.scene.physics.scroll(to: target, animated: false)
            }
        } else {
            let settled = controller.settledOffset(session.scene.physics.offset, in: context)
            if settled != session.scene.physics.offset { session.scene.physics.scroll(to: settled, animated: false) }
            if shown.isEmpty { setCurrent(nil) }
        }
        if animated {
            session.scene.animateRelayout(from: old, to: controller, inserted: inserted)
        } else {
            session.scene.animator.cancelAll()
        }
        if let newPhoto {
            if let id = newPhoto { session.photo.show(id) } else { session.photo.closeAtOnce() }
        }
        session.scene.deckDidChange()  // what the picture pipeline's tables follow; the saved deck is the same
    }
}
