import CardPictureDecoding
import CardPictureLoading
import CardPictures
import CardRendering
import CardThumbnails
import CardViewerCore

extension ViewerPictures {
    /// Looks at the renderer once its context is current (the first `update()`): on a software
    /// rasterizer (`GL_RENDERER` names llvmpipe, softpipe or swrast) pictures appear without a
    /// fade, since every fade frame is a whole window drawn on the processors.
    func noteRenderer() {
        let name = GLInfo.current().renderer.lowercased()
        softwareRenderer = ["llvmpipe", "softpipe", "swrast"].contains { name.contains($0) }
    }

    /// Whether pictures fade in when they arrive: asked for, and not on a software rasterizer.
    var fades: Bool { options.fadesIn && !softwareRenderer }

    /// Background jobs in flight at most: one per worker, so that every worker has a thumbnail
    /// to make when the screen asks for nothing (their jobs queue behind every picture request).
    var backgroundInFlightLimit: Int { pool.workerCount }

    /// Hands the workers the next pictures to thumbnail in the background (`ThumbnailBackfill`'s
    /// order: this frame's demand, then the rest of the deck from the view in the scroll's
    /// heading), keeping `backgroundInFlightLimit` in flight, each at the folder the cards of
    /// the last frame ask for.
    ///
    /// - Complexity: amortised O(1) per picture handed out; no allocation once the scratch grew.
    func feedBackfill() {
        guard let cache, !backfill.isComplete, plan != nil else { return }
        let room = backgroundInFlightLimit - backfill.inFlightCount
        guard room > 0 else { return }
        backfillScratch.removeAll(keepingCapacity: true)
        let deck = session.deck
        backfill.next(count: room, demand: pictureTier.demand, visible: visibleRange, heading: heading, cardCount: deck.count,
                      picture: { position in
                          guard let id = deck.id(at: position) else { return nil }
                          let picture = self.picture(ofID: id.rawValue)
                          return picture >= 0 ? Int(picture) : nil
                      },
                      isBusy: {
                          self.pictureTier.scheduler.isInFlight(PictureKey($0, .card)) || self.pictureTier.residency.isUnreadable($0)
                      },
                      into: &backfillScratch)
        var index = 0
        while index < backfillScratch.count {
            let picture = backfillScratch[index]
            let job = PictureJob.makeThumbnail(path: catalog.pictures[picture].path, size: cardThumbnailSize, cache: cache)
            pool.submit(.background(Int32(picture)), request: job, priority: backgroundPriorityBase + backfill.doneCount + index)
            index += 1
        }
    }

    /// Takes a background job's answer for `picture`: done (made or there), or the picture is
    /// unreadable (marked, warned about, its card says why). Returns true when what cards
    /// show changed.
    func acceptBackground(_ result: Result<PictureJobOutput, any Error>, picture: Int) -> Bool {
        backfill.markDone(picture)
        if case .success(.thumbnailMade(true)) = result { thumbnailsMade += 1 }
        guard case .failure(let error) = result else { return false }
        return markUnreadable(picture, error: error)
    }

    /// Marks `picture` unreadable (once): its cards show the placeholder with the reason in
    /// their titles (`CardReason`), and one warning names the file (`'x.jpg': truncated (…)`,
    /// once per session, `PictureWarnings`). Returns true the first time.
    func markUnreadable(_ picture: Int, error: any Error) -> Bool {
        guard !pictureTier.residency.isUnreadable(picture) else { return false }
        let path = catalog.pictures[picture].path
        let line = (error as? PictureError)?.description ?? "'\(path)': unreadable (\(error))"
        pictureTier.residency.markUnreadable(picture, reason: line)
        cardReasons[Int32(picture)] = CardReason.of(error)
        backfill.markDone(picture)
        warnings.add(line, about: path)
        retitleCards(ofPicture: picture)
        return true
    }

    /// The cards showing `picture` get their titles again (now with the reason): their atlas
    /// slots are freed and a title in flight is dropped. - Complexity: O(card ids).
    func retitleCards(ofPicture picture: Int) {
        guard let titleWorkers else { return }
        for id in 0..<titleTier.keyCount where Int(self.picture(ofID: UInt32(id))) == picture {
            let key = PictureKey(id, .card)
            titleWorkers.cancel(key)
            titleTier.scheduler.finished(key)
            titleTier.residency.forget(key)
        }
    }

    /// The title card `id` shows: its own, or for an unreadable picture the reason first.
    func titleText(ofID id: UInt32, title: String) -> String {
        let picture = self.picture(ofID: id)
        guard picture >= 0, let reason = cardReasons[picture] else { return title }
        return CardReason.title(title, reason: reason)
    }

    /// Seconds on the real monotonic clock since the pipeline was made: the batches' clock (a
    /// replay's session runs on a virtual one).
    var realTime: Double {
        let elapsed = clockOrigin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// When a batch of pictures arriving now is drawn, on the session's clock: a batch fades in
    /// as one, from then.
    var batchFadeStart: Double {
        session.time + (batching.flushTime(now: realTime) - realTime)
    }

    /// The shortest time between two frames drawn only for the progress line's count, seconds.
    static let progressInterval = 1.0

    /// The window presented a frame (any frame): the next batch of arrivals waits
    /// `RedrawBatching.interval` from now, so batches are that far apart as presented.
    public func framePresented() {
        batching.presented(at: realTime)
    }

    /// The end of an update: decides whether a frame is drawn for what arrived (`arrived`:
    /// pictures or titles; `urgent`: something that must show now) — at once while something
    /// moves or a wait for pictures runs, else batched with `batching` —, and publishes the
    /// background's progress with each batch (a change of the count alone asks for a frame at
    /// most once a second). Returns true when a frame should be drawn.
    func batchRedraw(arrived: Bool, urgent: Bool) -> Bool {
        let now = realTime
        let immediate = urgent || arrivesFadedIn || session.needsFrames
        // A batch that completes the screen shows at once while the last second has room for it
        // (at most 4 batches a second either way): the first screen is not held back 0.25 s.
        let completes = !immediate && batching.isWaiting || arrived ? visibleWouldBeComplete() : false
        let progress = (done: backfill.doneCount, total: backfill.total)
        // The count alone changes the screen once a second (a whole frame each time, on the
        // processors the workers use), and once more when it is done (the line goes).
        let progressDue = progress != publishedBackfill
            && (now >= lastProgressPublish + Self.progressInterval || progress.done == progress.total)
        var draw = urgent
        if arrived || progressDue {
            if batching.arrived(now: now, immediate: immediate, completesScreen: completes) { draw = true }
        } else if batching.flushIfDue(now: now, immediate: immediate, completesScreen: completes) {
            draw = true
        }
        if draw, progress != publishedBackfill {
            publishedBackfill = progress
            lastProgressPublish = now
        }
        return draw
    }

    /// True when every card of the last frame that has a picture would now show its final one
    /// (its full-tier picture where it wants one, or the unreadable mark): a frame drawn now
    /// completes the screen. - Complexity: O(k) for the k cards of the last frame; allocates
    /// nothing.
    func visibleWouldBeComplete() -> Bool {
        var index = 0
        var any = false
        while index < visible.count {
            let card = visible[index]
            index += 1
            guard card.picture >= 0 else { continue }
            any = true
            switch pictureTier.residency.appearance(of: Int(card.picture)) {
            case .resident(let tier, _, _):
                if card.sizeUnknown { return false }
                if card.wantsFull, tier != .full || !pictureTier.residency.isCurrent(PictureKey(Int(card.picture), .full)) {
                    return false
                }
            case .unreadable:
                break
            case .placeholder:
                return false
            }
        }
        return any
    }
}
