import CardInteraction
import CardLayout
import CardMath

extension ViewerSession {
    /// Hands recognized gestures to the layout's controller; what it leaves is generic: a
    /// touch stops a fling, pans and long-press drags scroll 1:1 and fling with inertia, wheel
    /// notches and trackpad streams scroll along the layout's axis.
    ///
    /// Two rules hold in every layout: a press that catches a moving scroll only stops it (its
    /// tap opens nothing, as on iOS), and a double-click opens the card under the pointer once
    /// (its second click does nothing where the first opened or closed). While the photo view
    /// shows it takes every gesture; clicks in the layouts follow SPEC §10 (`handleLayoutTap`).
    func route(_ gestures: [GestureEvent]) {
        if !gestures.isEmpty { needsDisplay = true }  // e.g. a long press fired by the clock
        // An index loop: a for-in over an array of enums allocates in debug builds, and this runs
        // for every event and frame (the warm frame allocates nothing; tests count in debug).
        var index = 0
        while index < gestures.count {
            route(gestures[index])
            index += 1
        }
    }

    func route(_ gesture: GestureEvent) {
        switch gesture {
        case .key(let key):
            handleKey(key)
            return
        case .pointerDown:
            pressCaughtScroll = !scene.physics.isSettled
        case .tap(let tap):
            // A double-click opens the card under the pointer even where its first click set the
            // content moving (the wheel's and the carousels' side cards); a single tap that caught
            // a scroll only stops it.
            if pressCaughtScroll, tap.count < 2 { return }
            // The second click of a double-click that went back from the photo view opens nothing.
            if tap.count > 1, photoView != nil || tapClosedPhoto { return }
        default:
            break
        }
        // An append runs its own steps (dismiss, scroll, insert, highlight): hands off.
        guard appendSequence == nil, !isMinimised else { return }
        if photoView != nil {
            if case .tap(let tap) = gesture, tap.count == 1 { tapClosedPhoto = true }
            handlePhotoGesture(gesture)
            return
        }
        if case .tap(let tap) = gesture {
            if tap.count == 1 { tapClosedPhoto = false }
            if handleLayoutTap(tap) { return }
            if tap.count > 1 { return }
        }
        if controller.handle(gesture, in: &scene) {
            if !scene.swipedToReject.isEmpty { rejectSwipedCards() }
            return
        }
        switch gesture {
        case .pointerDown:
            scene.physics.stop()
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

    /// A press that caught a moving scroll was let go without dragging it on: the content rests
    /// where it was caught — on the nearest card or page in the layouts that snap (a paging
    /// scroll view does the same), where it is in the others.
    func settleCaughtScroll() {
        guard pressCaughtScroll else { return }
        pressCaughtScroll = false
        guard scene.physics.isSettled, appendSequence == nil, !controller.isInteracting, !isMinimised else { return }
        scene.physics.beginDrag(at: scene.pointer)
        scene.physics.endDrag(pointerVelocity: .zero)
    }

    /// A drag scrolls the content 1:1 and lets go with the pointer's velocity; its length, for a
    /// layout's paging threshold, counts from where the button went down (`pressedAt`).
    private func drag(_ phase: GesturePhase, at position: Vec2, pressedAt: Vec2, velocity: Vec2) {
        switch phase {
        case .began: scene.physics.beginDrag(at: position, pressedAt: pressedAt)
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
        defer { refreshPhotoGeometry() }
        let offset = controller.offset(resizingFrom: scene.context, to: size)
        scene.animator.cancelAll()
        scene.viewport = size
        scene.physics = ViewerScene.makePhysics(for: controller, viewport: size, cardCount: scene.deck.count, offset: offset)
    }
}
