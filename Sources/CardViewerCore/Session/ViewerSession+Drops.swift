import CardInteraction
import CardLayout

extension ViewerSession {
    /// What `A` says in a deck of the user's pictures (SPEC §10).
    public static let dropToAddMessage = "drop pictures on the window to add them"

    /// Takes the paths dropped on the window since the last call (`ViewerEvent.drop`), one list
    /// per drop: the glue lists them (files are read there, not here) and calls
    /// `appendDropped(_:skipped:)`.
    public func takeDroppedPaths() -> [[String]] {
        defer { droppedPaths.removeAll() }
        return droppedPaths
    }

    /// Appends `cards` found by a listing still going on (`DeckListing`) at the end of the deck,
    /// without moving the view or the current card (the first card becomes current when the
    /// deck was empty).
    public func appendListed(_ cards: [(source: CardSource, title: String)]) {
        var first: CardID?
        for card in cards {
            guard let id = scene.deck.append(source: card.source, title: card.title) else { break }
            if first == nil { first = id }
        }
        guard let first else { return }
        requestMarks(for: Array(scene.deck.cards.suffix(from: scene.deck.index(of: first) ?? scene.deck.count)))
        scene.updateScrollBounds(for: controller)
        scene.deckDidChange()
        if currentCardID == nil { makeCurrent(first) }
        // Under a culling filter, cards it does not admit (unmarked ones under picks only) wait
        // out of the layout like the others; marks read later bring them in.
        if cullFilter != .all { refilter(animated: true) }
        needsDisplay = true
        refreshOverlay()
    }

    /// Appends `cards` (dropped pictures, in order) at the end of the deck; the first becomes
    /// the current card and is scrolled into view. `skipped` paths (not pictures, missing) are
    /// counted in one message on screen. Returns the new cards' ids.
    @discardableResult
    public func appendDropped(_ cards: [(source: CardSource, title: String)], skipped: Int = 0) -> [CardID] {
        var ids: [CardID] = []
        for card in cards {
            guard let id = scene.deck.append(source: card.source, title: card.title) else { break }
            ids.append(id)
        }
        if !ids.isEmpty {
            requestMarks(for: ids.compactMap { scene.deck.card($0) })
            scene.updateScrollBounds(for: controller)
            scene.deckDidChange()
            if let index = scene.deck.index(of: ids[0]) {
                scene.physics.scroll(to: controller.offset(showing: index, in: scene.context), animated: true)
            }
            makeCurrent(ids[0])
            if cullFilter != .all { refilter(animated: true) }  // the filter applies to them too
            needsDisplay = true
        }
        let added = ids.isEmpty ? "no pictures added" : ids.count == 1 ? "1 picture added" : "\(ids.count) pictures added"
        let skippedText = skipped == 0 ? "" : skipped == 1 ? "; 1 item skipped (not a picture)" : "; \(skipped) items skipped (not pictures)"
        showMessage(added + skippedText)
        return ids
    }
}
