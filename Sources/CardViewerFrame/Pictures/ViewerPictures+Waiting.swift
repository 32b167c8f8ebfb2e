import CardPictures
import Foundation

extension ViewerPictures {
    /// True when every card of the last frame shows its own picture at its final resolution
    /// (or its unreadable mark) and its title, and the photo view's tiles in view are there, and
    /// those made ahead for the next step (`tilesAheadPending`): what `waitForPictures` waits for.
    public var isSettled: Bool {
        plan != nil && !frameStatus.isLoading && frameTitlesMissing == 0 && tiles.missing == 0 && !tilesAheadPending
    }

    /// The photo view, zoomed in under the burst lock, is making the next picture's tiles: they
    /// are in flight, or its full-tier decode (which tells its size, `makeTilesAhead`) is.
    var tilesAheadPending: Bool {
        if let ahead = tiles.ahead { return ahead.tiles == nil }
        guard tiles.view != nil, let id = session.photoTilesAheadCard,
              let shown = tiles.regions, shown.heldBytes <= TilesAhead.keptRegionsBytes else { return false }
        let next = picture(ofID: id.rawValue)
        return next >= 0 && pictureTier.scheduler.isInFlight(PictureKey(Int(next), .full))
    }

    /// The files of the cards of the last frame that do not show their pictures at their final
    /// resolution yet (each once), for a time-out's message.
    public var missingFiles: [String] {
        var names: [String] = []
        for card in visible where card.picture >= 0 {
            let picture = Int(card.picture)
            let shown: Bool
            switch pictureTier.residency.appearance(of: picture) {
            case .resident(let tier, _, _): shown = tier == .full || !card.wantsFull
            case .unreadable: shown = true
            case .placeholder: shown = false
            }
            let name = catalog.pictures[picture].name
            if !shown, !names.contains(name) { names.append(name) }
        }
        if names.isEmpty, frameTitlesMissing > 0 { names.append("(\(frameTitlesMissing) titles)") }
        return names
    }

    /// Keeps the session's clock where it is and draws frames (`drawFrame`, which draws the
    /// session's frame through the pipeline's picture pass) until `isSettled`, or until `timeout`
    /// seconds of wall time have passed. Pictures fading in are shown faded in, and those that
    /// arrive meanwhile appear at once, so the frame after a wait is the same every run.
    ///
    /// A frame is drawn when something it shows changed (`update()`), and at least every
    /// `idleRedrawSeconds` otherwise: redrawing the same frame would only take the processors
    /// from the decodes being waited for (with llvmpipe a 8192² PNG took 4–9 s instead of 1 s).
    ///
    /// - Returns: true when settled, false at the time-out.
    /// - Throws: what `update()` or `drawFrame` throw.
    public func waitUntilSettled(timeout: Double, drawFrame: () throws -> Void) throws -> Bool {
        arrivesFadedIn = true
        defer { arrivesFadedIn = false }
        pictureTier.residency.showFadedIn()
        let start = ContinuousClock.now
        let limit = Duration.milliseconds(Int64(max(timeout, 0) * 1000))
        let idleRedraw = Duration.milliseconds(Int64(Self.idleRedrawSeconds * 1000))
        var drawn: ContinuousClock.Instant?
        while true {
            let changed = try update()
            if changed || drawn.map({ ContinuousClock.now - $0 > idleRedraw }) ?? true {
                try drawFrame()
                drawn = ContinuousClock.now
            }
            if isSettled { return true }
            if ContinuousClock.now - start > limit { return false }
            // Nothing arrived: let the workers have the processor for a moment.
            if !changed { Thread.sleep(forTimeInterval: 0.002) }
        }
    }

    /// The longest a wait for pictures goes without drawing a frame, seconds.
    static let idleRedrawSeconds = 0.1
}
