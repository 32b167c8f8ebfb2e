import CardEvents
import CardInteraction
import CardLayout
import CardMath

extension ViewerSession {
    /// The current card's index in the deck (SPEC §10), `nil` while the deck is empty or none
    /// is current yet.
    public var currentCardIndex: Int? { currentCardID.flatMap { scene.deck.index(of: $0) } }

    /// The card that carries the focus ring now: the current card after a key or a click, while
    /// the layout shows (not in the photo view); `nil` otherwise.
    public var focusedCard: CardID? { showsFocusRing && photoView == nil ? currentCardID : nil }

    /// Makes the card with `id` current (the state restoring it, `cardviewer FILE`, a test) and,
    /// when `revealing`, brings it into view, at once (at start) or `animated`; a state that
    /// restores its scroll position too passes `revealing: false`, so the scroll stays where it
    /// was left. An id not in the deck leaves the current card unchanged and returns false.
    @discardableResult
    public func makeCurrent(_ id: CardID, animated: Bool = false, revealing: Bool = true) -> Bool {
        guard let index = scene.deck.index(of: id) else { return false }
        setCurrent(id)
        if revealing { bringIntoView(index, animated: animated) }
        return true
    }

    /// Sets the current card without scrolling.
    func setCurrent(_ id: CardID?) {
        guard currentCardID != id else { return }
        currentCardID = id
        currentCardRevision += 1
        needsDisplay = true
    }

    /// Scrolls so that card `index` is in view: to the centre in the layouts whose current card is
    /// the centred one; elsewhere only when it is not among the cards in view (the grid: not
    /// wholly in view), to where the layout shows it (`offset(showing:)`).
    func bringIntoView(_ index: Int, animated: Bool) {
        let context = scene.context
        guard index >= 0, index < context.cardCount, !scene.viewport.isEmpty else { return }
        if controller.centredCard(in: context) != nil {
            let target = controller.offset(showing: index, in: context)
            scene.physics.scroll(to: target, animated: animated)
        } else if !scene.isOnScreen(index, with: controller) || (controller is GridController && !isWhollyAlongAxis(index)) {
            let target = controller.settledOffset(controller.offset(showing: index, in: context), in: context)
            scene.physics.scroll(to: target, animated: animated)
        }
        followedDestination = scene.physics.destination
    }

    /// Whether card `index`'s extent along the scroll axis (its centre ± half its size, content
    /// points) lies within the viewport at the scroll's destination.
    private func isWhollyAlongAxis(_ index: Int) -> Bool {
        var context = scene.context
        context.offset = scene.physics.destination
        let card = controller.attributes(at: index, in: context, deck: scene.deck)
        let vertical = controller.scrollAxis == .vertical
        let centre = vertical ? card.center.y : card.center.x
        let half = (vertical ? card.size.height : card.size.width) / 2
        let start = vertical ? context.offset.y : context.offset.x
        let extent = vertical ? scene.viewport.height : scene.viewport.width
        return centre - half >= start - 0.5 && centre + half <= start + extent + 0.5
    }

    /// Keeps the current card as the layout defines it: where it follows the scroll (tasks,
    /// SlideBox, the wheel, the carousels), the card the scroll rests on whenever the scroll's
    /// destination changes; a current card that left the deck gives its place to its neighbour.
    ///
    /// - Complexity: O(1) for the layouts that follow the scroll.
    func followCurrentCard() {
        let count = scene.deck.count
        if count == 0 {
            lastCurrentIndex = 0
            if currentCardID != nil { setCurrent(nil) }
            return
        }
        if let id = currentCardID, let index = scene.deck.index(of: id) {
            lastCurrentIndex = index
        } else {
            setCurrent(scene.deck.id(at: min(lastCurrentIndex, count - 1)))
        }
        // While a finger or a trackpad drives the scroll it has no resting place yet: the current
        // card follows where the content comes to rest (a fling's destination, once).
        // The open card (pages' highlighted page, an open task card: an append opens the new one).
        if let open = controller.highlightedCard, open != currentCardID, photoView == nil {
            setCurrent(open)
        }
        guard photoView == nil, appendSequence == nil, !scene.physics.isDragging, !scene.physics.isTrackingPreciseScroll else { return }
        let destination = scene.physics.destination
        guard destination != followedDestination else { return }
        followedDestination = destination
        var context = scene.context
        context.offset = destination
        if let index = controller.centredCard(in: context), let id = scene.deck.id(at: index) {
            setCurrent(id)
            lastCurrentIndex = index
        }
    }

    /// The arrows in the layout view: the current card moves by one card (Up and Down by a row
    /// in the grid) and the scroll follows so it stays in view; the focus ring shows.
    func moveCurrentCard(_ key: Key) {
        guard appendSequence == nil, controller.highlightedCard == nil, !controller.isInteracting else { return }
        let count = scene.deck.count
        guard count > 0 else { return }
        showsFocusRing = true
        needsDisplay = true
        if controller is CarouselController {
            // One card per arrow as a wheel notch turns it (round the end of a wrapping deck, the
            // shorter way); the current card follows the centre.
            keyboardScroll(key)
            return
        }
        let index = currentCardIndex ?? 0
        let row = max(controller.rowStep(viewport: scene.viewport), 1)
        let step: Int
        switch key {
        case .left: step = -1
        case .right: step = 1
        case .up: step = -row
        case .down: step = row
        default: return
        }
        var target = index + step
        if target < 0 || target >= count {
            // Up or Down past the grid's first or last row goes to the end; the others stop.
            target = min(max(target, 0), count - 1)
        }
        guard let id = scene.deck.id(at: target) else { return }
        setCurrent(id)
        lastCurrentIndex = target
        bringIntoView(target, animated: true)
    }

    /// Enter and Space in the layout view: the current card opens whole.
    func openCurrentCard() {
        guard let id = currentCardID ?? scene.deck.id(at: 0) else { return }
        showsFocusRing = true
        openPhoto(id)
    }

    /// A click in the layout view (SPEC §10): pages, tasks and the standard layouts open the card
    /// under it; the grid focuses it; SlideBox opens its front photo; the wheel and the carousels
    /// bring a side card to the centre and open the card already there. A double-click (`count`
    /// 2) opens the card under the pointer. Returns false when the layout should have the tap
    /// (nothing here applies).
    func handleLayoutTap(_ tap: TapGesture) -> Bool {
        guard controller.highlightedCard == nil, !controller.isInteracting else { return false }
        let hit = scene.hitTest(tap.position, with: controller)
        if tap.count >= 2 {
            if let hit { openPhoto(hit) }
            return true
        }
        guard let hit, let index = scene.deck.index(of: hit) else { return true }
        showsFocusRing = true
        needsDisplay = true
        switch controller.kind.descriptor.behaviour.interaction {
        case .reorderableGrid:
            setCurrent(hit)
            lastCurrentIndex = index
        case .photoDeck:
            var context = scene.context
            context.offset = scene.physics.destination
            let front = controller.centredCard(in: context).flatMap { scene.deck.id(at: $0) } ?? hit
            openPhoto(front)
        case .spinningWheel, .carousel:
            var context = scene.context
            context.offset = scene.physics.destination
            if controller.centredCard(in: context) == index {
                openPhoto(hit)
            } else {
                setCurrent(hit)
                lastCurrentIndex = index
                bringIntoView(index, animated: true)
            }
        case .tabOverview, .taskSwitcher, .standard:
            setCurrent(hit)
            openPhoto(hit)
        }
        return true
    }
}
