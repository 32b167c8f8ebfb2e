import CardInteraction
import CardLayout
import CardMath

extension ViewerSession {
    /// Hands recognized gestures to the layout's controller; what it leaves is generic: a
    /// touch stops a fling, pans and long-press drags scroll 1:1 and fling with inertia, wheel
    /// notches and trackpad streams scroll along the layout's axis.
    func route(_ gestures: [GestureEvent]) {
        for gesture in gestures { route(gesture) }
    }

    func route(_ gesture: GestureEvent) {
        if case .key(let key) = gesture {
            handleKey(key)
            return
        }
        // An append runs its own steps (dismiss, scroll, insert, highlight): hands off.
        guard appendSequence == nil, !isMinimised else { return }
        if controller.handle(gesture, in: &scene) { return }
        switch gesture {
        case .pointerDown:
            scene.physics.stop()
        case .pan(let pan):
            drag(pan.phase, at: pan.position, velocity: pan.velocity)
        case .longPress(let press):
            drag(press.phase, at: press.position, velocity: press.velocity)
        case .scroll(let scroll):
            self.scroll(scroll)
        case .tap, .swipe, .key:
            break
        }
    }

    /// A drag scrolls the content 1:1 and lets go with the pointer's velocity.
    private func drag(_ phase: GesturePhase, at position: Vec2, velocity: Vec2) {
        switch phase {
        case .began: scene.physics.beginDrag(at: position)
        case .changed: scene.physics.drag(to: position)
        case .ended: scene.physics.endDrag(pointerVelocity: velocity)
        case .cancelled: scene.physics.cancelDrag()
        }
    }

    private func scroll(_ scroll: ScrollGesture) {
        let delta = alongScrollAxis(scroll.offsetDelta)
        switch scroll.kind {
        case .wheel:
            controller.scrollWheel(by: delta, in: &scene)
        case .precise(.began), .precise(.changed):
            scene.physics.scrollPrecise(by: delta)
        case .precise(.ended):
            scene.physics.endPreciseScroll(velocity: alongScrollAxis(scroll.velocity))
        case .precise(.cancelled):
            scene.physics.endPreciseScroll(velocity: .zero)
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

    /// The window's new size: the layout is laid out again for it, keeping the user's place
    /// (the same page, card or row). 0 × 0 (minimised) only stops drawing.
    func resize(to size: Size) {
        guard size.isFinite else { return }
        if size.isEmpty {
            isMinimised = true
            return
        }
        isMinimised = false
        guard size != scene.viewport else { return }
        let offset = controller.offset(resizingFrom: scene.context, to: size)
        scene.animator.cancelAll()
        scene.viewport = size
        scene.physics = ViewerScene.makePhysics(for: controller, viewport: size, cardCount: scene.deck.count, offset: offset)
    }
}
