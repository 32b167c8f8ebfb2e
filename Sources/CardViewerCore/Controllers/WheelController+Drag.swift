import CardInteraction
import CardLayout
import CardMath
import Foundation

/// The wheel's drag (SPEC §2.5): the wheel turns by the angle the pointer sweeps about the hub,
/// so the point of the card under the pointer stays under it (a linear drag turned the wheel
/// by `Δx / itemW` cards wherever the pointer was: near the screen's sides, where a card's rim
/// moves at a slant, the wheel outran the pointer about twice over).
///
/// The scroll physics still does the tracking, the rubber band and the release: it is fed a
/// virtual pointer whose x is the pointer's angle about the hub in scroll points
/// (`angle · itemW / anglePerItem`, one card per `itemW`), and the release's velocity is the
/// pointer's angular velocity in the same units.
extension WheelController {
    /// The wheel's hub, viewport points: `radius` below the viewport's centre (the cards' anchor).
    func hub(in viewport: Size) -> Vec2 {
        Vec2(viewport.width / 2, viewport.height / 2 + base.effectiveRadius)
    }

    /// Scroll points per radian of turn: `itemW / anglePerItem`.
    var pointsPerRadian: Double {
        let a = base.anglePerItem
        return a > 0 ? base.itemSize.width / a : 0
    }

    /// The pointer's angle about the hub, radians: 0 straight above it, growing clockwise
    /// (to the right), as the wheel's own angles.
    func pointerAngle(_ point: Vec2, viewport: Size) -> Double {
        let hub = hub(in: viewport)
        return atan2(point.x - hub.x, hub.y - point.y)
    }

    /// The pointer's velocity (viewport points per second) as the virtual pointer's, scroll
    /// points per second: `K · (dy·vx + dx·vy) / r²` with `(dx, dy)` the pointer from the hub
    /// (`dy` upward) and `r` not less than half the radius (the angle is ill-defined at the hub).
    func virtualVelocity(_ velocity: Vec2, at point: Vec2, viewport: Size) -> Double {
        let hub = hub(in: viewport)
        let dx = point.x - hub.x, dy = hub.y - point.y
        let r2 = max(dx * dx + dy * dy, 0.25 * base.effectiveRadius * base.effectiveRadius)
        let v = pointsPerRadian * (dy * velocity.x + dx * velocity.y) / r2
        return v.isFinite ? v : 0
    }

    /// A pan turns the wheel about its hub; returns true (the session does not scroll it too).
    mutating func dragAroundTheHub(_ pan: PanGesture, in scene: inout ViewerScene) -> Bool {
        let viewport = scene.viewport
        let angle = pointerAngle(pan.position, viewport: viewport)
        switch pan.phase {
        case .began:
            let start = pointerAngle(pan.startPosition, viewport: viewport)
            let x = viewport.width / 2 + pointsPerRadian * angle
            let pressedX = viewport.width / 2 + pointsPerRadian * start
            hubDrag = (angle: angle, virtualX: x)
            scene.physics.beginDrag(at: Vec2(x, 0), pressedAt: Vec2(pressedX, 0))
        case .changed:
            guard var drag = hubDrag else { return true }
            // Unwrapped: a pointer that circles the hub keeps turning the wheel the same way.
            var delta = angle - drag.angle
            if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
            drag.angle = angle
            drag.virtualX += pointsPerRadian * delta
            hubDrag = drag
            scene.physics.drag(to: Vec2(drag.virtualX, 0))
        case .ended:
            hubDrag = nil
            scene.physics.endDrag(pointerVelocity: Vec2(virtualVelocity(pan.velocity, at: pan.position, viewport: viewport), 0))
        case .cancelled:
            hubDrag = nil
            scene.physics.cancelDrag()
        }
        return true
    }
}

extension WheelController {
    /// One card per wheel notch, in the notch's direction, from the card the wheel is heading
    /// to (a notch is less than a card of scroll: snapped to the nearest it would not move).
    mutating func scrollWheel(by delta: Vec2, in scene: inout ViewerScene) {
        guard delta.x != 0, let step = base.cardStep(viewport: scene.viewport, cardCount: scene.deck.count) else { return }
        let k = scene.physics.destination.x / step
        let next = delta.x > 0 ? (k + 1e-6).rounded(.down) + 1 : (k - 1e-6).rounded(.up) - 1
        scene.physics.scroll(to: settledOffset(Vec2(next * step, 0), in: scene.context), animated: true)
    }
}
