import CardInteraction
import CardLayout
import CardMath

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
