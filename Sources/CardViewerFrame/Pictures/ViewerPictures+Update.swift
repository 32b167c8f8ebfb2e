import CardMath
import CardPacking
import CardPictureDecoding
import CardPictureLoading
import CardPictures
import CardRendering
import CardThumbnails
import CardViewerCore

extension ViewerPictures {
    /// Once per loop iteration on the frame thread, before the frame (drawn or not): brings the
    /// pools to the framebuffer, plans the last frame's demand (`requestDemand()`), takes
    /// finished decodes and uploads them within this frame's budget, plans again for the room
    /// they left in flight, does the same for titles,
    /// hands the workers pictures to thumbnail in the background, and tells the session what
    /// changed — pictures that arrive while nothing moves are drawn in batches, at most 4 a
    /// second (`RedrawBatching`), with the background's progress.
    ///
    /// Never waits: the workers' results are taken if they are there.
    ///
    /// - Returns: true when a frame should be drawn for what cards show.
    /// - Throws: `RenderError` when the pools cannot be made for the framebuffer.
    @discardableResult
    public func update() throws -> Bool {
        let drawable = renderer.context.drawableSize
        guard !drawable.isEmpty, !session.isMinimized else { return false }
        if drawable != framebuffer || plan == nil {
            if plan == nil { noteRenderer() }
            try configure(for: drawable)
        }
        refreshTables()
        if let prefetch, session.time > Self.prefetchSeconds {
            prefetch.discard()  // what the first frames did not take was a wrong guess
            self.prefetch = nil
        }
        var changed = try adaptPools(allowShrink: true)
        if prefetch != nil, acceptPrefetched() { changed = true }
        requestDemand()
        // While the content scrolls, a few uploads a frame keep it smooth; at rest (the first
        // screen, a stop) a screenful goes up at once: the frame waits on nothing else.
        budget = frameScrolls || session.needsFrames ? UploadBudget() : Self.restingUploadBudget
        let taken = pool.takeCompleted(limit: budget.remainingCount) { completion in
            switch completion.key {
            case .thumbnail:
                savingThumbnail = false
                return true
            case .background(let picture):
                if acceptBackground(completion.result, picture: Int(picture)) { changed = true }
                return true
            case .picture(let key):
                pictureTier.scheduler.finished(key)
                if accept(completion.result, for: key) { changed = true }
                return !budget.isSpent
            case .zoom(let picture):
                if acceptTiles(completion.result, picture: picture) { changed = true }
                return true
            }
        }
        // The decodes just taken left room in flight: fill it now, not a frame later (planned
        // once before the uploads too, so that the demand's pictures are pinned while layers
        // change hands). With one plan per frame a worker finished its queue and waited for
        // the next frame's: 80 pictures/s from thumbnails against 130 (`bench --images`).
        if taken > 0 { requestDemand() }
        try adaptTitleAtlas()
        if try updateTitles() { changed = true }
        var urgent = false
        if fullTierDeferred || takenAtDecorate {
            fullTierDeferred = false
            takenAtDecorate = false
            urgent = true
        }
        feedBackfill()
        saveAThumbnailIfIdle()
        updateTiles()
        // Camera settings for the info panel, only after it asked (nothing while it is hidden): a
        // read that finished since the last look is taken by the session's next advance, so one
        // more wake is owed after it.
        if cameraReadsOwed {
            let camera = cameraReads.poll()
            cameraReadsOwed = camera.finished || camera.reading
        }
        if histogramReadsOwed {
            let histograms = histogramReads.poll()
            histogramReadsOwed = histograms.finished || histograms.counting
        }
        let draw = batchRedraw(arrived: changed, urgent: urgent)
        session.reportPictures(reportedStatus, changed: draw, fading: frameFading, working: isWorking)
        return draw
    }

    /// Plans the last frame's demand (`PictureScheduler`) and hands the workers its requests and
    /// cancellations. Planning the same demand twice asks for nothing new.
    func requestDemand() {
        pictureTier.plan()
        let requests = pictureTier.scheduler.requests, cancellations = pictureTier.scheduler.cancellations
        // Index loops: a for-in over an array of structs allocates per element in debug builds.
        var index = 0
        while index < requests.count {
            let key = requests[index].key
            pool.submit(.picture(key), request: job(for: key), priority: requests[index].priority)
            index += 1
        }
        index = 0
        while index < cancellations.count {
            pool.cancel(.picture(cancellations[index]))
            index += 1
        }
    }

    /// Takes the first screen's pictures the prefetch has ready for the last frame's demand in
    /// view (the card tier, and the full tier once its pool is made), all at once (not through the workers' queue, a few in flight at a time):
    /// true when a card in view changed. - Complexity: O(demand).
    func acceptPrefetched() -> Bool {
        guard let prefetch else { return false }
        let fullTierReady = pictureTier.capacity(of: .full) > 0 && !pictureTier.layerSize(of: .full).isEmpty
        var changed = false
        var index = 0
        let entries = pictureTier.demand.entries
        while index < entries.count {
            let entry = entries[index]
            index += 1
            // The full tier's once its pool exists at its layer size (else the picture would
            // be taken and dropped).
            guard entry.band == .visible, entry.key.tier == .card || fullTierReady,
                  !pictureTier.residency.isResident(entry.key), !pictureTier.scheduler.isInFlight(entry.key),
                  case .load(let load) = job(for: entry.key),
                  let prepared = prefetch.takeIfReady(load) else { continue }
            if accept(.success(.picture(prepared)), for: entry.key) { changed = true }
        }
        return changed
    }

    /// True while anything is in flight or waits to be: decodes, titles, thumbnails to save,
    /// cards in view not showing their pictures yet (their requests go out at the next update),
    /// or the info panel's camera settings (`cameraReadsOwed`), or the histogram (`histogramReadsOwed`).
    var isWorking: Bool {
        pictureTier.inFlightCount > 0 || titleTier.inFlightCount > 0 || savingThumbnail || !pendingThumbnails.isEmpty
            || frameStatus.isLoading || frameTitlesMissing > 0 || tiles.inFlight != nil || tiles.opensAhead || backfill.inFlightCount > 0
            || batching.isWaiting || cameraReadsOwed || histogramReadsOwed
    }

    /// The status for the session's HUD, with the memory in use now.
    var reportedStatus: PictureStatus {
        var status = frameStatus
        status.loaded = loadedCount
        status.distinctLoaded = distinctLoadedCount
        status.total = catalog.pictures.count
        status.unreadable = pictureTier.residency.unreadableCount
        status.residentBytes = residentBytes
        status.poolBytes = poolBytes + renderer.tilePool.layers * Self.tileLayerBytes
        status.thumbnailsDone = publishedBackfill.done
        status.thumbnailsTotal = publishedBackfill.total
        // The photo view zoomed past the screen is final once its tiles in view are there.
        if tiles.missing > 0, status.readyInView > 0 { status.readyInView -= 1 }
        return status
    }

    /// The worker's request for `key`: the picture's file at the layer size of its pool.
    func job(for key: PictureKey) -> PictureJob {
        let side = plan?.cardSide ?? 1
        let fullLayerSize = pictureTier.layerSize(of: .full)
        let full = fullLayerSize.isEmpty ? plan?.fullSize ?? PixelSize(width: 1, height: 1) : fullLayerSize
        let size = key.tier == .card ? PixelSize(width: side, height: side) : full
        let path = catalog.pictures[Int(key.picture)].path
        return .load(PictureLoad(path: path, layerSize: size, mipmapped: true, generation: generation, cache: cache,
                                 thumbnailSize: key.tier == .card ? cardThumbnailSize : fullTierThumbnail(for: Int(key.picture)),
                                 prefetch: prefetch))
    }

    /// Takes a finished decode of `key`: uploads it into the layer its pool gives it (or
    /// drops it: made for old pools, or every layer pinned), or marks the picture unreadable
    /// with a warning. Returns true when what cards show changed (a picture of a card in view).
    func accept(_ result: Result<PictureJobOutput, any Error>, for key: PictureKey) -> Bool {
        let picture = Int(key.picture)
        switch result {
        case .success(.picture(let prepared)):
            guard prepared.generation == generation else { return false }
            // Made for a full tier of another layer size (it was re-created larger since).
            if key.tier == .full, let first = prepared.levels.first,
               first.width != pictureTier.layerSize(of: .full).width || first.height != pictureTier.layerSize(of: .full).height {
                return false
            }
            if prepared.fullSize.width > 0, prepared.fullSize.height > 0 { noteFullSize(picture, prepared.fullSize) }
            if let pending = prepared.pendingThumbnail, pendingThumbnails.count < Self.pendingThumbnailLimit {
                pendingThumbnails.append(pending)
            }
            if key.tier == .card, cache != nil { backfill.markDone(picture) }
            let wasShown = pictureTier.residency.appearance(of: picture) != .placeholder
            // A batch fades in as one, from the time it is drawn.
            let since = arrivesFadedIn || !fades ? -.infinity
                : session.needsFrames ? session.time : batchFadeStart
            guard let layer = pictureTier.residency.assign(key, at: since) else { return false }
            if key.tier == .card {
                pictureTier.residency.setCardDetail(picture, prepared.detail)
            } else {
                pictureTier.residency.setFullDetail(picture, prepared.detail)
            }
            _ = budget.admit(bytes: prepared.byteCount)
            do {
                try pictureTier.upload(prepared.levels, opaque: prepared.opaque, into: key.tier, layer: layer, on: renderer)
            } catch {
                pictureTier.residency.forget(key)
                warnings.add("'\(catalog.pictures[picture].path)': cannot be uploaded (\(error))", about: catalog.pictures[picture].path)
                return false
            }
            if !wasShown { loadedCount += 1 }
            if picture >= everLoaded.count { everLoaded += [Bool](repeating: false, count: max(picture + 1, catalog.pictures.count) - everLoaded.count) }
            if !everLoaded[picture] {
                everLoaded[picture] = true
                distinctLoadedCount += 1
            }
            if prepared.fromThumbnail { loadedFromThumbnails += 1 }
            // A prefetched picture changes nothing on screen: no frame for it.
            return isInView(picture)
        case .success(.thumbnailSaved), .success(.thumbnailMade), .success(.tiles):
            return false
        case .failure(let error):
            return markUnreadable(picture, error: error)
        }
    }

    /// Whether a card of the last frame shows `picture`. - Complexity: O(cards in view).
    func isInView(_ picture: Int) -> Bool {
        var index = 0
        while index < visible.count {
            if Int(visible[index].picture) == picture { return true }
            index += 1
        }
        return false
    }

    /// Thumbnails waiting to be saved, at most (a long scroll through a new folder makes more
    /// than the workers can save; the rest are made on a later visit).
    static let pendingThumbnailLimit = 4096

    /// Hands one thumbnail to the workers when nothing more urgent is in flight.
    func saveAThumbnailIfIdle() {
        guard !savingThumbnail, pictureTier.inFlightCount == 0, !frameStatus.isLoading, let pending = pendingThumbnails.popLast() else { return }
        savingThumbnail = true
        pool.submit(.thumbnail(0), request: .saveThumbnail(pending), priority: Int.max)
    }
}
