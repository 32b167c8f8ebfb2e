import CardMath

/// The grid's long-press reordering (SPEC §2.4): the lifted card, the slot under the pointer,
/// and auto-scrolling near the edges.
extension GridLayout {
    /// Within this many points of the top or bottom edge the grid auto-scrolls.
    public static let autoScrollEdge = 50.0
    /// Auto-scroll speed with the pointer at (or past) the edge, points per second.
    public static let autoScrollMaximumSpeed = 300.0

    /// The lifted index when it names a card of the deck.
    @inlinable func validLift(in context: LayoutContext) -> (index: Int, position: Vec2)? {
        guard let lifted, lifted.index >= 0, lifted.index < context.cardCount,
              lifted.position.x.isFinite, lifted.position.y.isFinite else { return nil }
        return lifted
    }

    /// The resting attributes, with the lifted card at the pointer.
    ///
    /// The lifted card is `liftedScale` (1.1) times bigger, `liftHeight` points nearer the
    /// viewer than the grid and on top in zIndex (= card count). It sits on the ray from the eye
    /// through the pointer, so that the camera shows its center exactly under the pointer
    /// whatever its height. Its slot stays empty; every other card keeps its slot.
    ///
    /// - Complexity: O(1).
    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        var card = restingAttributes(at: index, in: context)
        guard let lift = validLift(in: context), lift.index == index else { return card }
        let camera = context.camera
        let d = camera.eyeDistance, h = liftHeight
        let viewportCenter = context.viewport.vector / 2
        let pointer = lift.position - context.offset  // viewport points
        let onRay = viewportCenter + (pointer - viewportCenter) * ((d - h) / d)
        let center = onRay + context.offset
        card.center = Vec3(center.x, center.y, h)
        card.transform = .scale(Vec3(liftedScale, liftedScale, 1))
        card.zIndex = context.cardCount
        return card
    }

    /// The rows that meet the viewport; with a lifted card, the hull of those and the lifted
    /// index (which `layoutVisible(in:into:)` visits on its own, never the hull between).
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        let rest = restingCandidates(in: context)
        guard let lift = validLift(in: context) else { return rest }
        guard !rest.isEmpty else { return lift.index..<(lift.index + 1) }
        return min(rest.lowerBound, lift.index)..<max(rest.upperBound, lift.index + 1)
    }

    /// The visible rows and the lifted card, in index order, culled by transformed bounds.
    ///
    /// - Complexity: O(k), k the cards in the visible rows plus one. Allocates nothing but
    ///   `out`'s growth.
    public func layoutVisible(in context: LayoutContext, into out: inout [CardAttributes]) {
        let rest = restingCandidates(in: context)
        let camera = context.camera
        func visit(_ group: Range<Int>) {
            for index in group {
                let card = attributes(at: index, in: context)
                if Culling.isVisible(card, offset: context.offset, camera: camera) { out.append(card) }
            }
        }
        guard let lift = validLift(in: context) else { return visit(rest) }
        visit(rest.clamped(to: 0..<lift.index))
        visit(lift.index..<(lift.index + 1))
        visit(rest.clamped(to: (lift.index + 1)..<context.cardCount))
    }

    /// The card whose slot frame contains `contentPoint` (content points), or `nil` over a
    /// gap, a margin or an empty slot past the last card (UIKit's `indexPathForItem(at:)`).
    /// During a reorder, the lifted card moves to this index when its center enters a slot.
    ///
    /// - Complexity: O(1).
    public func slotIndex(at contentPoint: Vec2, in context: LayoutContext) -> Int? {
        guard contentPoint.x.isFinite, contentPoint.y.isFinite else { return nil }
        let c = columns(viewportWidth: context.viewport.width)
        let card = cardSize(viewport: context.viewport)
        let local = contentPoint - Vec2(margin, margin)
        let pitch = Vec2(card.width + spacing, card.height + spacing)
        let column = (local.x / pitch.x).rounded(.down), row = (local.y / pitch.y).rounded(.down)
        guard column >= 0, column < Double(c), row >= 0, row <= Double(context.cardCount / c) else { return nil }
        let inside = local - Vec2(column, row) * pitch
        guard inside.x <= card.width, inside.y <= card.height else { return nil }
        let index = Int(row) * c + Int(column)
        return index < context.cardCount ? index : nil
    }

    /// The auto-scroll speed for a lifted card's pointer at viewport y `pointerY`, points per
    /// second: 0 farther than `autoScrollEdge` (50) points from both edges, rising linearly to
    /// `autoScrollMaximumSpeed` (300) at the edge and beyond; negative near the top (scroll up).
    /// The caller moves by whole points per frame (the seed's `rint(speed · dt)`), so that the
    /// card does not slip under the pointer.
    public func autoScrollSpeed(pointerY: Double, viewportHeight: Double) -> Double {
        guard pointerY.isFinite, viewportHeight.isFinite, viewportHeight > 0 else { return 0 }
        let edge = GridLayout.autoScrollEdge
        func speed(_ distance: Double) -> Double {
            GridLayout.autoScrollMaximumSpeed * clamp(1 - distance / edge, 0, 1)
        }
        let top = pointerY, bottom = viewportHeight - pointerY
        return top <= bottom ? -speed(top) : speed(bottom)
    }
}
