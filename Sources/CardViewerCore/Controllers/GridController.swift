import CardInteraction
import CardLayout
import CardMath

/// The reorderable grid (SPEC §2.4): a long press lifts the card under the pointer (bigger,
/// nearer, on top) and it follows the pointer; when its center enters another card's slot the
/// deck's order changes and the other cards animate to their new slots; near the top or bottom
/// edge the grid auto-scrolls by whole points every frame; releasing drops the card into its
/// slot (the new order is saved); Esc cancels and everything returns to the original order.
/// Ordinary drags scroll with inertia.
struct GridController: BaseLayoutController {
    /// A lifted card.
    struct Lift {
        var id: CardID
        /// From the pointer to the card's center when it was lifted, content points: the card
        /// keeps the spot it was grabbed by (the seed's snapshot view did the same).
        var grab: Vec2
        /// The pointer, viewport points.
        var pointer: Vec2
        /// Where the card was before the lift, for Esc.
        var originalIndex: Int
    }

    var base = GridLayout()
    var lift: Lift?

    /// How long a lift or a drop animates, seconds.
    static let liftTiming = AnimationTiming(duration: 0.2, curve: .easeOut)

    var kind = LayoutKind.grid
    var scrollAxis: ScrollAxis { .vertical }
    var isInteracting: Bool { lift != nil }
    var liftedCard: CardID? { lift?.id }
    var tapResponse: LayoutTapResponse { .focusesCard }
    var revealsWholeCards: Bool { true }

    /// The layout with the lifted card at the pointer (plus the grab offset), in content points.
    func layout(for deck: Deck, in context: LayoutContext) -> GridLayout {
        var layout = base
        if let lift, let index = deck.index(of: lift.id) {
            layout.lifted = (index, lift.pointer + context.offset + lift.grab)
        }
        return layout
    }

    func stateLayout(for deck: Deck, in context: LayoutContext) -> GridLayout? {
        layout(for: deck, in: context)
    }

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        layout(for: deck, in: context).attributes(at: index, in: context)
    }

    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        layout(for: deck, in: context).layoutVisible(in: context, into: &out)
    }

    /// The card's row at the top, below the margin.
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        settledOffset(Vec2(0, base.slotFrame(at: index, viewport: context.viewport).minY - base.margin), in: context)
    }

    /// The same card in the top row (columns change with the width).
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2 {
        let pitch = base.cardSize(viewport: old.viewport).height + base.spacing
        let row = ((old.offset.y - base.margin) / pitch).rounded()
        let first = row.isFinite ? Int(clamp(row, 0, 1e9)) * base.columns(viewportWidth: old.viewport.width) : 0
        return offset(showing: min(first, max(old.cardCount - 1, 0)), in: LayoutContext(viewport: viewport, cardCount: old.cardCount))
    }

    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool {
        guard case .longPress(let press) = gesture else { return false }
        switch press.phase {
        case .began:
            begin(at: press.startPosition, in: &scene)
        case .changed:
            guard var current = lift else { break }
            current.pointer = press.position
            lift = current
            scene.animator.cancel(current.id)  // it follows the pointer from now on
            reorderIfNeeded(in: &scene)
        case .ended:
            drop(in: &scene)
        case .cancelled:
            cancel(in: &scene)
        }
        return true
    }

    /// Lifts the card under `point`, if any.
    private mutating func begin(at point: Vec2, in scene: inout ViewerScene) {
        guard lift == nil, let id = scene.hitTest(point, with: self), let index = scene.deck.index(of: id) else { return }
        scene.physics.stop()
        let old = scene.snapshot(self)
        let slot = base.slotFrame(at: index, viewport: scene.viewport).center
        lift = Lift(id: id, grab: slot - (point + scene.physics.offset), pointer: point, originalIndex: index)
        scene.animateRelayout(from: old, to: self, timing: Self.liftTiming)
    }

    /// Moves the lifted card to the slot its center is in, if that is another card's slot.
    private mutating func reorderIfNeeded(in scene: inout ViewerScene) {
        guard let lift, let current = scene.deck.index(of: lift.id) else { return }
        let context = scene.context
        let center = lift.pointer + context.offset + lift.grab
        guard let slot = base.slotIndex(at: center, in: context), slot != current else { return }
        let old = scene.snapshot(self)
        scene.deck.move(from: current, to: slot)
        scene.animateRelayout(from: old, to: self)
        scene.animator.cancel(lift.id)
    }

    /// The lifted card settles into its slot; a changed order is saved.
    private mutating func drop(in scene: inout ViewerScene) {
        guard let current = lift else { return }
        let old = scene.snapshot(self)
        lift = nil
        scene.animateRelayout(from: old, to: self, timing: Self.liftTiming)
        if scene.deck.index(of: current.id) != current.originalIndex { scene.deckDidChange() }
    }

    /// Everything returns to the order before the lift.
    private mutating func cancel(in scene: inout ViewerScene) {
        guard let current = lift else { return }
        let old = scene.snapshot(self)
        if let index = scene.deck.index(of: current.id) { scene.deck.move(from: index, to: current.originalIndex) }
        lift = nil
        scene.animateRelayout(from: old, to: self)
    }

    /// Auto-scroll: with the lifted card's pointer within 50 points of the top or bottom edge,
    /// the offset moves by `rint(speed · dt)` whole points per frame (at most 300 points/s), and
    /// the card, which stays under the pointer, may enter a new slot.
    mutating func tick(_ dt: Double, in scene: inout ViewerScene) {
        guard let lift, dt > 0, dt.isFinite else { return }
        let speed = base.autoScrollSpeed(pointerY: lift.pointer.y, viewportHeight: scene.viewport.height)
        let step = (speed * dt).rounded()
        guard step != 0 else { return }
        let maximum = maximumOffset(viewport: scene.viewport, cardCount: scene.deck.count).y
        let y = clamp(scene.physics.offset.y + step, 0, maximum)
        guard y != scene.physics.offset.y else { return }
        scene.physics.scroll(to: Vec2(scene.physics.offset.x, y), animated: false)
        reorderIfNeeded(in: &scene)
    }

    /// Puts the lifted card back where it came from, without animating (a layout switch or quit
    /// is about to happen).
    mutating func cancelInteraction(in scene: inout ViewerScene) {
        guard let current = lift else { return }
        if let index = scene.deck.index(of: current.id) { scene.deck.move(from: index, to: current.originalIndex) }
        lift = nil
    }

    mutating func forget(_ id: CardID) {
        if lift?.id == id { lift = nil }
    }
}
