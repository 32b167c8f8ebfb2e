import CardMath

/// The iOS 9 task switcher, vertical (seed 001): a deck of large cards, five slots per screen,
/// each card showing its top part, lower cards bigger and in front.
///
/// Slots are `s = H/5` points tall; slot `i` starts at content y `topInset + i·s`. A card is
/// `cardScale.x·W × cardScale.y·H` (0.85 × 0.85 by default), horizontally centered, its top edge
/// on its slot's top edge: the seed's cells are slot-sized strips and the big card hangs out of
/// the cell. The transform acts about the slot's center (the cell's center in the seed), so
/// the anchor point is `(0.5, (s/2) / cardHeight)`.
///
/// With `p` = (slot center − viewport center) / s, signed, in slots:
/// `scale = 1 + 0.06·p`, `ty = p > 0 ? |p|·0.12·H : p²·0.04803·H`, then up by `s/5.8`:
/// `transform = T(0, ty − s/5.8, z) · S(scale, scale, 1)` (the seed's z scale of 0 would make
/// the matrix singular; a flat card does not need it). zIndex = row, and each card sits
/// `p` layers in front of the plane (`CardStacking`) so the depth buffer agrees with zIndex.
///
/// Padding: the seed puts two invisible cards before the first real one so that the first
/// card can reach the middle of the screen. Here they are dropped (they would take deck
/// indices, ids and hit-tests) and replaced by what they did: a top inset of two slots.
/// Card 0 at offset 0 sits where the seed's first real card sat, in the center (p = 0).
///
/// Visibility: the seed hides every card whose slot does not intersect the visible rect
/// extended by one slot above (`[offsetY − s, offsetY + H]`): further up, the p² term brings
/// cards back down under the stack, where they are covered. Those cards get alpha 0 here too,
/// and the candidate range is exactly the slots that intersect that rect; the candidates are
/// then culled by their transformed bounds.
public struct TasksLayout: CardLayout {
    /// Slots per viewport height (the seed's five cards per screen).
    public var slotsPerScreen: Double = 5
    /// The card's size as a fraction of the viewport's width and height.
    public var cardScale = Vec2(0.85, 0.85)
    /// Empty slots above the first card: the seed's two invisible padding cards.
    public var leadingSlots: Double = 2

    public init() {}

    public var name: String { "tasks" }

    public var scrollAxis: ScrollAxis { .vertical }

    /// False: no two cards it can show overlap in one plane with equal bias (cards stacked `CardStacking.layerSpacing` apart in z; an open card lies in front of them all), as
    /// `BuiltInTiesTests` checks over decks, scroll offsets, viewports and orderings; its frames
    /// skip the tie search (`CardLayout.mayTieCoplanarCards`).
    public var mayTieCoplanarCards: Bool { false }

    /// The slot pitch `s = H / 5`, points (at least a millionth of a point, so that a
    /// 0-point-high viewport never divides by zero).
    @inlinable public func slotHeight(viewport: Size) -> Double {
        max(viewport.height / slotsPerScreen, 1e-6)
    }

    /// The card's untransformed size, points.
    @inlinable public func cardSize(viewport: Size) -> Size {
        Size(width: viewport.width * cardScale.x, height: viewport.height * cardScale.y)
    }

    /// Content y of slot `index`'s top edge: `leadingSlots·s + index·s`.
    @inlinable public func slotTop(at index: Int, viewport: Size) -> Double {
        (leadingSlots + Double(index)) * slotHeight(viewport: viewport)
    }

    /// `(leadingSlots + n)·s` tall (the seed's flow layout, padding included), W wide.
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        Size(width: viewport.width, height: (leadingSlots + Double(max(n, 0))) * slotHeight(viewport: viewport))
    }

    /// Signed distance of slot `index`'s center from the viewport's center, in slots.
    @inlinable public func progress(at index: Int, in context: LayoutContext) -> Double {
        let s = slotHeight(viewport: context.viewport)
        let center = slotTop(at: index, viewport: context.viewport) + s / 2
        return (center - (context.offset.y + context.viewport.height / 2)) / s
    }

    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let viewport = context.viewport
        let s = slotHeight(viewport: viewport)
        let size = cardSize(viewport: viewport)
        let top = slotTop(at: index, viewport: viewport)
        let p = progress(at: index, in: context)
        let scale = 1 + 0.06 * p
        let ty = p > 0 ? abs(p) * 0.12 * viewport.height : p * p * 0.04803 * viewport.height
        let transform = Mat4.translation(Vec3(0, ty - s / 5.8, CardStacking.z(layers: p)))
            * .scale(Vec3(scale, scale, 1))
        return CardAttributes(
            index: index,
            center: Vec3(viewport.width / 2, top + size.height / 2, 0),
            size: size,
            anchor: Vec2(0.5, size.height > 0 ? (s / 2) / size.height : 0.5),
            transform: transform,
            alpha: slotIsShown(at: index, in: context) ? 1 : 0,
            zIndex: index)
    }

    /// Whether slot `index` intersects the seed's visible rect `(offsetY − s, offsetY + H)`.
    @inlinable public func slotIsShown(at index: Int, in context: LayoutContext) -> Bool {
        let s = slotHeight(viewport: context.viewport)
        let top = slotTop(at: index, viewport: context.viewport)
        return top < context.offset.y + context.viewport.height && top + s > context.offset.y - s
    }

    /// Exactly the slots that intersect `(offsetY − s, offsetY + H)`: at most `5 + 2` cards.
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        let s = slotHeight(viewport: context.viewport)
        // top_i = (leadingSlots + i)·s; keep offsetY − 2s < top_i < offsetY + H.
        let lo = (context.offset.y - 2 * s) / s - leadingSlots
        let hi = (context.offset.y + context.viewport.height) / s - leadingSlots
        // Widened by a slot on each side, then trimmed with the exact test: the division may
        // round differently from `slotIsShown`'s comparisons by an ulp at the rect's edges.
        let wide = clampedIndexRange(from: lo - 1, through: hi + 1, count: context.cardCount)
        var first = wide.lowerBound, end = wide.upperBound
        while first < end, !slotIsShown(at: first, in: context) { first += 1 }
        while first < end, !slotIsShown(at: end - 1, in: context) { end -= 1 }
        return first..<end
    }
}
