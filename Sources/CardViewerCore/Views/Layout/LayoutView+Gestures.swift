import CardInteraction
import CardLayout
import CardMath

/// The layout view's gestures: a click does what SPEC §10 says for the layout (`handleTap`);
/// the rest goes to the layout's controller, and what it leaves is generic: a touch stops a
/// fling, pans and long-press drags scroll 1:1 and fling with inertia, wheel notches and
/// trackpad streams scroll along the layout's axis.
extension LayoutView {
    func handleGesture(_ gesture: GestureEvent) {
        if case .tap(let tap) = gesture {
            if handleTap(tap) || tap.count > 1 { return }
        }
        if controller.handle(gesture, in: &session.scene) {
            if !session.scene.swipedToReject.isEmpty { session.culling.rejectSwipedCards() }
            return
        }
        switch gesture {
        case .pointerDown:
            session.scene.physics.stop()
        case .pan(let pan):
            drag(pan.phase, at: pan.position, pressedAt: pan.startPosition, velocity: pan.velocity)
        case .longPress(let press):
            drag(press.phase, at: press.position, pressedAt: press.startPosition, velocity: press.velocity)
        case .scroll(let scroll):
            self.scroll(scroll)
        case .tap, .swipe, .key:
            break
        }
    }

    /// A click (SPEC §10), as the layout's controller answers it (`LayoutController.tapResponse`):
    /// pages, tasks and the standard layouts open the card under it; the grid focuses it;
    /// SlideBox opens its front photo; the wheel and the carousels bring a side card to the
    /// centre and open the card already there. A double-click (`count` 2) opens the card under
    /// the pointer. Returns false when the layout should have the tap (a card is open, or a
    /// finger holds one).
    func handleTap(_ tap: TapGesture) -> Bool {
        guard controller.highlightedCard == nil, !controller.isInteracting else { return false }
        let hit = session.scene.hitTest(tap.position, with: controller)
        if tap.count >= 2 {
            if let hit { session.photo.open(hit) }
            return true
        }
        guard let hit, let index = session.scene.deck.index(of: hit) else { return true }
        showsFocusRing = true
        session.needsDisplay = true
        switch controller.tapResponse {
        case .focusesCard:
            setCurrent(hit)
            lastCurrentIndex = index
        case .opensFrontCard:
            let front = centeredCard(atDestination: true).flatMap { session.scene.deck.id(at: $0) } ?? hit
            session.photo.open(front)
        case .centersThenOpens:
            if centeredCard(atDestination: true) == index {
                session.photo.open(hit)
            } else {
                setCurrent(hit)
                lastCurrentIndex = index
                bringIntoView(index, animated: true)
            }
        case .opensCard:
            setCurrent(hit)
            session.photo.open(hit)
        }
        return true
    }

    /// A drag scrolls the content 1:1 and lets go with the pointer's velocity; its length, for a
    /// layout's paging threshold, counts from where the button went down (`pressedAt`).
    private func drag(_ phase: GesturePhase, at position: Vec2, pressedAt: Vec2, velocity: Vec2) {
        switch phase {
        case .began: session.scene.physics.beginDrag(at: position, pressedAt: pressedAt)
        case .changed: session.scene.physics.drag(to: position)
        case .ended: session.scene.physics.endDrag(pointerVelocity: velocity)
        case .cancelled: session.scene.physics.cancelDrag()
        }
    }

    private func scroll(_ scroll: ScrollGesture) {
        let delta = alongScrollAxis(scroll.offsetDelta)
        switch scroll.kind {
        case .wheel:
            controller.scrollWheel(by: delta, in: &session.scene)
        case .precise(.began), .precise(.changed):
            session.scene.physics.scrollPrecise(by: delta)
        case .precise(.ended):
            session.scene.physics.endPreciseScroll(velocity: alongScrollAxis(scroll.velocity))
        case .precise(.cancelled):
            session.scene.physics.endPreciseScroll(velocity: .zero)
        }
    }

    /// A scroll vector moved onto the layout's axis: its component along the axis, or the other
    /// component when that one is larger (a vertical wheel turns a horizontal layout).
    func alongScrollAxis(_ v: Vec2) -> Vec2 {
        switch controller.scrollAxis {
        case .vertical: Vec2(0, abs(v.y) >= abs(v.x) ? v.y : v.x)
        case .horizontal: Vec2(abs(v.x) >= abs(v.y) ? v.x : v.y, 0)
        }
    }
}
