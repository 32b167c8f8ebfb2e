import CardMath

/// A card layout: the resting attributes of every card for a viewport, card count and scroll
/// offset — the part of `UICollectionViewLayout` that decides geometry.
///
/// Layouts are values with no hidden state, so the same context always gives the same answer.
/// Dynamic states (a highlighted page, a lifted grid card, a dragged photo) are parameters of
/// the layout value that the interaction layer sets; an animator interpolates between the
/// attributes before and after a change. Layouts only produce geometry.
///
/// The per-frame query is `layoutVisible(in:into:)`; its cost is in the number of cards that
/// can be visible, not in the deck size. No query a frame makes costs O(card count).
public protocol CardLayout: Sendable {
    /// A short name for command lines and reports ("pages", "wheel", …).
    var name: String { get }

    /// The axis the content scrolls along.
    var scrollAxis: ScrollAxis { get }

    /// The size of the scrollable content, in points.
    ///
    /// - Complexity: O(1).
    func contentSize(viewport: Size, cardCount: Int) -> Size

    /// The attributes of the card at `index` (0 ≤ index < cardCount), with the layout's
    /// dynamic state applied, in content points.
    ///
    /// - Complexity: O(1).
    func attributes(at index: Int, in context: LayoutContext) -> CardAttributes

    /// The indices of the cards that can be visible: a superset of the visible cards, small when
    /// few are visible. A layout whose dynamic state moves one card far from the others (a
    /// highlighted page, a lifted grid card) returns the hull and says so; its
    /// `layoutVisible(in:into:)` then visits the pieces, never the hull.
    ///
    /// - Complexity: O(1).
    func candidateRange(in context: LayoutContext) -> Range<Int>

    /// Appends to `out` the attributes of the cards that can be visible, in index order.
    ///
    /// - Complexity: O(k), k the number of candidates; independent of the card count.
    func layoutVisible(in context: LayoutContext, into out: inout [CardAttributes])

    /// Where a released scroll comes to rest, in content points (UIKit's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`). Layouts that page
    /// or snap choose here; the default is `release.proposed` clamped to `0…maximumOffset`.
    /// `context.offset` is not used: the release carries the offsets. Always finite.
    ///
    /// - Complexity: O(1).
    func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2

    /// How far the content scrolls along the scroll axis per point the pointer drags: 1 (the
    /// default) follows the pointer; a carousel scales drags by its `offsetMultiplier` (SPEC §8).
    /// Only drags (and the flings they release) are scaled, never the cards' transforms.
    ///
    /// - Complexity: O(1).
    var dragMultiplier: Double { get }

    /// True when the layout may lay two cards it can show (`candidateRange`) overlapping in one
    /// plane with equal `depthBias`: an exact coplanar tie (`CoplanarOrder`), which the depth
    /// buffer alone cannot order — the lower card's badge and title, lifted 0.25 points, would
    /// show through the card on top. The packer then searches the frame's cards on screen for
    /// such ties and orders them by zIndex, then index (`CoplanarTies` in CardPacking); when
    /// false it skips the search, which costs every frame.
    ///
    /// The default is true, the safe answer: a layout file (SPEC §9) can place any cards in one
    /// plane with one bias. A built-in layout says false only where a test sweeping its decks,
    /// scroll offsets, viewports and orderings finds no tie among the cards on screen
    /// (`BuiltInTiesTests`). Frames of cards in between two states (an animation) are not a
    /// layout's frames: the viewer searches those whatever this says.
    ///
    /// - Complexity: O(1).
    var mayTieCoplanarCards: Bool { get }

    /// The scroll offset at which card `index` (0 ≤ index < cardCount) rests in view. The
    /// default brings the card's resting center (laid out at offset 0) to the viewport's center
    /// along the scroll axis, clamped to `0…maximumOffset`. Layouts whose cards share one center
    /// before their transforms say where they show a card (a carousel: `index` slots along);
    /// the wheel's cards share one too, and it keeps the default (its first card at the top).
    ///
    /// - Complexity: O(1).
    func scrollOffset(showing index: Int, viewport: Size, cardCount: Int) -> Vec2

    /// The attributes an inserted card animates from (UIKit's
    /// `initialLayoutAttributesForAppearingItem`); `context.cardCount` already counts it.
    /// The default is the resting attributes with alpha 0 (a fade in).
    ///
    /// - Complexity: O(1).
    func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes

    /// The attributes a deleted card animates to, given its attributes when it was deleted
    /// (UIKit's `finalLayoutAttributesForDisappearingItem`). The default is `attributes` with
    /// alpha 0 (a fade out).
    ///
    /// - Complexity: O(1).
    func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes
}

extension CardLayout {
    /// The scroll offsets the content allows: 0…max(0, content − viewport) on each axis.
    public func maximumOffset(viewport: Size, cardCount: Int) -> Vec2 {
        let content = contentSize(viewport: viewport, cardCount: cardCount)
        return Vec2(max(0, content.width - viewport.width), max(0, content.height - viewport.height))
    }

    /// Candidates culled by their transformed bounds (`Culling.isVisible`).
    ///
    /// - Complexity: O(k), k = `candidateRange(in:).count`.
    public func layoutVisible(in context: LayoutContext, into out: inout [CardAttributes]) {
        let camera = context.camera
        for index in candidateRange(in: context) {
            let attributes = attributes(at: index, in: context)
            if Culling.isVisible(attributes, offset: context.offset, camera: camera) {
                out.append(attributes)
            }
        }
    }

    /// The attributes of the cards that can be visible, in index order.
    public func visibleAttributes(in context: LayoutContext) -> [CardAttributes] {
        var out: [CardAttributes] = []
        layoutVisible(in: context, into: &out)
        return out
    }
}
