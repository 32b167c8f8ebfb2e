import CardEvents
import CardInteraction
import CardLayout
import CardMath
import Foundation

/// The compare view's keys and gestures (SPEC §13). Zoom and pan act on every pane alike
/// (`zoom(to:about:)`, `pan(by:)`); the culling keys every view shares mark the active pane's
/// card (`SessionCulling.target`).
extension CompareView {
    /// The compare view's keys and gestures, as the help shows them.
    static let keys = KeyTable([
        KeyTable.Section("Compare (C: two to four pictures side by side)", keyWidth: 18, [
            .row(keys: "Left, Right", action: "the active pane: previous / next picture not shown (pan when zoomed in)"),
            .row(keys: "Up, Down", action: "pan every pane when zoomed in"),
            .row(keys: "Tab, Shift+Tab", action: "the next / previous pane is active (the ring)"),
            .row(keys: "+ (=), -", action: "zoom every pane in / out (fit ... 1:1 ... 8x)"),
            .row(keys: "Z", action: "every pane fit <-> 100 % at the pointer"),
            .row(keys: "P, X", action: "pick / reject the active pane's picture (toggles)"),
            .row(keys: "0..5, Ctrl+0..5", action: "stars of the active pane's picture"),
            .row(keys: "6..9", action: "colour labels red, yellow, green, blue"),
            .row(keys: "C, Esc", action: "back to the layout"),
            .row(keys: "S, H, ?, Q", action: "screenshot, HUD, this help, quit"),
        ]),
        KeyTable.Section("Mouse", keyWidth: 18, [
            .row(keys: "pointer, click", action: "the pane under it is active"),
            .row(keys: "wheel", action: "zoom every pane about the pointer's place in its pane"),
            .row(keys: "drag", action: "pan every pane"),
            .row(keys: "Ctrl+click", action: "(in the layouts) mark a card for compare; C compares 2-4 marked"),
        ]),
    ])

    /// `C` (without Ctrl or Alt) in the layouts or the photo view opens the view.
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        guard Self.isToggle(event), !session.options.isOpen else { return false }
        openFromKey()
        return true
    }

    static func isToggle(_ event: KeyEvent) -> Bool {
        event.key == .character("c") && event.modifiers.isDisjoint(with: [.control, .alt])
    }

    /// The compare view's keys; false for the keys every view shares (Q, S, H, ?, F, V) and
    /// Shift+V's menu, true when used. The layouts' other keys do nothing here.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard isOpen else { return false }
        let zoomed = panes.contains { $0.geometry.isZoomed }
        let rects = paneRects
        let size = rects[0].size
        let panStep = max(size.width, size.height) / 8
        let center = Vec2(size.width / 2, size.height / 2)
        let shift = event.modifiers.contains(.shift)
        switch event.key {
        case .escape: close()
        case .character("c") where Self.isToggle(event): close()
        case .tab: activate((active + (shift ? panes.count - 1 : 1)) % panes.count)
        case .left: if zoomed { pan(by: Vec2(panStep, 0)) } else { replaceActive(step: -1) }
        case .right: if zoomed { pan(by: Vec2(-panStep, 0)) } else { replaceActive(step: 1) }
        case .up: if zoomed { pan(by: Vec2(0, panStep)) }
        case .down: if zoomed { pan(by: Vec2(0, -panStep)) }
        case .character("+"), .character("="): zoom(to: panes[active].geometry.steppedScale(in: 1), about: center)
        case .character("-"): zoom(to: panes[active].geometry.steppedScale(in: -1), about: center)
        case .character("z") where !shift: toggleFitAndActualSize(about: session.scene.pointer)
        case .character(let c) where "qsh?/fv".contains(c): return false
        case .character: break  // the layouts' other keys do nothing here
        case .enter, .space, .backspace, .delete, .pageUp, .pageDown, .home, .end: break
        case .other, .function: return false
        }
        return true
    }

    /// The pointer's moves make the pane under it active when it comes to another pane.
    func handlePointer(_ pointer: PointerEvent) -> Bool {
        guard isOpen, pointer.kind == .move || pointer.kind == .down else { return false }
        let pane = ComparePanes.pane(at: pointer.position, in: paneRects)
        if let pane, pane != pointerPane { activate(pane) }
        pointerPane = pane
        return false
    }

    /// A drag pans every pane, the wheel zooms every pane about the pointer's place in its
    /// pane, a click makes its pane active.
    func handleGesture(_ gesture: GestureEvent) {
        switch gesture {
        case .pan(let pan):
            drag(pan.phase, at: pan.position, pressedAt: pan.startPosition)
        case .longPress(let press):
            drag(press.phase, at: press.position, pressedAt: press.startPosition)
        case .tap(let tap):
            if let pane = ComparePanes.pane(at: tap.position, in: paneRects) { activate(pane) }
        case .scroll(let scroll):
            guard let factor = PhotoView.wheelZoomFactor(scroll), isOpen else { return }
            zoom(to: panes[active].geometry.scale * factor, about: local(scroll.position))  // as the photo view
        case .pointerDown, .swipe, .key:
            break
        }
    }

    /// Viewport point `p` in the coordinates of the pane it is in (else of the active pane):
    /// the same relative point of every pane, since the panes are all one size.
    func local(_ p: Vec2) -> Vec2 {
        let rects = paneRects
        let rect = rects[ComparePanes.pane(at: p, in: rects) ?? min(active, rects.count - 1)]
        return Vec2(p.x - rect.minX, p.y - rect.minY)
    }

    /// Makes pane `index` active: its card becomes current (what culling's keys mark).
    func activate(_ index: Int) {
        guard panes.indices.contains(index) else { return }
        if index != active {
            active = index
            session.needsDisplay = true
            session.refreshOverlay()
        }
        session.layout.setCurrent(panes[index].card)
    }

    // MARK: Zoom and pan, every pane alike

    /// Zooms every pane to `scale` (viewport points per picture point: the same zoom relative
    /// to each picture's pixels; each pane clamps it to its picture's fit … 8×) about pane
    /// point `anchor` (the picture point under it stays, in each pane).
    func zoom(to scale: Double, about anchor: Vec2) {
        for i in panes.indices { panes[i].geometry.zoom(to: scale, about: anchor) }
        session.needsDisplay = true
    }

    /// `Z`: every pane fitted when any is zoomed in, else every pane at 100 % about the
    /// pointer's place in its pane.
    func toggleFitAndActualSize(about pointer: Vec2) {
        if panes.contains(where: { $0.geometry.isZoomed }) {
            for i in panes.indices { panes[i].geometry.fit() }
            session.needsDisplay = true
        } else {
            zoom(to: 1, about: local(pointer))
        }
    }

    /// Moves every pane's picture by `delta` viewport points (each clamped to its picture).
    func pan(by delta: Vec2) {
        for i in panes.indices { panes[i].geometry.pan(by: delta) }
        session.needsDisplay = true
    }

    /// Follows a drag in progress: every pane's picture moves with the pointer.
    func drag(_ phase: GesturePhase, at position: Vec2, pressedAt: Vec2) {
        switch phase {
        case .began:
            dragPosition = pressedAt
            fallthrough
        case .changed:
            pan(by: position - (dragPosition ?? position))
            dragPosition = position
        case .ended, .cancelled:
            dragPosition = nil
        }
    }

    // MARK: Stepping

    /// The first card from card `id` in direction `step` (+1 next, −1 previous) in the deck as
    /// shown that no pane shows, `nil` when there is none before the deck's end.
    func unshownCard(from id: CardID, step: Int) -> CardID? {
        let deck = session.scene.deck
        let shown = Set(panes.map(\.card))
        var index: Int
        if let position = deck.index(of: id) {
            index = position
        } else {
            // A card the filter hid: from its place among the cards shown, in the deck as saved.
            let saved = session.culling.savedDeck
            guard let position = saved.index(of: id) else { return nil }
            let before = saved.cards[..<position].reduce(0) { $0 + (deck.index(of: $1.id) != nil ? 1 : 0) }
            index = step > 0 ? before - 1 : before
        }
        while true {
            index += step
            guard index >= 0, let candidate = deck.id(at: index) else { return nil }
            if !shown.contains(candidate) { return candidate }
        }
    }

    /// Left/Right while fitted: the active pane shows the previous/next picture that no pane
    /// shows, fitted; at the deck's end it says so.
    func replaceActive(step: Int) {
        guard isOpen, let next = unshownCard(from: panes[active].card, step: step) else {
            session.showMessage(step > 0 ? "no next picture to compare" : "no previous picture to compare")
            return
        }
        panes[active] = ComparePane(card: next, geometry: PhotoGeometry(picture: pictureSize(of: next), viewport: panes[active].geometry.viewport))
        session.layout.setCurrent(next)
        session.needsDisplay = true
        session.refreshOverlay()
    }
}
