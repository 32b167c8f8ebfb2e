import CardInteraction
import CardLayout
import CardMath

/// The iOS 9 task switcher (SPEC §2.2): vertical scrolling that ends snapped to a card, and a
/// tap that opens the card visibly under the pointer (exact hit-testing through the real
/// transforms) by zooming it flat over the whole viewport; a tap or Esc closes it again.
/// While a card is open the deck does not scroll.
struct TasksController: BaseLayoutController, OpensCards {
    var base = TasksLayout()
    /// The open card.
    var opened: CardID?

    var kind = LayoutKind.tasks
    var scrollAxis: ScrollAxis { .vertical }
    var highlightedCard: CardID? { opened }

    /// The resting layout, unless a card is open: its open attributes are applied after the
    /// layout, which the bulk writer cannot do.
    func stateLayout(for deck: Deck, in context: LayoutContext) -> TasksLayout? {
        opened == nil ? base : nil
    }

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        var card = base.attributes(at: index, in: context)
        if let opened, deck.index(of: opened) == index { open(&card, in: context) }
        return card
    }

    /// The visible cards; the open card replaced by its open attributes (or added, should the
    /// layout have culled it).
    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        let start = out.count
        base.layoutVisible(in: context, into: &out)
        guard let opened, let index = deck.index(of: opened) else { return }
        if let i = out[start...].firstIndex(where: { $0.index == index }) {
            open(&out[i], in: context)
        } else {
            var card = base.attributes(at: index, in: context)
            open(&card, in: context)
            out.append(card)
        }
    }

    /// An open card: flat over the viewport, in front of the deck (`CardOpening`).
    private func open(_ card: inout CardAttributes, in context: LayoutContext) {
        CardOpening.open(&card, in: context)
    }

    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? {
        baseTargetOffset(viewport: viewport, cardCount: cardCount)
    }

    /// The resting offset nearest to the one that centers the card's slot (`index · s`: card 0
    /// is centered at offset 0).
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        let proposed = Double(index) * base.slotHeight(viewport: context.viewport)
        let target = base.targetOffset(for: ScrollRelease(current: Vec2(0, proposed), proposed: Vec2(0, proposed)), in: context)
        return Vec2(0, target.y)
    }

    /// The same card at the center: the offset in slots is kept.
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2 {
        let slots = old.offset.y / base.slotHeight(viewport: old.viewport)
        let context = LayoutContext(viewport: viewport, cardCount: old.cardCount)
        return settledOffset(Vec2(0, slots * base.slotHeight(viewport: viewport)), in: context)
    }

    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool {
        if opened != nil {
            if case .tap = gesture { _ = setHighlighted(nil, in: &scene, timing: .standard) }
            return true
        }
        guard case .tap(let tap) = gesture else { return false }
        if let id = scene.hitTest(tap.position, with: self) {
            scene.physics.stop()
            _ = setHighlighted(id, in: &scene, timing: .standard)
        }
        return true
    }

    /// One card per wheel notch, in the notch's direction, from where the deck is heading: the
    /// next of the seed's resting offsets `k·s − s/1.8` (or the end, by the seed's rule).
    mutating func scrollWheel(by delta: Vec2, in scene: inout ViewerScene) {
        guard opened == nil, delta.y != 0 else { return }
        let s = base.slotHeight(viewport: scene.viewport)
        let from = scene.physics.destination.y
        let k = (from + s / 1.8) / s
        let next = delta.y > 0 ? (k + 1e-6).rounded(.down) + 1 : (k - 1e-6).rounded(.up) - 1
        let proposed = base.restingOffset(next, viewport: scene.viewport)
        let release = ScrollRelease(current: Vec2(0, from), proposed: Vec2(0, proposed), velocity: Vec2(0, delta.y))
        scene.physics.scroll(to: base.targetOffset(for: release, in: scene.context), animated: true)
    }

    mutating func cancelInteraction(in scene: inout ViewerScene) { opened = nil }

    mutating func forget(_ id: CardID) {
        if opened == id { opened = nil }
    }
}
