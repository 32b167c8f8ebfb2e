import CardEvents
import CardInteraction
import CardLayout
import CardMath
import Foundation

/// The photo view's keys and gestures (SPEC §10's table, the photo view's column).
extension ViewerSession {
    /// The keys of the photo view (SPEC §10's table); returns false for the keys that act as in
    /// the layout view (Q, S, H, ?, F and the ones this view leaves to others), true when used.
    func handlePhotoKey(_ event: KeyEvent) -> Bool {
        guard let view = photoView else { return false }
        let zoomed = view.geometry.isZoomed
        let panStep = max(scene.viewport.width, scene.viewport.height) / 8
        switch event.key {
        case .escape:
            if showsHelp { return false }
            closePhoto()
        case .enter: closePhoto()
        case .space: stepPhoto(by: 1)
        case .backspace: stepPhoto(by: -1)
        case .delete: removeShownPhoto()
        case .left: if zoomed { panPhoto(by: Vec2(panStep, 0)) } else { stepPhoto(by: -1) }
        case .right: if zoomed { panPhoto(by: Vec2(-panStep, 0)) } else { stepPhoto(by: 1) }
        case .up: if zoomed { panPhoto(by: Vec2(0, panStep)) }
        case .down: if zoomed { panPhoto(by: Vec2(0, -panStep)) }
        case .pageUp: stepPhoto(by: -1)
        case .pageDown: stepPhoto(by: 1)
        case .home: if let first = scene.deck.id(at: 0) { showPhoto(first) }
        case .end: if let last = scene.deck.id(at: scene.deck.count - 1) { showPhoto(last) }
        case .character("+"), .character("="): zoomPhoto(to: view.geometry.steppedScale(in: 1), about: viewportCentre)
        case .character("-"): zoomPhoto(to: view.geometry.steppedScale(in: -1), about: viewportCentre)
        case .character("0"): zoomPhoto(to: view.geometry.fitScale, about: viewportCentre)
        case .character("1"): zoomPhoto(to: 1, about: viewportCentre)
        case .character(let c) where "qsh?/fpxv".contains(c): return false
        case .character: break  // the layout's keys do nothing here
        case .tab, .other, .function: return false
        }
        return true
    }

    /// The photo view's gestures: a drag pans, the wheel zooms about the pointer, a click that did
    /// not pan goes back (the second click of a double-click does nothing more).
    func handlePhotoGesture(_ gesture: GestureEvent) {
        switch gesture {
        case .pan(let pan):
            dragPhoto(pan.phase, at: pan.position, pressedAt: pan.startPosition)
        case .longPress(let press):
            dragPhoto(press.phase, at: press.position, pressedAt: press.startPosition)
        case .tap(let tap):
            if tap.count == 1 { closePhoto() }
        case .scroll(let scroll):
            let dy = abs(scroll.offsetDelta.y) >= abs(scroll.offsetDelta.x) ? scroll.offsetDelta.y : scroll.offsetDelta.x
            guard dy != 0, let view = photoView else { return }
            // One notch (40 points) zooms by 1.25; scrolling up (toward the content's start) zooms in.
            zoomPhoto(to: view.geometry.scale * pow(Self.wheelZoomPerNotch, -dy / 40), about: scroll.position)
        case .pointerDown, .swipe, .key:
            break
        }
    }

    /// The zoom factor of one wheel notch in the photo view.
    static let wheelZoomPerNotch = 1.25

    private func dragPhoto(_ phase: GesturePhase, at position: Vec2, pressedAt: Vec2) {
        guard var view = photoView else { return }
        switch phase {
        case .began:
            view.dragPosition = pressedAt
            fallthrough
        case .changed:
            let last = view.dragPosition ?? position
            view.geometry.pan(by: position - last)
            view.dragPosition = position
        case .ended, .cancelled:
            view.dragPosition = nil
        }
        photoView = view
        needsDisplay = true
    }
}
