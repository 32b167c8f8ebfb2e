import CardInteraction
import CardLayout
import CardMath

/// Safari's tab overview (SPEC §2.1): tap a page to highlight it (flat over the viewport), tap
/// or Esc to dismiss; swipe a page left past a sixth of the width (or fling it) to delete it,
/// otherwise it springs back; vertical drags scroll freely with inertia. While a page is
/// highlighted the stack does not scroll and only a tap (dismiss) does anything.
struct PagesController: BaseLayoutController {
    /// The layout's geometry; its dynamic state is set from `highlighted` and `swipe` per query.
    var base = PagesLayout()
    /// The highlighted page.
    var highlighted: CardID?
    /// The page a finger is swiping sideways and its horizontal offset, points (≤ 0).
    var swipe: (id: CardID, dx: Double)?

    var kind = LayoutKind.pages
    var scrollAxis: ScrollAxis { .vertical }
    var isInteracting: Bool { swipe != nil }
    var highlightedCard: CardID? { highlighted }

    /// The layout with the dynamic state of `deck`'s cards.
    func layout(for deck: Deck) -> PagesLayout {
        var layout = base
        layout.highlightedIndex = highlighted.flatMap { deck.index(of: $0) }
        if let swipe, let index = deck.index(of: swipe.id) { layout.swipe = (index, swipe.dx) }
        return layout
    }

    func stateLayout(for deck: Deck, in context: LayoutContext) -> PagesLayout? {
        layout(for: deck)
    }

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        layout(for: deck).attributes(at: index, in: context)
    }

    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        layout(for: deck).layoutVisible(in: context, into: &out)
    }

    /// The page's top edge at the viewport's top (the end of the content for the last page,
    /// which is where the seed's append scrolls to), clamped to the content.
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        let maximum = maximumOffset(viewport: context.viewport, cardCount: context.cardCount)
        return Vec2(0, clamp(base.frameY(at: index), 0, maximum.y))
    }

    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool {
        if highlighted != nil {
            // A highlighted page covers everything: a tap dismisses it, nothing else scrolls.
            if case .tap = gesture { _ = setHighlighted(nil, in: &scene, timing: .standard) }
            return true
        }
        switch gesture {
        case .tap(let tap):
            if let id = scene.hitTest(tap.position, with: self) {
                scene.physics.stop()
                _ = setHighlighted(id, in: &scene, timing: .standard)
            }
            return true
        case .pan(let pan):
            return handleSwipe(pan, in: &scene)
        case .swipe:
            return swipe != nil  // the pan's end already decided
        default:
            return false
        }
    }

    /// A horizontal pan that starts on a page swipes it; others scroll (returns false).
    private mutating func handleSwipe(_ pan: PanGesture, in scene: inout ViewerScene) -> Bool {
        switch pan.phase {
        case .began:
            guard pan.axis == .horizontal, let id = scene.hitTest(pan.startPosition, with: self) else { return false }
            scene.physics.stop()
            swipe = (id, min(0, pan.translation.x))
        case .changed:
            guard let current = swipe else { return false }
            swipe = (current.id, min(0, pan.translation.x))
        case .ended:
            guard let current = swipe else { return false }
            let deletes = base.shouldDeleteOnRelease(dx: current.dx, velocityX: pan.velocity.x, viewport: scene.viewport)
            if deletes {
                ViewerEditing.delete(current.id, controller: &self, scene: &scene)
            } else {
                springBack(in: &scene)
            }
        case .cancelled:
            guard swipe != nil else { return false }
            springBack(in: &scene)
        }
        return true
    }

    /// The swiped page returns to its place.
    private mutating func springBack(in scene: inout ViewerScene) {
        let old = scene.snapshot(self)
        swipe = nil
        scene.animateRelayout(from: old, to: self)
    }

    mutating func setHighlighted(_ id: CardID?, in scene: inout ViewerScene, timing: AnimationTiming) -> AnimationTag? {
        guard id != highlighted else { return nil }
        if let id, scene.deck.index(of: id) == nil { return nil }
        let old = scene.snapshot(self)
        highlighted = id
        swipe = nil
        if id != nil { scene.physics.stop() }
        return scene.animateRelayout(from: old, to: self, timing: timing)
    }

    mutating func cancelInteraction(in scene: inout ViewerScene) {
        swipe = nil
        highlighted = nil
    }

    mutating func forget(_ id: CardID) {
        if highlighted == id { highlighted = nil }
        if swipe?.id == id { swipe = nil }
    }
}
