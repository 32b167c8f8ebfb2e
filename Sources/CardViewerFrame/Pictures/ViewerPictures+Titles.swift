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
    /// none to show).
    ///
    /// - Complexity: O(1), no allocation.
    func applyTitle(to record: inout InstanceRecord, id: UInt32) -> Bool {
        record.title = TitleSlot.none
        guard titleWorkers != nil, !titlesFailed, titleResidency.capacity(of: .card) > 0 else { return true }
        let key = PictureKey(Int(id), .card)
        guard !titleResidency.isUnreadable(Int(id)) else { return true }
        titleDemand.append(key, .visible)
        guard let slot = titleResidency.layer(for: key) else { return false }
        record.title = UInt16(slot)
        return true
    }

    /// Plans the titles the last frame asked for (rasterized on the title worker), and uploads
    /// the finished ones into atlas slots (least recently used out first). Returns true when a
    /// title changed what cards show.
    func updateTitles() throws -> Bool {
        guard let titleWorkers, !titlesFailed, titleResidency.capacity(of: .card) > 0 else { return false }
        titleScheduler.plan(titleDemand, residency: &titleResidency)
        let requests = titleScheduler.requests, cancellations = titleScheduler.cancellations
        let deck = session.deck
        var index = 0
        while index < requests.count {
            let key = requests[index].key
            let id = UInt32(truncatingIfNeeded: Int(key.picture))
            let text = titleText(ofID: id, title: deck.card(CardID(id))?.title ?? "")
            titleWorkers.submit(key, request: TitleJob(text: text, width: titleSlotSize.width, height: titleSlotSize.height),
                                priority: requests[index].priority)
            index += 1
        }
        index = 0
        while index < cancellations.count {
            titleWorkers.cancel(cancellations[index])
            index += 1
        }
        var changed = false
        try titleWorkers.takeCompleted(limit: Self.titleUploadsPerFrame) { completion in
            titleScheduler.finished(completion.key)
            switch completion.result {
            case .success(let bitmap):
                guard bitmap.width > 0, bitmap.height > 0 else {
                    // Nothing to draw (an empty title): asked for no more.
                    titleResidency.markUnreadable(Int(completion.key.picture), reason: "no text")
                    changed = true
                    return true
                }
                guard let slot = titleResidency.assign(completion.key, at: 0) else { return true }
                try renderer.uploadTitle(coverage: bitmap.pixels, width: bitmap.width, height: bitmap.height, toSlot: slot)
                changed = true
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
}
