import CardEvents
import CardInteraction
import CardLayout
import CardMath
import Foundation

/// The photo view's keys and gestures (SPEC §10's table, the photo view's column).
extension PhotoView {
    /// The photo view's keys and gestures, as the help shows them.
    static let keys = KeyTable([
        KeyTable.Section("Photo view (a picture opened whole)", keyWidth: 18, [
            .row(keys: "Left, Right", action: "previous / next picture (pan when zoomed in)"),
            .row(keys: "Up, Down", action: "pan when zoomed in"),
            .row(keys: "Page Up, Page Down", action: "previous / next picture"),
            .row(keys: "Home, End", action: "first / last picture"),
            .row(keys: "Space, Backspace", action: "next / previous picture"),
            .row(keys: "+ (=), -", action: "zoom in / out (fit ... 1:1 ... 8x)"),
            .row(keys: "0, 1", action: "fit / 100 % (generated decks; pictures: stars)"),
            .row(keys: "Z", action: "fit <-> 100 % at the pointer"),
            .row(keys: "Shift+Z", action: "keep the zoom across pictures of one size (on/off)"),
            .row(keys: "Delete, U", action: "remove the card from the deck (never the file) / undo"),
            .row(keys: "P, X", action: "pick / reject the picture (toggles)"),
            .row(keys: "0..5, Ctrl+0..5", action: "stars / no stars"),
            .row(keys: "6..9", action: "colour labels red, yellow, green, blue"),
            .row(keys: "Shift+mark", action: "mark, then the next picture"),
            .row(keys: "V", action: "filter: all / picks / no rejects; Shift+V: stars, colours"),
            .row(keys: "I", action: "info: name, size, camera, exposure, marks"),
            .row(keys: "G", action: "histogram, blown (red) and crushed (blue) pixels"),
            .row(keys: "K", action: "focus peaking: sharp edges green"),
            .row(keys: "C", action: "compare with the next picture side by side"),
            .row(keys: "E", action: "export the filter's pictures: copy, move, trash"),
            .row(keys: "Enter, Esc", action: "back to the layout"),
            .row(keys: "S, H, ?, Q", action: "screenshot, HUD, this help, quit"),
        ]),
        KeyTable.Section("Mouse", keyWidth: 18, [
            .row(keys: "wheel", action: "zoom about the pointer"),
            .row(keys: "drag", action: "pan"),
            .row(keys: "click, double-click", action: "back to the layout"),
        ]),
    ])

    /// The zoom factor of one wheel notch.
    static let wheelZoomPerNotch = 1.25

    /// The zoom factor `scroll` asks for (the photo view's and compare's wheel): one notch
    /// (40 points along its larger axis) zooms by `wheelZoomPerNotch`, up (toward the content's
    /// start) zooms in; nil for a scroll without movement.
    static func wheelZoomFactor(_ scroll: ScrollGesture) -> Double? {
        let dy = abs(scroll.offsetDelta.y) >= abs(scroll.offsetDelta.x) ? scroll.offsetDelta.y : scroll.offsetDelta.x
        return dy == 0 ? nil : pow(wheelZoomPerNotch, -dy / 40)
    }

    /// The keys of the photo view; false for the keys every view shares (Q, S, H, ?) and those
    /// it leaves to others, true when used. The layouts' other keys do nothing here.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard let view = shown else { return false }
        let zoomed = view.geometry.isZoomed
        let viewport = session.viewport
        let panStep = max(viewport.width, viewport.height) / 8
        let center = Vec2(viewport.width / 2, viewport.height / 2)
        switch event.key {
        case .escape, .enter: close()
        case .space: step(by: 1)
        case .backspace: step(by: -1)
        case .delete: removeShownCard()
        case .character("u"): undoRemoval()
        case .left: if zoomed { pan(by: Vec2(panStep, 0)) } else { step(by: -1) }
        case .right: if zoomed { pan(by: Vec2(-panStep, 0)) } else { step(by: 1) }
        case .up: if zoomed { pan(by: Vec2(0, panStep)) }
        case .down: if zoomed { pan(by: Vec2(0, -panStep)) }
        case .pageUp: step(by: -1)
        case .pageDown: step(by: 1)
        case .home: if let first = session.scene.deck.id(at: 0) { show(first) }
        case .end: if let last = session.scene.deck.id(at: session.scene.deck.count - 1) { show(last) }
        case .character("+"), .character("="): zoom(to: view.geometry.steppedScale(in: 1), about: center)
        case .character("-"): zoom(to: view.geometry.steppedScale(in: -1), about: center)
        case .character("0"): zoom(to: view.geometry.fitScale, about: center)
        case .character("1"): zoom(to: 1, about: center)
        case .character("z"):
            if event.modifiers.contains(.shift) { toggleZoomLock() } else { toggleFitAndActualSize(about: session.scene.pointer) }
        case .character("k") where event.modifiers.isDisjoint(with: [.control, .alt]): togglePeaking()
        case .character(let c) where "qsh?/fpxvigce".contains(c): return false
        case .character: break  // the layout's keys do nothing here
        case .tab, .other, .function: return false
        }
        return true
    }

    /// The photo view's gestures: a drag pans, the wheel zooms about the pointer, a click that did
    /// not pan goes back (the second click of a double-click does nothing more).
    func handleGesture(_ gesture: GestureEvent) {
        switch gesture {
        case .pan(let pan):
            drag(pan.phase, at: pan.position, pressedAt: pan.startPosition)
        case .longPress(let press):
            drag(press.phase, at: press.position, pressedAt: press.startPosition)
        case .tap(let tap):
            if tap.count == 1 { close() }
        case .scroll(let scroll):
            guard let factor = Self.wheelZoomFactor(scroll), let view = shown else { return }
            zoom(to: view.geometry.scale * factor, about: scroll.position)
        case .pointerDown, .swipe, .key:
            break
        }
    }
}
