import CardLayout
import CardMath

/// Scenes of coplanar overlapping cards (SPEC §8, "Coplanar cards"): cards in one plane, or
/// nearer each other than the depth buffer resolves, ordered only by `depthBias` — what
/// iCarousel's carousel-wheel, linear with `spacing < 1` and time-machine lay out. Built from
/// synthetic cards with iCarousel's transforms, so they need no layout of the catalogue.
///
/// Cards are 200 × 260 points, centred in the viewport before their transforms; zIndex = index.
enum CoplanarScenes {
    static let cardSize = Size(width: 200, height: 260)

    /// Card `index` of a coplanar scene: centred in the viewport, then `transform`.
    static func card(_ index: Int, viewport: Size, transform: Mat4, bias: Double, alpha: Double = 1) -> CardAttributes {
        CardAttributes(index: index, center: Vec3(viewport.width / 2, viewport.height / 2, 0), size: cardSize,
                       transform: transform, alpha: alpha, zIndex: index, depthBias: bias)
    }

    /// iCarousel's carousel-wheel with 16 slots: card at offset `o` (−4…4) is
    /// `translate(0, r, 0) · rotateZ(o·α) · translate(0, −r, o·0.01)`, `α = 2π/16`,
    /// `r = w·16/2π`: a fan about a hub below the centre, each card on the one before it, the
    /// 0.01-point nudges far below the depth buffer's resolution. Bias `o·0.01`: iCarousel's own
    /// number (the z of the card's point (1, 1, 1), less 1), as the carousel layouts give it.
    static func fan(_ viewport: Size, alpha: Double = 1) -> [CardAttributes] {
        let count = 16.0, angle = 2 * Double.pi / count
        let r = cardSize.width * count / (2 * Double.pi)
        return (-4...4).enumerated().map { index, o in
            let o = Double(o)
            let transform = Mat4.translation(Vec3(0, r, 0)) * .rotationZ(o * angle) * .translation(Vec3(0, -r, o * 0.01))
            return card(index, viewport: viewport, transform: transform, bias: o * 0.01, alpha: alpha)
        }
    }

    /// iCarousel's linear with spacing 0.5: card at offset `o` (−5…5) is `translate(o·w/2, 0, 0)`,
    /// all exactly in the plane z = 0, each half covering its neighbours. Bias `−|o|`: the card
    /// nearer the centre card is in front, so the cards right of the centre are in front of the
    /// ones after them although their zIndex is lower.
    static func row(_ viewport: Size, alpha: Double = 1) -> [CardAttributes] {
        (-5...5).enumerated().map { index, o in
            card(index, viewport: viewport, transform: .translation(Vec3(Double(o) * cardSize.width / 2, 0, 0)),
                 bias: -Double(abs(o)), alpha: alpha)
        }
    }

    /// A time-machine-like stack turned 35° about Y as a whole: card at offset `o` (−6…6) is
    /// `rotateY(35°) · translate(o·60, −o·12, o·0.004)`, parallel planes 0.004 points apart —
    /// a third of what a 24-bit depth buffer resolves there — tilted, so their depth varies
    /// across the screen. Bias `o` (iCarousel: the larger z in front).
    static func stack(_ viewport: Size) -> [CardAttributes] {
        (-6...6).enumerated().map { index, o in
            let o = Double(o)
            let transform = Mat4.rotationY(radians(35)) * .translation(Vec3(o * 60, -o * 12, o * 0.004))
            return card(index, viewport: viewport, transform: transform, bias: o)
        }
    }

    /// The row at alpha 0.6 over an opaque backdrop, with the fan's middle three cards, opaque,
    /// pushed 150 points back behind it: coplanar translucent cards over each other and over
    /// opaque ones (depth peeling must keep each coplanar card its own layer).
    static func translucent(_ viewport: Size) -> [CardAttributes] {
        var cards = [CardAttributes(index: 0, center: Vec3(viewport.width / 2, viewport.height / 2, -400),
                                    size: Size(width: 1.1 * viewport.width, height: 1.1 * viewport.height), zIndex: 0)]
        for var c in fan(viewport)[3...5] {
            c.transform = .translation(Vec3(0, 0, -150)) * c.transform
            c.index = cards.count
            c.zIndex = cards.count
            cards.append(c)
        }
        for var c in row(viewport, alpha: 0.6) {
            c.index = cards.count
            c.zIndex = cards.count
            cards.append(c)
        }
        return cards
    }
}
