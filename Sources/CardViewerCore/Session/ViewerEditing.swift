import CardInteraction
import CardLayout
import CardMath

/// Deck edits with their animations, shared by the controllers and the session's keys: delete
/// (the card goes to its layout's disappearing attributes, the others close the gap) and undo
/// (the card comes back from its appearing attributes). Both record a deck change for saving.
enum ViewerEditing {
    /// Deletes card `id`: it animates out as the layout says (pages slide left, SlideBox flies
    /// up and fades, the others fade), the rest animate to their new places. When the content
    /// gets shorter than the scroll offset, the offset moves to the new end at once and every
    /// card animates from where it was on screen (the seed's delete glitch came from scrolling
    /// after the fact).
    ///
    /// The user's image files are never touched: the card leaves the deck, not the disk.
    static func delete<Controller: LayoutController>(_ id: CardID, controller: inout Controller,
                                                      scene: inout ViewerScene) {
        guard scene.deck.index(of: id) != nil else { return }
        let old = scene.snapshot(controller)
        controller.forget(id)
        scene.deck.delete(id)
        scene.hidden.remove(id)
        scene.updateScrollBounds(for: controller)
        let settled = controller.settledOffset(scene.physics.offset, in: scene.context)
        if settled != scene.physics.offset { scene.physics.scroll(to: settled, animated: false) }
        scene.animateRelayout(from: old, to: controller)
        scene.deckDidChange()
    }

    /// Restores the last deleted card where it was; it appears from its appearing attributes.
    /// When its place is off screen, the view moves there first (every card animating from where
    /// it was on screen). Returns false when there is nothing to undo.
    @discardableResult
    static func undoDelete<Controller: LayoutController>(controller: inout Controller,
                                                          scene: inout ViewerScene) -> Bool {
        let old = scene.snapshot(controller)
        guard let restored = scene.deck.undoDelete() else { return false }
        scene.updateScrollBounds(for: controller)
        let onScreen = scene.isOnScreen(restored.index, with: controller)
        if !onScreen {
            let target = controller.offset(showing: restored.index, in: scene.context)
            scene.physics.scroll(to: target, animated: false)
        }
        scene.animateRelayout(from: old, to: controller, inserted: [restored.id])
        scene.deckDidChange()
        return true
    }
}

extension LayoutController {
    /// A resting offset for the content as it is now, near `offset`: by default `offset`
    /// clamped to the content. Layouts whose content ends past their last card (SlideBox)
    /// keep the last card in view.
    func settledOffset(_ offset: Vec2, in context: LayoutContext) -> Vec2 {
        let maximum = maximumOffset(viewport: context.viewport, cardCount: context.cardCount)
        return Vec2(clamp(offset.x, 0, maximum.x), clamp(offset.y, 0, maximum.y))
    }
}

extension ViewerScene {
    /// Whether card `index` is among the cards the controller lays out as visible now.
    ///
    /// - Complexity: O(k), k the visible cards.
    func isOnScreen(_ index: Int, with controller: some LayoutController) -> Bool {
        var cards: [CardAttributes] = []
        controller.layoutVisible(in: context, deck: deck, into: &cards)
        return cards.contains { $0.index == index && $0.alpha > 0 && !$0.isHidden }
    }
}
