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
    /// hands an idle worker a thumbnail to save, and tells the session what changed.
    ///
    /// Never waits: the workers' results are taken if they are there.
    ///
    /// - Returns: true when what cards show changed (a frame should be drawn).
    /// - Throws: `RenderError` when the pools cannot be made for the framebuffer.
    @discardableResult
    public func update() throws -> Bool {
        let drawable = renderer.context.drawableSize
        guard !drawable.isEmpty, !session.isMinimised else { return false }
        if drawable != framebuffer || plan == nil { try configure(for: drawable) }
        refreshTables()
        var changed = try adaptPools(allowShrink: true)
        requestDemand()
        budget.reset()
        let taken = pool.takeCompleted(limit: budget.remainingCount) { completion in
            switch completion.key {
            case .thumbnail:
                savingThumbnail = false
                return true
            case .picture(let key):
                scheduler.finished(key)
                if accept(completion.result, for: key) { changed = true }
                return !budget.isSpent
            case .zoom(let picture):
                if acceptZoom(completion.result, picture: picture) { changed = true }
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
        if fullTierDeferred {
            fullTierDeferred = false
            changed = true
        }
        saveAThumbnailIfIdle()
        updateZoom()
        session.reportPictures(reportedStatus, changed: changed, fading: frameFading, working: isWorking)
        return changed
    }

    /// Plans the last frame's demand (`PictureScheduler`) and hands the workers its requests and
    /// cancellations. Planning the same demand twice asks for nothing new.
    func requestDemand() {
        scheduler.plan(demand, residency: &residency)
        let requests = scheduler.requests, cancellations = scheduler.cancellations
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

    /// True while anything is in flight or waits to be: decodes, titles, thumbnails to save, or
    /// cards in view not showing their pictures yet (their requests go out at the next update).
    var isWorking: Bool {
        scheduler.inFlightCount > 0 || titleScheduler.inFlightCount > 0 || savingThumbnail || !pendingThumbnails.isEmpty
            || frameStatus.isLoading || frameTitlesMissing > 0 || zoom.inFlight != nil
    }

    /// The status for the session's HUD, with the memory in use now.
    var reportedStatus: PictureStatus {
        var status = frameStatus
        status.loaded = loadedCount
        status.total = catalog.pictures.count
        status.unreadable = residency.unreadableCount
        status.residentBytes = residentBytes
        status.poolBytes = poolBytes
        return status
    }

    /// The worker's request for `key`: the picture's file at the layer size of its tier.
    func job(for key: PictureKey) -> PictureJob {
        let side = plan?.cardSide ?? 1, full = plan?.fullSize ?? PixelSize(width: 1, height: 1)
        let size = key.tier == .card ? PixelSize(width: side, height: side)
            : PixelSize(width: full.width, height: full.height)
        let path = catalog.pictures[Int(key.picture)].path
        return .load(PictureLoad(path: path, layerSize: size, mipmapped: true, generation: generation, cache: cache))
    }

    /// Takes a finished decode of `key`: uploads it into the layer its tier's pool gives it (or
    /// drops it: made for old pools, or every layer pinned), or marks the picture unreadable
    /// with a warning. Returns true when what cards show changed.
    func accept(_ result: Result<PictureJobOutput, any Error>, for key: PictureKey) -> Bool {
        let picture = Int(key.picture)
        switch result {
        case .success(.picture(let prepared)):
            guard prepared.generation == generation else { return false }
            if prepared.fullSize.width > 0, prepared.fullSize.height > 0 {
                aspects[picture] = Float(prepared.fullSize.width) / Float(prepared.fullSize.height)
                fullSizes[picture] = prepared.fullSize
                notePictureSize(picture, prepared.fullSize)
            }
            if let pending = prepared.pendingThumbnail, pendingThumbnails.count < Self.pendingThumbnailLimit {
                pendingThumbnails.append(pending)
            }
            let wasShown = residency.appearance(of: picture) != .placeholder
            guard let layer = residency.assign(key, at: arrivesFadedIn || !options.fadesIn ? -.infinity : session.time) else { return false }
            _ = budget.admit(bytes: prepared.byteCount)
            do {
                if key.tier == .card {
                    try renderer.uploadPicture(prepared.levels, toLayer: layer)
                } else {
                    try renderer.uploadFullResolutionPicture(prepared.levels, toLayer: layer)
                }
            } catch {
                residency.forget(key)
                warnings.add("cannot upload picture '\(catalog.pictures[picture].path)': \(error)")
                return false
            }
            if !wasShown { loadedCount += 1 }
            if prepared.fromThumbnail { loadedFromThumbnails += 1 }
            return true
        case .success(.thumbnailSaved):
            return false
        case .failure(let error):
            guard !residency.isUnreadable(picture) else { return false }
            let line = (error as? PictureError)?.description ?? "cannot read picture '\(catalog.pictures[picture].path)': \(error)"
            residency.markUnreadable(picture, reason: line)
            warnings.add(line + " (shown as unreadable)")
            return true
        }
    }

    /// Thumbnails waiting to be saved, at most (a long scroll through a new folder makes more
    /// than the workers can save; the rest are made on a later visit).
    static let pendingThumbnailLimit = 4096

    /// Hands one thumbnail to the workers when nothing more urgent is in flight.
    func saveAThumbnailIfIdle() {
        guard !savingThumbnail, scheduler.inFlightCount == 0, !frameStatus.isLoading, let pending = pendingThumbnails.popLast() else { return }
        savingThumbnail = true
        pool.submit(.thumbnail(0), request: .saveThumbnail(pending), priority: Int.max)
    }
}
