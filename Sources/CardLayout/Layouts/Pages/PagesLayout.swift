import CardMath

/// Safari's tab overview (seed 000, WKPagesCollectionView): viewport-sized cards stacked at a
/// 160-point pitch, each tilted back about its horizontal center line.
///
/// Card `i`'s untransformed frame is `W × H` at content y `topInset + i · pitch`. Its tilt is
/// `−60° + 20° · d`, `d = max((frameY − offsetY) / H, 0)`: a negative angle brings the top edge
/// toward the viewer, so cards lower on screen stand more upright, and the 3D order at rest
/// agrees with zIndex (= row). Each card is also pushed back 300 points (the seed's
/// `translate(0, 0, −300)`); perspective comes only from the shared camera.
///
/// Dynamic states (`highlightedIndex`, `swipe`) and the insert/delete transitions are in
/// `PagesLayout+States.swift`.
public struct PagesLayout: CardLayout {
    /// Distance between consecutive cards' top edges, points (the seed's line spacing −(H − 160)).
    public var pitch: Double = 160
    /// Space above the first card, points.
    public var topInset: Double = 20
    /// Space below the last card, points. The seed has none; the content height stays exact.
    public var bottomInset: Double = 0
    /// The tilt of a card at or above the top of the viewport, degrees.
    public var restingAngle: Double = -60
    /// Extra tilt per viewport height below the top, degrees.
    public var anglePerViewport: Double = 20
    /// How far every card is pushed away from the viewer, points (negative z).
    public var pushBack: Double = -300

    /// The card shown flat over the whole viewport (tap to highlight), or `nil`.
    /// An index outside the deck is ignored.
    public var highlightedIndex: Int?
    /// The card a finger is swiping sideways, and the finger's horizontal offset in points
    /// (negative: to the left), or `nil`.
    public var swipe: (index: Int, dx: Double)?
    /// A release at least this fast to the left deletes the swiped card, points per second.
    public var deleteFlingSpeed: Double = 500

    public init(highlightedIndex: Int? = nil, swipe: (index: Int, dx: Double)? = nil) {
        self.highlightedIndex = highlightedIndex
        self.swipe = swipe
    }

    public var name: String { "pages" }

    public var scrollAxis: ScrollAxis { .vertical }

    /// False unless `restingAngle` is 0 (within 0.001°): every page is tilted by its own angle
    /// and pushed back, so overlapping pages lie in different planes, and a highlighted page lies
    /// alone at z = 0, as `BuiltInTiesTests` checks over decks, scroll offsets, viewports,
    /// orderings and each option at either end of its range (the frames skip the tie search:
    /// `CardLayout.mayTieCoplanarCards`). Pages scrolled above the top all take `restingAngle`;
    /// at 0 they lie flat in one plane, overlapping: ties.
    public var mayTieCoplanarCards: Bool { !(abs(restingAngle) >= 0.001) }

    /// `(n − 1) · pitch + H + insets` for n ≥ 1; just the insets for an empty deck.
    ///
    /// Exact, as the seed learned: a content height that is too small made UIKit scroll the
    /// deck after a delete, which showed as a glitch.
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        let insets = topInset + bottomInset
        guard n > 0 else { return Size(width: viewport.width, height: insets) }
        return Size(width: viewport.width, height: Double(n - 1) * pitch + viewport.height + insets)
    }

    /// Content y of card `index`'s untransformed top edge.
    @inlinable public func frameY(at index: Int) -> Double { topInset + Double(index) * pitch }

    /// The tilt of the card whose frame starts at content y `frameY`, radians.
    @inlinable public func tilt(frameY: Double, offsetY: Double, viewportHeight h: Double) -> Double {
        let d = h > 0 ? max((frameY - offsetY) / h, 0) : 0
        return radians(restingAngle + anglePerViewport * d)
    }

    /// The card's attributes with no dynamic state applied.
    ///
    /// - Complexity: O(1).
    public func restingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let size = context.viewport
        let y = frameY(at: index)
        let angle = tilt(frameY: y, offsetY: context.offset.y, viewportHeight: size.height)
        return CardAttributes(
            index: index,
            center: Vec3(size.width / 2, y + size.height / 2, 0),
            size: size,
            transform: .translation(Vec3(0, 0, pushBack)) * .rotationX(angle),
            zIndex: index)
    }

    /// Resting cards whose world center, moved down by `shiftY` points, lies within
    /// `Culling.reach` of the viewport's center line.
    ///
    /// - Complexity: O(1).
    func restingCandidates(in context: LayoutContext, shiftY: Double = 0) -> Range<Int> {
        let size = context.viewport
        let radius = (size.width * size.width + size.height * size.height).squareRoot() / 2
        let reach = Culling.reach(radius: radius, centerZ: pushBack, halfViewport: size.height / 2,
                                  camera: context.camera)
        // World center y of card i: topInset + i·pitch + H/2 + shiftY − offsetY;
        // keep |that − H/2| ≤ reach.
        let base = context.offset.y - topInset - shiftY
        return clampedIndexRange(from: (base - reach) / pitch, through: (base + reach) / pitch,
                                 count: context.cardCount)
    }
}
