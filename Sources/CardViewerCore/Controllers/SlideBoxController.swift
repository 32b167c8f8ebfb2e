import CardInteraction
import CardLayout
import CardMath

/// SlideBox, the photo deck (SPEC §2.3): horizontal drags and flings move one page per swipe;
/// dragging the front card up (a pan that starts on it and is more vertical than horizontal)
/// lifts it while the next card grows; released above half its height it flies up, fades and
/// leaves the deck (never the disk), otherwise it springs back and the next card shrinks back.
/// With `swipeUp=reject` a card released above half its height is rejected instead (a culling
/// mark, through the session's store: `ViewerScene.swipedToReject`): it springs back into the
/// deck and the deck moves on to the next card.
struct SlideBoxController: BaseLayoutController {
    var base = SlideBoxLayout()
    /// The front card being dragged, and the pan's translation, points (y down).
    var frontDrag: (id: CardID, translation: Vec2)?

    var kind = LayoutKind.slidebox
    var scrollAxis: ScrollAxis { .horizontal }
    var isInteracting: Bool { frontDrag != nil }
    var tapResponse: LayoutTapResponse { .opensFrontCard }

    /// The layout with the drag applied while the dragged card is the front card.
    func layout(for deck: Deck, in context: LayoutContext) -> SlideBoxLayout {
        var layout = base
        if let frontDrag, deck.index(of: frontDrag.id) == base.frontIndex(offsetX: context.offset.x, viewport: context.viewport) {
            layout.frontDrag = frontDrag.translation
        }
        return layout
    }

    func stateLayout(for deck: Deck, in context: LayoutContext) -> SlideBoxLayout? {
        layout(for: deck, in: context)
    }

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        layout(for: deck, in: context).attributes(at: index, in: context)
    }

    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        layout(for: deck, in: context).layoutVisible(in: context, into: &out)
    }

    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? {
        baseTargetOffset(viewport: viewport, cardCount: cardCount)
    }

    /// The card's page: `index · pageDistance`.
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        settledOffset(Vec2(Double(index) * base.pageDistance(viewport: context.viewport), 0), in: context)
    }

    /// An appended card comes in behind the front card: the deck first goes to the page of the
    /// card before it (the new card's own page would show nothing while it is hidden and
    /// fading in: the window was blank between appends), then on to it once it has arrived.
    func offset(insertingAt index: Int, in context: LayoutContext) -> Vec2 {
        offset(showing: max(index - 1, 0), in: context)
    }

    func offset(afterInsertingAt index: Int, in context: LayoutContext) -> Vec2? {
        offset(showing: index, in: context)
    }

    /// Within the pages of the cards (the content reaches one page past the last card).
    func settledOffset(_ offset: Vec2, in context: LayoutContext) -> Vec2 {
        let lastPage = Double(max(context.cardCount - 1, 0)) * base.pageDistance(viewport: context.viewport)
        let maximum = min(maximumOffset(viewport: context.viewport, cardCount: context.cardCount).x, lastPage)
        return Vec2(clamp(offset.x, 0, maximum), 0)
    }

    /// The same page.
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2 {
        let page = (old.offset.x / base.pageDistance(viewport: old.viewport)).rounded()
        let context = LayoutContext(viewport: viewport, cardCount: old.cardCount)
        return settledOffset(Vec2(page.isFinite ? page * base.pageDistance(viewport: viewport) : 0, 0), in: context)
    }

    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool {
        guard case .pan(let pan) = gesture else {
            if case .swipe = gesture { return frontDrag != nil }
            return false
        }
        switch pan.phase {
        case .began:
            guard base.beginsFrontDrag(translation: pan.translation) else { return false }
            // Only the front card can be dragged up; a vertical pan elsewhere does nothing.
            let front = base.frontIndex(offsetX: scene.physics.offset.x, viewport: scene.viewport)
            if let id = scene.hitTest(pan.startPosition, with: self), scene.deck.index(of: id) == front {
                scene.physics.stop()
                frontDrag = (id, pan.translation)
            }
            return true
        case .changed:
            guard let drag = frontDrag else { return pan.axis == .vertical }
            frontDrag = (drag.id, pan.translation)
        case .ended:
            guard let drag = frontDrag else { return pan.axis == .vertical }
            let lift = base.effectiveDrag(drag.translation).y
            if base.shouldDeleteOnRelease(ty: lift, cardHeight: base.cardSize(viewport: scene.viewport).height) {
                guard base.swipeUpRejects else {
                    ViewerEditing.delete(drag.id, controller: &self, scene: &scene)
                    return true
                }
                springBack(in: &scene)
                scene.swipedToReject.append(drag.id)
                if let index = scene.deck.index(of: drag.id), index + 1 < scene.deck.count {
                    scene.physics.scroll(to: offset(showing: index + 1, in: scene.context), animated: true)
                }
            } else {
                springBack(in: &scene)
            }
        case .cancelled:
            guard frontDrag != nil else { return pan.axis == .vertical }
            springBack(in: &scene)
        }
        return true
    }

    /// The dragged card returns to the front, the next one shrinks back.
    private mutating func springBack(in scene: inout ViewerScene) {
        let old = scene.snapshot(self)
        frontDrag = nil
        scene.animateRelayout(from: old, to: self)
    }

    /// One page per notch, from the page the deck is heading to.
    mutating func scrollWheel(by delta: Vec2, in scene: inout ViewerScene) {
        guard delta.x != 0, frontDrag == nil else { return }
        let distance = base.pageDistance(viewport: scene.viewport)
        let page = (scene.physics.destination.x / distance).rounded() + (delta.x > 0 ? 1 : -1)
        scene.physics.scroll(to: settledOffset(Vec2(page * distance, 0), in: scene.context), animated: true)
    }

    mutating func cancelInteraction(in scene: inout ViewerScene) { frontDrag = nil }

    mutating func forget(_ id: CardID) {
        if frontDrag?.id == id { frontDrag = nil }
    }
}
