import CardInteraction
import CardLayout
import CardMath

/// Deck edits in the layout view: delete and undo (the user's files are never touched: a card
/// leaves the deck, not the disk), larger and smaller cards, and cards the listing or a drop adds.
extension LayoutView {
    /// Deletes card `id` from the deck, animated as the layout says (`ViewerEditing.delete`).
    func delete(_ id: CardID) {
        ViewerEditing.delete(id, controller: &controller, scene: &session.scene)
    }

    /// Deletes the card under the pointer, else the current card when it shows its focus ring
    /// (SPEC §10; a card the user cannot see marked is never deleted); its file, if any, stays.
    func deleteUnderPointer() {
        guard appendSequence == nil, !controller.isInteracting, !session.isMinimized else { return }
        guard let id = session.scene.hitTest(session.scene.pointer, with: controller) ?? (showsFocusRing ? currentCardID : nil) else {
            session.showMessage("no card under the pointer to delete")
            return
        }
        delete(id)
        session.refreshOverlay()
    }

    /// Restores the last deleted card, and says which (or that there is none).
    func undoDelete() {
        guard appendSequence == nil, !controller.isInteracting, !session.isMinimized else { return }
        let title = session.scene.deck.undoableDeletion?.card.title
        if ViewerEditing.undoDelete(controller: &controller, scene: &session.scene) {
            if session.culling.filter != .all { session.culling.refilter(animated: true) }  // back in the deck, shown if the filter admits it
            session.showMessage("undo: \"\(MessageText.shortened(title ?? "card"))\" is back")
        } else {
            session.showMessage("nothing to undo")
        }
    }

    // MARK: Card size

    /// The options `+` and `-` change (SPEC §10's table), in order of preference: the carousels'
    /// and layout files' slot length, the grid's narrowest card.
    static let cardSizeOptions = ["itemWidth", "minimumCardWidth"]
    /// How much one press of `+` enlarges the cards (`-` divides by it).
    static let cardSizeStep = 1.1

    /// `+` (`=`) or `-`: larger or smaller cards, by `cardSizeStep` a press, through the layout's
    /// size option (`cardSizeOptions`), animated like any option change and saved with the state;
    /// a message says the new value, points. A layout without such an option says so instead. An
    /// `auto` value starts from the size the layout gives the card at the centre (its length
    /// along the scroll axis).
    func resizeCards(larger: Bool) {
        let options = kind.descriptor.options
        guard let option = Self.cardSizeOptions.lazy.compactMap({ name in options.first { $0.name == name } }).first else {
            session.showMessage("\(kind.name): no card size to change (+ and - work in the grid and the carousels)")
            return
        }
        var current = optionValues[option.name]
        if let automatic = option.automaticValue, current == automatic, !session.scene.deck.isEmpty {
            let card = attributes(at: anchorIndex())
            current = controller.scrollAxis == .vertical ? card.size.height : card.size.width
        }
        let next = min(max((larger ? current * Self.cardSizeStep : current / Self.cardSizeStep).rounded(), option.range.lowerBound),
                       option.range.upperBound)
        guard next != optionValues[option.name], !(option.automaticValue == next) else {
            session.showMessage("\(option.name): \(Int(current)) points (the \(larger ? "largest" : "smallest"))")
            return
        }
        setOption(option, to: next)
        session.showMessage("\(option.name): \(Int(next)) points")
    }

    // MARK: Cards added

    /// Appends `cards` found by a listing still going on (`DeckListing`) at the end of the deck,
    /// without moving the view or the current card (the first card becomes current when the
    /// deck was empty).
    func appendListed(_ cards: [(source: CardSource, title: String)]) {
        var first: CardID?
        for card in cards {
            guard let id = session.scene.deck.append(source: card.source, title: card.title) else { break }
            if first == nil { first = id }
        }
        guard let first else { return }
        let start = session.scene.deck.index(of: first) ?? session.scene.deck.count
        session.culling.requestMarks(for: Array(session.scene.deck.cards.suffix(from: start)))
        session.scene.updateScrollBounds(for: controller)
        session.scene.deckDidChange()
        if currentCardID == nil { makeCurrent(first) }
        // Under a culling filter, cards it does not admit (unmarked ones under picks only) wait
        // out of the layout like the others; marks read later bring them in.
        if session.culling.filter != .all { session.culling.refilter(animated: true) }
        session.needsDisplay = true
        session.refreshOverlay()
    }

    /// Appends `cards` (dropped pictures, in order) at the end of the deck; the first becomes
    /// the current card and is scrolled into view. `skipped` paths (not pictures, missing) are
    /// counted in one message on screen. Returns the new cards' ids.
    @discardableResult
    func appendDropped(_ cards: [(source: CardSource, title: String)], skipped: Int = 0) -> [CardID] {
        var ids: [CardID] = []
        for card in cards {
            guard let id = session.scene.deck.append(source: card.source, title: card.title) else { break }
            ids.append(id)
        }
        if !ids.isEmpty {
            session.culling.requestMarks(for: ids.compactMap { session.scene.deck.card($0) })
            session.scene.updateScrollBounds(for: controller)
            session.scene.deckDidChange()
            if let index = session.scene.deck.index(of: ids[0]) {
                session.scene.physics.scroll(to: controller.offset(showing: index, in: session.scene.context), animated: true)
            }
            makeCurrent(ids[0])
            if session.culling.filter != .all { session.culling.refilter(animated: true) }  // the filter applies to them too
            session.needsDisplay = true
        }
        let added = ids.isEmpty ? "no pictures added" : ids.count == 1 ? "1 picture added" : "\(ids.count) pictures added"
        let skippedText = skipped == 0 ? "" : skipped == 1 ? "; 1 item skipped (not a picture)" : "; \(skipped) items skipped (not pictures)"
        session.showMessage(added + skippedText)
        return ids
    }
}
