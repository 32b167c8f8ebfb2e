import CardMath

/// SlideBox, the photo deck (seed 002): every card centered on screen, the ones behind smaller;
/// scrolling sideways slides the front card out to the left and the next one grows into its
/// place. Horizontal; one card per page.
///
/// `cardW × cardH = 0.6W × 0.6H`, `pageDistance = ceil(1.1·W)`, content width
/// `pageDistance·n + W`. For card `a` at offset x:
/// `ratio = 1 − 0.1·a + (x / pageDistance) / 10`, `scale = clamp(ratio, 0, 1.1)`; when
/// `ratio > 1` the card also moves left by `tx` (before scaling, as the seed's
/// `CGAffineTransformTranslate(scale, tx, 0)`): `tx = ratio ≥ 1.1 ? −(W/2 + cardW/2)
/// : −(ratio − floor(ratio))·pageDistance·10`, a zero becoming `−pageDistance`.
/// So `transform = T(0, 0, z) · S(scale, scale, 1) · T(tx, 0, 0)`, zIndex = `10000 − a`
/// (front card on top), and each card sits `10·(ratio − 1)` layers in front of the plane
/// (`CardStacking`: the front card at z = 0, the ones behind it one point further each).
///
/// The front-card drag (swipe up to delete) is in `SlideBoxLayout+Drag.swift`.
public struct SlideBoxLayout: CardLayout {
    /// The card's size as a fraction of the viewport's width and height.
    public var cardScale = Vec2(0.6, 0.6)
    /// A drag (points, in the card's parent space: y down, negative = up) of the front card,
    /// or `nil`. See `SlideBoxLayout+Drag.swift`.
    public var frontDrag: Vec2?
    /// A release that moved the offset at least this far pages, points (the seed's 30).
    public var pagingThreshold: Double = 30
    /// True when a swipe up rejects the front photo (a culling mark, SPEC §10) and the deck
    /// moves on past it, instead of removing it from the deck (`swipeUp=reject`).
    public var swipeUpRejects = false

    public init(frontDrag: Vec2? = nil) {
        self.frontDrag = frontDrag
    }

    public var name: String { "slidebox" }

    public var scrollAxis: ScrollAxis { .horizontal }

    /// False: no two cards it can show overlap in one plane with equal bias (photos stacked `CardStacking.layerSpacing` apart in z), as
    /// `BuiltInTiesTests` checks over decks, scroll offsets, viewports and orderings; its frames
    /// skip the tie search (`CardLayout.mayTieCoplanarCards`).
    public var mayTieCoplanarCards: Bool { false }

    /// `ceil(1.1·W)` points (at least 1, so a 0-point-wide viewport never divides by zero).
    @inlinable public func pageDistance(viewport: Size) -> Double {
        max((1.1 * viewport.width).rounded(.up), 1)
    }

    /// The card's untransformed size, points.
    @inlinable public func cardSize(viewport: Size) -> Size {
        Size(width: viewport.width * cardScale.x, height: viewport.height * cardScale.y)
    }

    /// `pageDistance·n + W` wide, `H` high.
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        Size(width: pageDistance(viewport: viewport) * Double(max(n, 0)) + viewport.width, height: viewport.height)
    }

    /// The seed's `ratio` of card `index` at horizontal offset `offsetX`: 1 for the front card
    /// at rest, 0.1 less for each card behind it, 1.1 once it has left to the left.
    @inlinable public func ratio(at index: Int, offsetX: Double, viewport: Size) -> Double {
        1 - 0.1 * Double(index) + (offsetX / pageDistance(viewport: viewport)) / 10
    }

    /// The resting attributes, with no drag applied.
    ///
    /// - Complexity: O(1).
    public func restingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let viewport = context.viewport
        let r = ratio(at: index, offsetX: context.offset.x, viewport: viewport)
        let scale = clamp(r, 0, 1.1)
        var tx = 0.0
        if r > 1 {
            if r >= 1.1 {
                tx = -(viewport.width / 2 + cardSize(viewport: viewport).width / 2)
            } else {
                tx = -(r - r.rounded(.down)) * pageDistance(viewport: viewport) * 10
                if tx == 0 { tx = -pageDistance(viewport: viewport) }
            }
        }
        let transform = Mat4.translation(Vec3(0, 0, CardStacking.z(layers: 10 * (r - 1))))
            * .scale(Vec3(scale, scale, 1)) * .translation(Vec3(tx, 0, 0))
        return CardAttributes(
            index: index,
            center: Vec3(context.offset.x + viewport.width / 2, viewport.height / 2, 0),
            size: cardSize(viewport: viewport),
            transform: transform,
            zIndex: 10_000 - index)
    }

    /// Cards with `0 < ratio < 1.1`: the front card, the one leaving, and the nine behind the
    /// front one that are not shrunk to nothing; cards that have left are off screen.
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        // ratio > 0 ⇔ a < 10 + u; ratio < 1.1 ⇔ a > u − 1, with u = x / pageDistance.
        let u = context.offset.x / pageDistance(viewport: context.viewport)
        let wide = openIndexRange(after: u - 2, before: u + 11, count: context.cardCount)
        var first = wide.lowerBound, end = wide.upperBound
        func shown(_ a: Int) -> Bool {
            let r = ratio(at: a, offsetX: context.offset.x, viewport: context.viewport)
            return r > 0 && r < 1.1
        }
        // Trimmed with the exact ratio test, so rounding in u never disagrees with it.
        while first < end, !shown(first) { first += 1 }
        while first < end, !shown(end - 1) { end -= 1 }
        return first..<end
    }
}
