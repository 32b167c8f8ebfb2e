import CardLayout
import CardMath

/// A card's attributes with the transform already decomposed, ready to interpolate every frame
/// without decomposing again.
public struct DecomposedAttributes: Hashable, Sendable {
    public var attributes: CardAttributes
    public var transform: DecomposedTransform

    public init(_ attributes: CardAttributes) {
        self.attributes = attributes
        self.transform = DecomposedTransform(attributes.transform)
    }
}

extension CardAttributes {
    /// The attributes a fraction `t` of the way from `a` to `b`, part by part, never by lerping
    /// matrices: center, size, anchor and alpha lerp; the transform's translation, scale and shear
    /// lerp and its rotation slerps (so a half-turned card is a rigid card at half the angle).
    ///
    /// `t` may leave 0…1 (a spring overshoots); alpha stays in 0…1 and sizes non-negative.
    /// Identity (`id`, `index`) comes from `b`. A hidden end counts as fully transparent, so
    /// hidden → shown fades in; the card is hidden in between only if both ends are. zIndex is
    /// the higher of the two in between (a card in flight does not dive under the cards it
    /// passes), and the end's at t ≤ 0 and t ≥ 1.
    public static func interpolate(_ a: DecomposedAttributes, _ b: DecomposedAttributes, _ t: Double) -> CardAttributes {
        let from = a.attributes, to = b.attributes
        var out = to
        out.center = lerp(from.center, to.center, t)
        out.size = Size(width: max(0, lerp(from.size.width, to.size.width, t)),
                        height: max(0, lerp(from.size.height, to.size.height, t)))
        out.anchor = Vec2(lerp(from.anchor.x, to.anchor.x, t), lerp(from.anchor.y, to.anchor.y, t))
        out.transform = DecomposedTransform.interpolate(a.transform, b.transform, t).matrix
        let alphaA = from.isHidden ? 0 : from.alpha, alphaB = to.isHidden ? 0 : to.alpha
        out.alpha = clamp(lerp(alphaA, alphaB, t), 0, 1)
        if t <= 0 {
            out.zIndex = from.zIndex
            out.isHidden = from.isHidden
        } else if t >= 1 {
            out.zIndex = to.zIndex
            out.isHidden = to.isHidden
        } else {
            out.zIndex = max(from.zIndex, to.zIndex)
            out.isHidden = from.isHidden && to.isHidden
        }
        return out
    }

    /// `interpolate` for attributes not yet decomposed.
    public static func interpolate(_ a: CardAttributes, _ b: CardAttributes, _ t: Double) -> CardAttributes {
        interpolate(DecomposedAttributes(a), DecomposedAttributes(b), t)
    }
}
