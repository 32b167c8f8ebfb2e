import CardInteraction
import CardLayout
import CardMath

/// How a card opens in the layouts whose tap opens it (`LayoutBehavior.Tap.opensCard`: the task
/// switcher, the carousels): flat, viewport-sized, `height` points in front of the plane z = 0,
/// scaled by `(d − height)/d` so that the shared camera (eye distance `d`) shows it exactly over
/// the viewport, and on top in zIndex.
enum CardOpening {
    /// How far in front of the deck's plane an open card sits, points: in front of every
    /// stacked card (`CardStacking` keeps them within ±100 points). The photo view's picture
    /// sits there too.
    static let height = 101.0

    /// Sets `card` to its open attributes in `context` (content points), `h` points in front of
    /// the plane z = 0.
    static func open(_ card: inout CardAttributes, in context: LayoutContext, height h: Double = height) {
        let center = Vec3(context.offset.x + context.viewport.width / 2, context.offset.y + context.viewport.height / 2, 0)
        layFlat(&card, center: center, size: context.viewport, height: h, eyeDistance: context.camera.eyeDistance,
                zIndex: context.cardCount + 1)
    }

    /// Sets `card` flat and opaque at `center` (content points, on the plane z = 0) with `size`,
    /// lifted `h` points toward the eye and scaled by `(d − h)/d` about its centre, so that the
    /// shared camera (eye distance `d`) shows it as `size` would show unlifted; on top in zIndex.
    static func layFlat(_ card: inout CardAttributes, center: Vec3, size: Size, height h: Double, eyeDistance d: Double,
                        zIndex: Int) {
        let k = (d - h) / d
        card.center = center
        card.size = size
        card.anchor = Vec2(0.5, 0.5)
        card.transform = .translation(Vec3(0, 0, h)) * .scale(Vec3(k, k, 1))
        card.alpha = 1
        card.isHidden = false
        card.depthBias = 0
        card.zIndex = zIndex
    }
}

/// A controller whose tap opens a card (`CardOpening`): the task switcher and the carousels.
protocol OpensCards: LayoutController {
    /// The open card, if any.
    var opened: CardID? { get set }
}

extension OpensCards {
    /// Opens `id` (closes the open card with `nil`), every card animating from where it is;
    /// `nil` when nothing changes (already open, or not in the deck).
    mutating func setHighlighted(_ id: CardID?, in scene: inout ViewerScene, timing: AnimationTiming) -> AnimationTag? {
        guard id != opened else { return nil }
        if let id, scene.deck.index(of: id) == nil { return nil }
        let old = scene.snapshot(self)
        opened = id
        if id != nil { scene.physics.stop() }
        return scene.animateRelayout(from: old, to: self, timing: timing)
    }
}
