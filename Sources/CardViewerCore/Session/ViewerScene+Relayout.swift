import CardInteraction
import CardLayout
import CardMath

/// The layout before a change: the controller and deck as they were, and what was on screen.
struct LayoutSnapshot {
    var controller: any LayoutController
    var deck: Deck
    var context: LayoutContext
    /// The cards on screen at the time, with their ids, as presented (animations applied).
    var presented: [CardAttributes]
}

extension ViewerScene {
    /// The layout now, to hand to `animateRelayout` after a change.
    func snapshot(_ controller: some LayoutController) -> LayoutSnapshot {
        var cards: [CardAttributes] = []
        presentedCards(of: controller, into: &cards)
        return LayoutSnapshot(controller: controller, deck: deck, context: context, presented: cards)
    }

    /// Animates every card from where it was shown in `old` to where `controller` puts it now —
    /// UIKit's animated `performBatchUpdates` / `setCollectionViewLayout(_:animated:)`, with
    /// one tag for the whole change.
    ///
    /// - Cards on screen before and after move; a card that comes on screen starts from where
    ///   the old layout had it (off screen), a card that leaves goes to where the new layout
    ///   puts it, so nothing fades that only moved.
    /// - Cards in `inserted` start from the controller's appearing attributes; cards no longer
    ///   in the deck go to its disappearing attributes and are then dropped.
    /// - When the scroll offset changed (a layout switch), the old attributes are moved into
    ///   the new content space, so each card starts exactly where it was on screen.
    ///
    /// - Complexity: O(k + m), the cards on screen before and after.
    @discardableResult
    mutating func animateRelayout(from old: LayoutSnapshot, to controller: some LayoutController,
                                  timing: AnimationTiming = .standard, inserted: Set<CardID> = []) -> AnimationTag {
        let now = context
        let shift = now.offset - old.context.offset
        func shifted(_ card: CardAttributes) -> CardAttributes {
            var moved = card
            moved.center.x += shift.x
            moved.center.y += shift.y
            return moved
        }
        // Running animations hold attributes in the old content space; they restart from
        // what they show now, moved into the new space.
        if shift != .zero { animator.cancelAll() }
        var after: [CardAttributes] = []
        if !viewport.isEmpty { controller.layoutVisible(in: now, deck: deck, into: &after) }
        assignIDs(&after)
        var before: [CardID: CardAttributes] = [:]
        for card in old.presented { before[card.id] = card }
        var from: [CardAttributes] = []
        var onScreenAfter = Set<CardID>()
        for card in after {
            onScreenAfter.insert(card.id)
            guard !inserted.contains(card.id) else { continue }
            if let shown = before[card.id] {
                from.append(shifted(shown))
            } else if let oldIndex = old.deck.index(of: card.id) {
                var start = old.controller.attributes(at: oldIndex, in: old.context, deck: old.deck)
                start.id = card.id
                start.isHidden = card.isHidden
                from.append(shifted(start))
            }
        }
        var to = after
        for card in old.presented where !onScreenAfter.contains(card.id) {
            from.append(shifted(card))
            if let index = deck.index(of: card.id) {
                var end = controller.attributes(at: index, in: now, deck: deck)
                end.id = card.id
                end.isHidden = card.isHidden
                to.append(end)
            }
        }
        return animator.transition(
            from: from, to: to,
            appearing: { controller.appearingAttributes(at: $0.index, in: now) },
            disappearing: { controller.disappearingAttributes(for: $0, in: now) },
            timing: timing, at: time)
    }
}
