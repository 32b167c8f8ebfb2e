import CardMath
import RealModule

/// The spinning wheel (seed 004, CircularCollectionView): cards on the rim of a wheel whose hub
/// lies below the viewport; scrolling sideways turns the wheel. Horizontal.
///
/// `itemSize = 133 × 173`, `anglePerItem = atan(itemW / radius)`, content width
/// `(n − 1)·itemW + W`: the scroll distance is `(n − 1)·itemW`, one card per `itemW` (133)
/// points whatever the window's width. (The seed's content is `n·itemW`, which makes the
/// distance per card depend on the window: at 1280 points a 20-point drag turned two cards of
/// 30, and with `n·itemW ≤ W` — 1440 points and 30 cards, or 9 cards anywhere — it could not
/// turn at all.)
/// The seed's angle formulas are kept: `angleAtExtreme = n > 0 ? −(n − 1)·anglePerItem : 0`,
/// `angle = angleAtExtreme · offsetX / (contentWidth − W)` (= `−anglePerItem · offsetX / itemW`);
/// card `i` is turned by
/// `anglePerItem·i + angle` (clockwise on screen for positive angles) about an anchor `radius`
/// points below its center, `anchorY = (itemH/2 + radius) / itemH`; unturned, a card is
/// centered on the viewport, so the hub is `radius` points below the viewport's center.
/// zIndex = `angle·10⁶` (the seed's), and each card sits `angle / anglePerItem` layers in front
/// of the plane (`CardStacking`): neighbours overlap toward the hub.
///
/// Only the seed's visible range of unwrapped angles is laid out (`candidateRange`). With more
/// cards than go once around the wheel (`n·anglePerItem > 2π`), a card a whole turn away from
/// the visible ones would sit on top of them; like the seed, the wheel leaves it out: the
/// deck is a spiral of which one turn shows.
///
/// With one card (or none) there is nothing to scroll and the wheel does not turn (angle 0).
public struct WheelLayout: CardLayout {
    /// The card size, points.
    public var itemSize = Size(width: 133, height: 173)
    /// Distance from a card's center to the hub, points. Adjustable at run time: the layout is
    /// a value, so a new radius is a new layout and every query relayouts.
    public var radius: Double = 500

    public init(radius: Double = 500) {
        self.radius = radius
    }

    public var name: String { "wheel" }

    public var scrollAxis: ScrollAxis { .horizontal }

    /// False: no two cards it can show overlap in one plane with equal bias (each card a layer in front of the one before it (`CardStacking`) among the cards it shows), as
    /// `BuiltInTiesTests` checks over decks, scroll offsets, viewports and orderings; its frames
    /// skip the tie search (`CardLayout.mayTieCoplanarCards`).
    public var mayTieCoplanarCards: Bool { false }

    /// The radius in use: `radius` when it is a positive finite number, else 500.
    @inlinable public var effectiveRadius: Double {
        radius.isFinite && radius > 0 ? radius : 500
    }

    /// `atan(itemW / radius)`, radians.
    @inlinable public var anglePerItem: Double {
        Double.atan(itemSize.width / effectiveRadius)
    }

    /// How far the wheel scrolls from the first card to the last, points: `(n − 1)·itemW`,
    /// independent of the viewport (0 for one card or none).
    @inlinable public func scrollDistance(cardCount n: Int) -> Double {
        Double(max(n - 1, 0)) * itemSize.width
    }

    /// `(n − 1)·itemW + W` wide (the viewport's width for one card or none), `H` high.
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        Size(width: scrollDistance(cardCount: n) + viewport.width, height: viewport.height)
    }

    /// The wheel's turn at horizontal offset `offsetX`, radians: 0 at offset 0,
    /// `angleAtExtreme` at the maximum offset (the last card at the top). The seed's
    /// `angleAtExtreme · offsetX / (contentWidth − W)`, with `contentWidth − W` exactly the
    /// scroll distance `(n − 1)·itemW`: one card per `itemW` points.
    ///
    /// - Complexity: O(1).
    public func angle(offsetX: Double, viewport: Size, cardCount n: Int) -> Double {
        let scrollable = scrollDistance(cardCount: n)
        guard n > 0, scrollable > 0 else { return 0 }
        let angleAtExtreme = -Double(n - 1) * anglePerItem
        return angleAtExtreme * offsetX / scrollable
    }

    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let viewport = context.viewport
        let a = anglePerItem
        let turn = a * Double(index) + angle(offsetX: context.offset.x, viewport: viewport, cardCount: context.cardCount)
        let anchorY = (itemSize.height / 2 + effectiveRadius) / itemSize.height
        return CardAttributes(
            index: index,
            center: Vec3(context.offset.x + viewport.width / 2, viewport.height / 2,
                         CardStacking.z(layers: turn / a)),
            size: itemSize,
            anchor: Vec2(0.5, anchorY),
            transform: .rotationZ(turn),
            zIndex: Int(clamp(turn * 1_000_000, -1e15, 1e15)))
    }

    /// Exactly the seed's visible range: `θ = atan2(W/2, radius + itemH/2 − H/2)`;
    /// `start = angle < −θ ? floor((−θ − angle) / anglePerItem) : 0`;
    /// `end = min(n − 1, ceil((θ − angle) / anglePerItem))`; nothing when `start > end`
    /// (the seed then lays out card 0, which may be far off screen).
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        let viewport = context.viewport, n = context.cardCount
        let turn = angle(offsetX: context.offset.x, viewport: viewport, cardCount: n)
        guard n > 0, turn.isFinite else { return 0..<0 }
        let theta = Double.atan2(y: viewport.width / 2, x: effectiveRadius + itemSize.height / 2 - viewport.height / 2)
        let a = anglePerItem
        let start = turn < -theta ? ((-theta - turn) / a).rounded(.down) : 0
        let end = min(Double(n - 1), ((theta - turn) / a).rounded(.up))
        guard start <= end else { return 0..<0 }  // also NaN
        return Int(start)..<(Int(end) + 1)
    }
}

extension WheelLayout {
    /// The scroll distance that turns the wheel by one card, points: `itemW` (133), whatever
    /// the viewport; `nil` when the wheel cannot turn (one card or none).
    public func cardStep(viewport: Size, cardCount n: Int) -> Double? {
        guard n > 1, itemSize.width > 0, itemSize.width.isFinite else { return nil }
        return itemSize.width
    }

    /// Snaps to a whole card: the offset that brings card `k` to the top of the wheel, with
    /// `k` the proposed offset in cards — where the release's velocity would carry the wheel,
    /// UIScrollView's projection — rounded to the nearest card, within `0…n − 1`.
    ///
    /// The seed rounds the projection up in the velocity's direction; on top of the projection
    /// that adds up to one more card, and any drift at the release counts: a slow 300-point drag
    /// (2.26 cards) ended three cards on, a drag at walking pace four or five. The direction
    /// already lives in the projection (SPEC §2.5's "rounded by the velocity's direction"), so
    /// the nearest card to it is where the wheel rests: a drag released at rest stays on the
    /// card under the pointer's nearest, a flick goes as far as it would glide.
    ///
    /// - Complexity: O(1).
    public func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2 {
        let clamped = clampedOffset(release.proposed, in: context)
        guard let step = cardStep(viewport: context.viewport, cardCount: context.cardCount),
              release.proposed.x.isFinite, !release.velocity.x.isNaN else { return clamped }
        let k = (release.proposed.x / step).rounded()
        let maximum = maximumOffset(viewport: context.viewport, cardCount: context.cardCount).x
        // (n − 1)·step can exceed the maximum offset by an ulp.
        return Vec2(min(clamp(k, 0, Double(context.cardCount - 1)) * step, maximum), clamped.y)
    }
}
