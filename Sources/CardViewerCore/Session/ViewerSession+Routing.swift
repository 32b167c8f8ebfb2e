import CardEvents
import CardInteraction
import CardLayout
import CardMath

/// How the coordinator routes input and time to its views (`views`, top first). It never asks
/// which view or layout is showing:
/// - pointer and scroll events go to the open views from the top (the options panel takes a
///   press on its rows), else to the gesture recognizer;
/// - a recognized gesture goes to the top open view that takes gestures (the photo view over
///   the layouts), after the two rules every view shares (a press that caught a moving scroll
///   only stops it; a double-click's second click does nothing where its first went above the
///   layouts);
/// - a key: fullscreen in every view; then the keys every view shares (culling's), unless the
///   top view blocks them; then the open views from the top, the closed views (the key that
///   opens one), and last the session's own (Q, S).
extension ViewerSession {
    // MARK: Events and time

    /// Handles one event at its time: physics, animations and pending gestures first catch up
    /// to it. Events earlier than the clock count as happening now.
    public func handle(_ event: ViewerEvent) {
        catchUp(to: event.time)
        if changesDisplay(event) { needsDisplay = true }
        if isInput(event) { dismissHint() }
        switch event {
        case .pointer(let pointer):
            if pointer.kind != .cancel { scene.pointer = pointer.position }
            if routePointer(pointer) { break }
            route(recognizer.handle(pointer))
            if pointer.kind == .up || pointer.kind == .cancel { layout.settleCaughtScroll() }
        case .scroll(let scroll):
            if routeScroll(scroll) { break }
            route(recognizer.handle(scroll))
        case .key(let key):
            route(recognizer.handle(key))
        case .resize(let size, _):
            resize(to: size)
        case .close:
            quit()
        case .redraw:
            break  // nothing changed; the glue draws the frame again
        case .drop(let paths, _):
            if !paths.isEmpty { droppedPaths.append(paths) }  // the glue lists them (`takeDroppedPaths`)
        }
    }

    /// Advances to the frame at `time`: catches up, then does each view's per-frame work (the
    /// grid's auto-scroll by whole points) with the step since the last frame.
    public func advance(to time: Double) {
        catchUp(to: time)
        let dt = lastFrameTime.map { scene.time - $0 } ?? 0
        lastFrameTime = scene.time
        if dt > 0 {
            var index = 0
            while index < views.count {
                views[index].frameDidAdvance(by: dt)
                index += 1
            }
        }
        updateOverlay()
    }

    /// Moves the clock to `time` (never backwards): physics, due gestures, finished animations,
    /// then what each view has due (an append's next step, a flight that landed), marks read in
    /// the background, and the current card where it follows the scroll.
    func catchUp(to time: Double) {
        guard time.isFinite else { return }
        let target = max(time, scene.time)
        // Whatever moved until now shows differently at the new time, the last step included.
        if target > scene.time, needsFrames { needsDisplay = true }
        scene.physics.step(target - scene.time)
        scene.time = target
        route(recognizer.tick(target))
        _ = scene.animator.update(to: target)
        var index = views.count - 1
        while index >= 0 {
            views[index].clockDidMove()
            index -= 1
        }
        culling.poll()
        layout.followCurrentCard()
    }

    /// The window's new size: each view lays itself out again for it (the layouts keep the
    /// user's place). 0 × 0 (minimised) only stops drawing.
    func resize(to size: Size) {
        guard size.isFinite else { return }
        if size.isEmpty {
            isMinimized = true
            return
        }
        isMinimized = false
        guard size != scene.viewport else { return }
        layout.resize(to: size)
        var index = 0
        while index < views.count {
            views[index].viewportDidChange()
            index += 1
        }
    }

    // MARK: Pointer, scroll and gestures

    /// A pointer event to the open views, top first; true when one took it.
    private func routePointer(_ pointer: PointerEvent) -> Bool {
        var index = 0
        while index < views.count {
            if views[index].isOpen, views[index].handlePointer(pointer) { return true }
            index += 1
        }
        return false
    }

    /// A wheel or trackpad event to the open views, top first; true when one took it.
    private func routeScroll(_ scroll: ScrollEvent) -> Bool {
        var index = 0
        while index < views.count {
            if views[index].isOpen, views[index].handleScroll(scroll) { return true }
            index += 1
        }
        return false
    }

    /// Routes recognized gestures in order.
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

    /// One gesture: keys to the key routing; the rest to the top open view that takes gestures,
    /// after the rules every view shares. While an append runs its own steps, hands off.
    func route(_ gesture: GestureEvent) {
        if case .key(let key) = gesture {
            handleKey(key)
            return
        }
        let target = gestureView
        switch gesture {
        case .pointerDown:
            pressCaughtScroll = !scene.physics.isSettled
        case .tap(let tap):
            // A double-click opens the card under the pointer even where its first click set the
            // content moving (the wheel's and the carousels' side cards); a single tap that caught
            // a scroll only stops it.
            if pressCaughtScroll, tap.count < 2 { return }
            // The second click of a double-click whose first went above the layouts (it closed
            // the photo view) opens nothing.
            if tap.count > 1, target !== layout || lastTapWentAbove { return }
        default:
            break
        }
        guard !layout.isAppending, !isMinimized, let target else { return }
        if case .tap(let tap) = gesture, tap.count == 1 { lastTapWentAbove = target !== layout }
        target.handleGesture(gesture)
    }

    /// The top open view that takes gestures.
    private var gestureView: (any ViewerView)? {
        var index = 0
        while index < views.count {
            if views[index].isOpen, views[index].takesGestures { return views[index] }
            index += 1
        }
        return nil
    }

    // MARK: Keys

    /// One key (SPEC §10: one key table per view). `F` and `F11` work in every view; the culling
    /// keys act on the current card in every view but under one that blocks them (the options
    /// panel); then the open views from the top (while the help shows a view's table, that view
    /// may take keys from it: the layout picker), the closed views (the key that opens one), and
    /// last Q and S.
    func handleKey(_ event: KeyEvent) {
        guard event.isDown else { return }
        if Self.isFullscreenKey(event) {
            fullscreenRequests += 1
            return
        }
        if !sharedKeysBlocked, culling.handleKey(event) { return }
        var index = 0
        while index < views.count {
            let view = views[index]
            if view.isOpen {
                if view.handleKey(event) { return }
                if view === help, let shown = viewUnderHelp, shown.handleKeyUnderHelp(event) { return }
            }
            index += 1
        }
        index = 0
        while index < views.count {
            if !views[index].isOpen, views[index].handleKeyWhileClosed(event) { return }
            index += 1
        }
        switch event.key {
        case .character("q"):
            quit()
        case .character("s"):
            screenshotRequests += 1
        default:
            break
        }
    }

    /// `F` (without Ctrl or Alt) and `F11`: fullscreen on or off.
    static func isFullscreenKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .character("f"): event.modifiers.isDisjoint(with: [.control, .alt])
        case .function(11): true
        default: false
        }
    }

    /// True while an open view keeps the keys every view shares from acting (the options panel).
    var sharedKeysBlocked: Bool {
        var index = 0
        while index < views.count {
            if views[index].isOpen, views[index].blocksSharedKeys { return true }
            index += 1
        }
        return false
    }

    /// The top open view under the help and the HUD: the one whose key table the help shows.
    var viewUnderHelp: (any ViewerView)? {
        var index = 0
        while index < views.count {
            if views[index].isOpen, views[index] !== help, views[index] !== hud { return views[index] }
            index += 1
        }
        return nil
    }
}
