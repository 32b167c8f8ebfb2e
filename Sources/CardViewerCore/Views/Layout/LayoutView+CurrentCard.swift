import CardEvents
import CardInteraction
import CardLayout
import CardMath

/// The current card (SPEC §10): every layout has exactly one, as its controller defines it
/// (`LayoutController.centeredCard`: where it follows the scroll); after a key or a click it
/// carries a focus ring; the arrows move it and the scroll follows so it stays in view; Enter
/// and Space open it. The photo view makes the picture it shows current.
extension LayoutView {
    /// The current card's index in the deck, `nil` while the deck is empty or none is current yet.
    var currentCardIndex: Int? { currentCardID.flatMap { session.scene.deck.index(of: $0) } }

    /// Sets the current card without scrolling.
    func setCurrent(_ id: CardID?) {
        guard currentCardID != id else { return }
        currentCardID = id
        currentCardRevision += 1
        session.needsDisplay = true
    }

    /// No card is current (the photo view removed the last card of the deck).
    func clearCurrent() {
        currentCardID = nil
        currentCardRevision += 1
    }

    /// Makes the card with `id` current and, when `revealing`, brings it into view, at once or
    /// `animated`. An id not in the deck leaves the current card unchanged and returns false.
    @discardableResult
    func makeCurrent(_ id: CardID, animated: Bool = false, revealing: Bool = true) -> Bool {
        guard let index = session.scene.deck.index(of: id) else { return false }
        setCurrent(id)
        if revealing { bringIntoView(index, animated: animated) }
        return true
    }

    /// The card the controller makes current at the scroll's destination (`atDestination`) or
    /// its offset now, where the current card follows the scroll; else `nil`.
    func centeredCard(atDestination: Bool) -> Int? {
        var context = session.scene.context
        if atDestination { context.offset = session.scene.physics.destination }
        return controller.centeredCard(in: context)
    }

    /// Scrolls so that card `index` is in view: to the centre in the layouts whose current card is
    /// the centred one; elsewhere only when it is not among the cards in view (or, where the
    /// layout reveals whole cards, not wholly in view), to where the layout shows it.
    func bringIntoView(_ index: Int, animated: Bool) {
        let context = session.scene.context
        guard index >= 0, index < context.cardCount, !session.scene.viewport.isEmpty else { return }
        if controller.centeredCard(in: context) != nil {
            let target = controller.offset(showing: index, in: context)
            session.scene.physics.scroll(to: target, animated: animated)
        } else if !session.scene.isOnScreen(index, with: controller) || (controller.revealsWholeCards && !isWhollyAlongAxis(index)) {
            let target = controller.settledOffset(controller.offset(showing: index, in: context), in: context)
            session.scene.physics.scroll(to: target, animated: animated)
        }
        followedDestination = session.scene.physics.destination
    }

    /// Whether card `index`'s extent along the scroll axis (its centre ± half its size, content
    /// points) lies within the viewport at the scroll's destination.
    private func isWhollyAlongAxis(_ index: Int) -> Bool {
        let scene = session.scene
        var context = scene.context
        context.offset = scene.physics.destination
        let card = controller.attributes(at: index, in: context, deck: scene.deck)
        let vertical = controller.scrollAxis == .vertical
        let center = vertical ? card.center.y : card.center.x
        let half = (vertical ? card.size.height : card.size.width) / 2
        let start = vertical ? context.offset.y : context.offset.x
        let extent = vertical ? scene.viewport.height : scene.viewport.width
        return center - half >= start - 0.5 && center + half <= start + extent + 0.5
    }

    /// Keeps the current card as the layout defines it: where it follows the scroll (tasks,
    /// SlideBox, the wheel, the carousels), the card the scroll rests on whenever the scroll's
    /// destination changes; a current card that left the deck gives its place to its neighbour.
    ///
    /// - Complexity: O(1) for the layouts that follow the scroll.
    func followCurrentCard() {
        // Reads through `session.scene` in place: a copy of the scene would retain and release
        // each of its buffers, every frame.
        let count = session.scene.deck.count
        if count == 0 {
            lastCurrentIndex = 0
            if currentCardID != nil { setCurrent(nil) }
            return
        }
        if let id = currentCardID, let index = session.scene.deck.index(of: id) {
            lastCurrentIndex = index
        } else {
            setCurrent(session.scene.deck.id(at: min(lastCurrentIndex, count - 1)))
        }
        let photoShows = session.photo.isOpen
        // The open card (pages' highlighted page, an open task card: an append opens the new one).
        if let open = controller.highlightedCard, open != currentCardID, !photoShows {
            setCurrent(open)
        }
        // While a finger or a trackpad drives the scroll it has no resting place yet: the current
        // card follows where the content comes to rest (a fling's destination, once).
        guard !photoShows, appendSequence == nil, !session.scene.physics.isDragging,
              !session.scene.physics.isTrackingPreciseScroll else { return }
        let destination = session.scene.physics.destination
        guard destination != followedDestination else { return }
        followedDestination = destination
        if let index = centeredCard(atDestination: true), let id = session.scene.deck.id(at: index) {
            setCurrent(id)
            lastCurrentIndex = index
        }
    }

    /// The arrows: the current card moves by one card (Up and Down by a row in the grid) and the
    /// scroll follows so it stays in view; the focus ring shows.
    func moveCurrentCard(_ key: Key) {
        guard appendSequence == nil, controller.highlightedCard == nil, !controller.isInteracting else { return }
        let count = session.scene.deck.count
        guard count > 0 else { return }
        showsFocusRing = true
        session.needsDisplay = true
        if controller.arrowsTurnLikeNotches {
            // One card per arrow as a wheel notch turns it; the current card follows the centre.
            keyboardScroll(key)
            return
        }
        let index = currentCardIndex ?? 0
        let row = max(controller.rowStep(viewport: session.scene.viewport), 1)
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
        guard let id = session.scene.deck.id(at: target) else { return }
        setCurrent(id)
        lastCurrentIndex = target
        bringIntoView(target, animated: true)
    }

    /// Enter and Space: the current card opens whole.
    func openCurrentCard() {
        guard let id = currentCardID ?? session.scene.deck.id(at: 0) else { return }
        showsFocusRing = true
        session.photo.open(id)
    }
}
