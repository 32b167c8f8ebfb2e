import CardEvents
import CardLayout

/// Ctrl+click in the layouts of a picture deck (SPEC §13): marks the card under the pointer for
/// compare, or unmarks it (`CompareView.toggleMark`); `C` then compares the 2–4 marked cards.
/// The press is the layout view's until its button comes up: no tap, no drag follows it.
extension LayoutView {
    func handlePointer(_ pointer: PointerEvent) -> Bool {
        if holdsMarkingPress {
            if pointer.kind == .up || pointer.kind == .cancel { holdsMarkingPress = false }
            return true
        }
        guard pointer.kind == .down, pointer.button == .primary, pointer.modifiers.contains(.control),
              session.culling.isPictureDeck, !isAppending, !session.compare.isOpen, !session.photo.isOpen,
              let hit = session.scene.hitTest(pointer.position, with: controller),
              let card = session.scene.deck.card(hit) else { return false }
        holdsMarkingPress = true
        let marked = session.compare.toggleMark(hit)
        let count = session.compare.marked.count
        session.showMessage(marked ? "marked for compare (\(count)): \(MessageText.shortened(card.title)) - C compares"
                                   : "unmarked for compare: \(MessageText.shortened(card.title))")
        return true
    }
}
