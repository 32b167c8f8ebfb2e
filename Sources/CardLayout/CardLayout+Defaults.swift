import CardMath

/// The defaults of the layout protocol's transition and scrolling queries: UIKit's behaviour
/// when a layout does not override them (a drag moves the content as far as the pointer; a card
/// is shown centred).
extension CardLayout {
    /// `release.proposed` clamped to the content: `0…maximumOffset` on each axis (NaN → 0).
    ///
    /// - Complexity: O(1).
    public func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2 {
        clampedOffset(release.proposed, in: context)
    }

    /// `offset` clamped to `0…maximumOffset` on each axis; NaN becomes 0.
    ///
    /// - Complexity: O(1).
    public func clampedOffset(_ offset: Vec2, in context: LayoutContext) -> Vec2 {
        let limit = maximumOffset(viewport: context.viewport, cardCount: context.cardCount)
        return Vec2(clamp(offset.x, 0, limit.x), clamp(offset.y, 0, limit.y))
    }

    /// 1: the content follows the pointer.
    public var dragMultiplier: Double { 1 }

    /// True: a layout that does not say otherwise may tie cards in one plane, and its frames are
    /// searched for ties (`mayTieCoplanarCards`).
    public var mayTieCoplanarCards: Bool { true }

    /// The offset that brings card `index`'s resting center (laid out at offset 0) to the
    /// viewport's center along the scroll axis, clamped to `0…maximumOffset`; zero for an empty
    /// deck.
    ///
    /// - Complexity: O(1).
    public func scrollOffset(showing index: Int, viewport: Size, cardCount: Int) -> Vec2 {
        guard cardCount > 0 else { return .zero }
        let start = LayoutContext(viewport: viewport, cardCount: cardCount)
        let center = attributes(at: min(max(index, 0), cardCount - 1), in: start).center
        let maximum = maximumOffset(viewport: viewport, cardCount: cardCount)
        return scrollAxis == .vertical
            ? Vec2(0, clamp(center.y - viewport.height / 2, 0, maximum.y))
            : Vec2(clamp(center.x - viewport.width / 2, 0, maximum.x), 0)
    }

    /// The resting attributes with alpha 0: the card fades in where it will rest.
    ///
    /// - Complexity: O(1).
    public func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        var attributes = attributes(at: index, in: context)
        attributes.alpha = 0
        return attributes
    }

    /// `attributes` with alpha 0: the card fades out where it is.
    ///
    /// - Complexity: O(1).
    public func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes {
        var final = attributes
        final.alpha = 0
        return final
    }
}
