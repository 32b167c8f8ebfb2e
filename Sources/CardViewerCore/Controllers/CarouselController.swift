import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The carousels of SPEC §8 in the window (iCarousel's `didPan:`, `didTap:`, `step`): a drag of
/// Δ points moves the scroll by Δ·offsetMultiplier points (Δ·offsetMultiplier/w cards); a fling
/// decelerates and comes to rest on a whole card; a wrapping carousel has no ends (its physics
/// has none, and its offset is brought back into `0…n·w` whenever it rests); a click on a side
/// card scrolls it to the centre, a click on the current card (the one with `o` nearest 0) opens
/// it flat over the window (as the task switcher opens a card), and a click or Esc closes it.
/// Cover flow 2's `_toggle` follows the current card's changes and eases back to 0 (`CoverFlowToggle`).
struct CarouselController: OpensCards {
    /// The layout with the user's options; its `toggle` is the one shown now.
    var base: CarouselLayout
    var kind: LayoutKind
    /// The open card.
    var opened: CardID?
    /// Cover flow 2's flip.
    var toggle = CoverFlowToggle()
    /// The current card as last seen, in unwrapped cards (`round(offset / w)`), for the toggle.
    var lastCard: Double?

    /// A wrapping carousel's scroll physics keeps within ±this, points: never met in practice,
    /// as the offset is brought back into `0…n·w` at every rest.
    static let wrappingBound = 1e9

    init(base: CarouselLayout, kind: LayoutKind) {
        self.base = base
        self.kind = kind
    }

    var scrollAxis: ScrollAxis { base.scrollAxis }
    /// The carousel's (an open card is lifted out of the deck's planes, `CardOpening`).
    var mayTieCoplanarCards: Bool { base.mayTieCoplanarCards }
    var highlightedCard: CardID? { opened }
    var tapResponse: LayoutTapResponse { .centersThenOpens }
    var arrowsTurnLikeNotches: Bool { true }

    func geometry(_ context: LayoutContext) -> CarouselGeometry {
        base.geometry(viewport: context.viewport, cardCount: context.cardCount)
    }

    // MARK: Layout

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        var card = base.attributes(at: index, in: context)
        applyOpening(&card, deck: deck, in: context)
        return card
    }

    /// The carousel's visible cards; while a card is open it lies flat over the window and the
    /// others are faded out (alpha 0), so no card of any type can stand in front of it.
    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        let start = out.count
        base.layoutVisible(in: context, into: &out)
        guard let opened, let index = deck.index(of: opened) else { return }
        var found = false
        var i = start
        while i < out.count {
            if out[i].index == index { found = true }
            applyOpening(&out[i], deck: deck, in: context)
            i += 1
        }
        if !found {
            var card = base.attributes(at: index, in: context)
            applyOpening(&card, deck: deck, in: context)
            out.append(card)
        }
    }

    private func applyOpening(_ card: inout CardAttributes, deck: Deck, in context: LayoutContext) {
        guard let opened else { return }
        if deck.index(of: opened) == card.index {
            CardOpening.open(&card, in: context)
            card.zIndex = Int(1e15) + 1  // above every carousel card's zIndex (`CarouselLayout`)
        } else {
            card.alpha = 0
        }
    }

    func writeBulkRecords(into packer: BulkInstancePacker, deck: Deck, context: LayoutContext,
                          ordering: RenderOrdering) -> Bool {
        false  // no bulk writer: carousel cards are not drawn in index order (`CarouselLayout`)
    }

    func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        base.appearingAttributes(at: index, in: context)
    }

    func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes {
        base.disappearingAttributes(for: attributes, in: context)
    }

    // MARK: Scrolling

    func maximumOffset(viewport: Size, cardCount: Int) -> Vec2 {
        base.maximumOffset(viewport: viewport, cardCount: cardCount)
    }

    /// No ends when wrapping (±`wrappingBound`), else the content's.
    func scrollBounds(viewport: Size, cardCount: Int) -> (lower: Vec2, upper: Vec2) {
        let g = base.geometry(viewport: viewport, cardCount: cardCount)
        guard g.wraps else { return (.zero, maximumOffset(viewport: viewport, cardCount: cardCount)) }
        let b = Self.wrappingBound
        return base.scrollAxis == .vertical ? (Vec2(0, -b), Vec2(0, b)) : (Vec2(-b, 0), Vec2(b, 0))
    }

    /// Rests on the whole card nearest the natural resting place; within the deck unless it
    /// wraps (then the physics' offset, unwrapped: the same copy of the deck the fling is in).
    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? {
        let g = base.geometry(viewport: viewport, cardCount: cardCount)
        let axis = base.scrollAxis
        return { release in
            let along = axis.component(of: release.proposed)
            var card = CarouselLayout.restingCard(proposedSlots: along / g.itemWidth)
            if !g.wraps { card = min(max(card, 0), Double(max(g.cardCount - 1, 0))) }
            let offset = card * g.itemWidth
            return axis == .vertical ? Vec2(release.proposed.x, offset) : Vec2(offset, release.proposed.y)
        }
    }

    /// Card `index` at the centre, reached the short way round from `context.offset` when wrapping.
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        let g = geometry(context)
        guard g.cardCount > 0 else { return .zero }
        let from = base.scrollAxis.component(of: context.offset) / g.itemWidth
        var card = Double(min(max(index, 0), g.cardCount - 1))
        if g.wraps, from.isFinite {
            card = from.rounded() + Self.shortestDistance(from: from.rounded(), to: card, cardCount: g.cardCount)
        }
        return along(card * g.itemWidth)
    }

    /// A resting place: the nearest whole card, in the deck (modulo `n·w` when wrapping).
    func settledOffset(_ offset: Vec2, in context: LayoutContext) -> Vec2 {
        base.targetOffset(for: ScrollRelease(current: offset, proposed: offset), in: context)
    }

    /// The same card at the centre (the slot length does not depend on the viewport).
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2 {
        settledOffset(old.offset, in: LayoutContext(viewport: viewport, cardCount: old.cardCount))
    }

    /// `d` along the scroll axis.
    func along(_ d: Double) -> Vec2 { base.scrollAxis == .vertical ? Vec2(0, d) : Vec2(d, 0) }

    /// The signed number of cards from card `from` to card `to` the short way round a deck of
    /// `n` (iCarousel's `minScrollDistanceFromIndex:toIndex:`; ties go forward).
    static func shortestDistance(from: Double, to: Double, cardCount n: Int) -> Double {
        let count = Double(n)
        var d = (to - from).truncatingRemainder(dividingBy: count)
        if d > count / 2 { d -= count } else if d < -count / 2 { d += count }
        return d
    }

    /// One card per wheel notch (and arrow key), in its direction, from where the scroll heads.
    mutating func scrollWheel(by delta: Vec2, in scene: inout ViewerScene) {
        let step = scrollAxis.component(of: delta)
        guard opened == nil, step != 0, step.isFinite else { return }
        let g = geometry(scene.context)
        let from = (scrollAxis.component(of: scene.physics.destination) / g.itemWidth).rounded()
        var card = from + (step > 0 ? 1 : -1)
        if !g.wraps { card = min(max(card, 0), Double(max(g.cardCount - 1, 0))) }
        scene.physics.scroll(to: along(card * g.itemWidth), animated: true)
    }

    // MARK: Gestures

    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool {
        if opened != nil {
            if case .tap = gesture { _ = setHighlighted(nil, in: &scene, timing: .standard) }
            return true
        }
        switch gesture {
        case .pan(let pan):
            drag(pan.phase, at: pan.position, pressedAt: pan.startPosition, velocity: pan.velocity, in: &scene)
            return true
        case .longPress(let press):
            drag(press.phase, at: press.position, pressedAt: press.startPosition, velocity: press.velocity, in: &scene)
            return true
        case .tap(let tap):
            self.tap(at: tap.position, in: &scene)
            return true
        default:
            return false
        }
    }

    /// A drag scaled by `offsetMultiplier` along the axis: the physics follows a pointer whose
    /// movement along the axis is multiplied (so is its velocity at release).
    private func drag(_ phase: GesturePhase, at position: Vec2, pressedAt: Vec2, velocity: Vec2,
                      in scene: inout ViewerScene) {
        switch phase {
        case .began: scene.physics.beginDrag(at: scaled(position), pressedAt: scaled(pressedAt))
        case .changed: scene.physics.drag(to: scaled(position))
        case .ended: scene.physics.endDrag(pointerVelocity: scaled(velocity))
        case .cancelled: scene.physics.cancelDrag()
        }
    }

    /// `v` with its component along the scroll axis multiplied by `offsetMultiplier`.
    func scaled(_ v: Vec2) -> Vec2 {
        let m = base.options.offsetMultiplier
        return base.scrollAxis == .vertical ? Vec2(v.x, v.y * m) : Vec2(v.x * m, v.y)
    }

    /// A click on a card (exact hit test through every transform): a side card scrolls to the
    /// centre, the current card opens.
    private mutating func tap(at position: Vec2, in scene: inout ViewerScene) {
        guard let id = scene.hitTest(position, with: self), let index = scene.deck.index(of: id) else { return }
        let context = scene.context
        let g = geometry(context)
        let current = g.currentIndex(atSlots: base.slots(in: context, geometry: g))
        if index == current {
            scene.physics.stop()
            _ = setHighlighted(id, in: &scene, timing: .standard)
        } else {
            scene.physics.scroll(to: offset(showing: index, in: context), animated: true)
        }
    }

    mutating func cancelInteraction(in scene: inout ViewerScene) { opened = nil }

    mutating func forget(_ id: CardID) {
        if opened == id { opened = nil }
    }

    // MARK: Per frame

    /// Brings a resting wrapped offset back into `0…n·w`, and moves cover flow 2's toggle.
    mutating func tick(_ dt: Double, in scene: inout ViewerScene) {
        let context = scene.context
        let g = geometry(context)
        guard g.cardCount > 0 else { return }
        let along = scrollAxis.component(of: scene.physics.offset)
        let span = Double(g.cardCount) * g.itemWidth
        // Not while cards animate: their attributes are in the content space of this offset.
        if g.wraps, scene.physics.isSettled, !scene.animator.isAnimating, along < 0 || along >= span {
            let wrapped = along - (along / span).rounded(.down) * span
            scene.physics.scroll(to: self.along(wrapped < span ? wrapped : 0), animated: false)
        }
        guard base.type == .coverflow2 else { return }
        let card = (scrollAxis.component(of: scene.physics.offset) / g.itemWidth).rounded()
        if let last = lastCard, card != last {
            var difference = card - last
            if g.wraps { difference = Self.shortestDistance(from: last, to: card, cardCount: g.cardCount) }
            let speed = scrollAxis.component(of: scene.physics.velocity) / g.itemWidth
            toggle.currentCardChanged(by: Int(max(-1e6, min(1e6, difference))), at: scene.time, speed: speed)
        }
        lastCard = card
        base.toggle = toggle.value(at: scene.time)
    }

    func isAnimating(at time: Double) -> Bool { base.toggle != 0 || toggle.isMoving(at: time) }
}
