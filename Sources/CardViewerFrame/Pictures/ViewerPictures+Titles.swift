import CardLayout
import CardMath
import CardPacking
import CardPictures
import CardRendering
import CardText
import CardViewerCore

extension ViewerPictures {
    /// Title uploads per frame, at most: a screen of them (a slot is 1024 × 24–64 texels of one
    /// byte, ~30–60 KB with mips: 48 are ~2 MB of memcpy).
    static let titleUploadsPerFrame = titlesInFlight

    /// Points `record` at the atlas slot of card `id`'s title, or at no title while it is not
    /// rasterized yet (asking for it); returns true when the card's title is shown (or it has
    /// none to show). A card that is not in the deck shown (`inDeck` false: leaving it, deleted
    /// or hidden by the filter, while it animates out) shows its title if the atlas holds it and
    /// asks for nothing: its title is not the deck's to give now, and asked for, it came back
    /// empty and marked the card as having none to draw — blank for good when the filter or an
    /// undo brought it back (issue 34: titles blank after `V` with fullscreen, after Delete).
    ///
    /// - Complexity: O(1), no allocation.
    func applyTitle(to record: inout InstanceRecord, id: UInt32, inDeck: Bool = true) -> Bool {
        record.title = TitleSlot.none
        guard titleWorkers != nil, !titlesFailed, titleTier.capacity(of: .card) > 0 else { return true }
        let key = PictureKey(Int(id), .card)
        guard !titleTier.residency.isUnreadable(Int(id)) else { return true }
        guard inDeck else {
            if let slot = titleTier.residency.layer(for: key) { record.title = UInt16(slot) }
            return true
        }
        titleTier.demand.append(key, .visible)
        guard let slot = titleTier.residency.layer(for: key) else { return false }
        record.title = UInt16(slot)
        return true
    }

    /// Plans the titles the last frame asked for (rasterized on the title worker), and uploads
    /// the finished ones into atlas slots (least recently used out first). Returns true when a
    /// title changed what cards show.
    func updateTitles() throws -> Bool {
        guard let titleWorkers, !titlesFailed, titleTier.capacity(of: .card) > 0 else { return false }
        titleTier.plan()
        let requests = titleTier.scheduler.requests, cancellations = titleTier.scheduler.cancellations
        let deck = session.deck
        var changed = false
        var index = 0
        while index < requests.count {
            let key = requests[index].key
            let id = UInt32(truncatingIfNeeded: Int(key.picture))
            index += 1
            // Asked for by a frame, the card left the deck since (`applyTitle`): not now.
            guard let card = deck.card(CardID(id)) else {
                titleTier.scheduler.finished(key)
                continue
            }
            let text = titleText(ofID: id, title: card.title)
            let job = TitleJob(text: text, width: titleSlotSize.width, height: titleSlotSize.height)
            if let bitmap = prefetch?.takeTitleIfReady(job) {
                // Rasterized while the window opened: up at once, past the worker.
                titleTier.scheduler.finished(key)
                if try acceptTitle(bitmap, for: key) { changed = true }
                continue
            }
            titleWorkers.submit(key, request: job, priority: requests[index - 1].priority)
        }
        index = 0
        while index < cancellations.count {
            titleWorkers.cancel(cancellations[index])
            index += 1
        }
        try titleWorkers.takeCompleted(limit: Self.titleUploadsPerFrame) { completion in
            titleTier.scheduler.finished(completion.key)
            switch completion.result {
            case .success(let bitmap):
                if try acceptTitle(bitmap, for: completion.key) { changed = true }
            case .failure(let error):
                if !titlesFailed {
                    titlesFailed = true
                    warn("no font for the cards' titles (\(error)); cards are shown without titles")
                }
                changed = true
            }
            return true
        }
        return changed
    }

    /// Puts `bitmap`, the title of card `key.picture`, into an atlas slot (least recently used
    /// out first); an empty one marks the card as having no title to draw. Returns true when
    /// what cards show changed.
    private func acceptTitle(_ bitmap: TitleBitmap, for key: PictureKey) throws -> Bool {
        guard bitmap.width > 0, bitmap.height > 0 else {
            // Nothing to draw (an empty title): asked for no more.
            titleTier.residency.markUnreadable(Int(key.picture), reason: "no text")
            return true
        }
        guard let slot = titleTier.residency.assign(key, at: 0) else { return false }
        try titleTier.upload(coverage: bitmap.pixels, width: bitmap.width, height: bitmap.height, into: .card, layer: slot,
                             on: renderer)
        return true
    }

    /// The first frame's titles the prefetch has rasterized, into the atlas before the frame
    /// points its records at slots (the atlas grown to hold a title per card in view): the
    /// window's first frame shows its cards' titles. - Complexity: O(cards in view).
    func acceptPrefetchedTitles() throws {
        guard let prefetch, titleWorkers != nil, !titlesFailed, titleTier.capacity(of: .card) > 0 else { return }
        try adaptTitleAtlas(needed: visible.count)
        let deck = session.deck
        for index in visible.indices {
            let key = PictureKey(Int(visible[index].id), .card)
            guard !titleTier.residency.isResident(key), !titleTier.residency.isUnreadable(Int(key.picture)),
                  let card = deck.card(CardID(visible[index].id)) else { continue }
            let text = titleText(ofID: visible[index].id, title: card.title)
            guard let bitmap = prefetch.takeTitleIfReady(TitleJob(text: text, width: titleSlotSize.width,
                                                                  height: titleSlotSize.height)) else { continue }
            _ = try acceptTitle(bitmap, for: key)
        }
    }
}
