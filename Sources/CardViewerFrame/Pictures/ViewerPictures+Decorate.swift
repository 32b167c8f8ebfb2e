import CardLayout
import CardMath
import CardPacking
import CardPictures
import CardThumbnails
import CardViewerCore

extension ViewerPictures {
    /// The picture pass of a frame (`ViewerFrameRenderer.draw`, after packing): for each
    /// record — a card in view — its picture's layer (its own, at the best tier resident, or
    /// the placeholder, marked when unreadable), the picture's rectangle on the card, its fade,
    /// its title's slot; SlideBox's card takes its photo's shape. Records the demand the next
    /// `update()` plans: every card in view at the card tier, the largest at the full tier (as
    /// many as its pool holds), then the neighbourhood the scroll is heading to, then behind.
    ///
    /// - Complexity: O(k) for k records plus the neighbourhood; no allocation once the scratch
    ///   arrays have grown (a warm frame allocates nothing).
    func decorate(_ records: UnsafeMutableBufferPointer<InstanceRecord>) {
        visible.removeAll(keepingCapacity: true)
        pictureTier.demand.removeAll()
        titleTier.demand.removeAll()
        guard let plan else {
            // No pools yet (the first frame comes before the first update): placeholders.
            for index in records.indices {
                records[index].setPicture(layer: PictureLayer.none, rect: .full, opacity: 1)
                records[index].title = TitleSlot.none
            }
            frameStatus = PictureStatus()
            frameStatus.inView = records.count
            return
        }
        refreshTables()
        let deck = session.deck, camera = session.camera
        let scale = session.viewport.width > 0 ? Double(framebuffer.width) / session.viewport.width : 1
        let photo = session.photoCard?.rawValue, opened = session.highlightedCard?.rawValue
        var first = Int.max, last = Int.min
        var cardSide = 0.0
        var largeOfUnknownSize = false
        let framebufferBox = Size(width: Double(framebuffer.width), height: Double(framebuffer.height))
        for index in records.indices {
            let id = records[index].id
            var card = VisibleCard(record: Int32(index), picture: picture(ofID: id), id: id, area: 0, wantsFull: false)
            if card.picture >= 0 {
                let size = RecordGeometry.sizeOnScreen(records[index], camera: camera)
                let pixels = Size(width: size.width * scale, height: size.height * scale)
                card.area = pixels.width * pixels.height
                card.onScreen = RecordGeometry.isOnScreen(records[index], camera: camera)
                let large = card.onScreen && PictureSizing.tier(forCardOnScreen: pixels, cardTierSide: plan.cardSide) == .full
                if requestsAtDecorate { learnSizeFromPrefetch(Int(card.picture)) }
                card.wantsFull = large && wantsFullTier(Int(card.picture), cardSide: plan.cardSide)
                // A resting card may be drawn from a thumbnail; the opened page shows all it can.
                let longSide = Int(card.picture) < longSides.count ? Int(longSides[Int(card.picture)]) : 0
                card.fullDetail = Int32(clamping: Self.fullTierDetail(shows: neededFullDetail(of: Int(card.picture), box: pixels),
                                                                      pictureLongerSide: longSide, opened: id == opened))
                if large, Int(card.picture) < longSides.count, longSides[Int(card.picture)] == 0 {
                    largeOfUnknownSize = true
                    // Its size tells whether it wants the full tier: not final before.
                    card.sizeUnknown = !pictureTier.residency.isUnreadable(Int(card.picture))
                }
                // The photo view's picture: full resolution from its first frame, so the decode
                // runs while it flies open, and first in line for the full tier.
                if id == photo {
                    card.wantsFull = wantsFullTier(Int(card.picture), cardSide: plan.cardSide)
                    card.area = .greatestFiniteMagnitude
                    card.fullDetail = Int32(clamping: neededFullDetail(of: Int(card.picture), box: framebufferBox))
                }
                if card.onScreen, !card.wantsFull, pixels.width.isFinite, pixels.height.isFinite {
                    cardSide = max(cardSide, pixels.width, pixels.height)
                }
            }
            if let position = deck.index(of: CardID(id)) {
                first = min(first, position)
                last = max(last, position)
                card.position = Int32(truncatingIfNeeded: position)
            }
            visible.append(card)
        }
        // The thumbnail folder for this frame's cards: the largest card-tier card's size on
        // screen, at most the layer's side (what the layer can hold).
        if cardSide > 0 { cardThumbnailSize = ThumbnailSize.forCard(longerSide: min(cardSide, Double(plan.cardSide))) }
        pictureTier.residency.wantedCardDetail = cardThumbnailSize.pixels
        visibleRange = first <= last ? first...last : nil
        // While the content scrolls, cards pass by: full-resolution decodes for them would take
        // the processor from the frames and be stale when they land. The full tier is asked for
        // once the scroll stands (a card opening, or at rest); pictures it holds still show.
        let scrolling = isScrolling
        frameScrolls = scrolling
        if scrolling, !fullTierDeferred {
            for index in visible.indices where visible[index].wantsFull {
                fullTierDeferred = true  // the next update asks for a frame, which asks for it
                break
            }
        }
        keepFullTierForTheLargest(scrolling ? 0 : pictureTier.growth(of: .full).maximum)
        // The cards in view in deck order (reading order: the top-left card first), not the
        // records' drawing order (back to front: the grid's last cards came first).
        sortVisibleByPosition()
        // The cards on screen first, then those the layout handed out past the window's edges
        // (a while loop: an array literal to iterate allocates in debug builds).
        var onScreen = true
        while true {
            for order in visibleInDeckOrder.indices {
                let index = Int(visibleInDeckOrder[order])
                guard visible[index].picture >= 0, visible[index].onScreen == onScreen else { continue }
                pictureTier.demand.append(PictureKey(Int(visible[index].picture), .card), .visible)
            }
            if !onScreen { break }
            onScreen = false
        }
        for index in visible.indices where visible[index].wantsFull {
            pictureTier.demand.append(PictureKey(Int(visible[index].picture), .full), .visible)
            pictureTier.residency.setWantedFullDetail(Int(visible[index].picture), Int(visible[index].fullDetail))
        }
        demandPhotoNeighbors()
        followHeading()
        if first <= last {
            let shown = last - first + 1
            pictureTier.demand.appendNeighborhood(visible: first...last, heading: heading, ahead: max(2 * shown, 8),
                                                   behind: max(shown, 4), cardCount: deck.count) { position in
                guard let id = deck.id(at: position) else { return nil }
                let picture = self.picture(ofID: id.rawValue)
                return picture >= 0 ? Int(picture) : nil
            }
        }
        if requestsAtDecorate {
            // The first frame's demand: grow before asking, and show what the prefetch made
            // while the window opened in this very frame.
            _ = try? adaptPools(allowShrink: false)
            if prefetch != nil {
                if acceptPrefetched(), largeOfUnknownSize { takenAtDecorate = true }
                try? acceptPrefetchedTitles()
            }
        }
        applyPictures(to: records)
        applyTiles(to: records)
        if requestsAtDecorate {
            requestsAtDecorate = false
            requestDemand()
        }
    }

    /// The window's first frame: a card's picture whose size the prefetch has read (its
    /// card-tier load prepared while the window opened) has it now, so the frame asks for the
    /// full tier its large cards want (the full pool is made once every size in view is known:
    /// `adaptPools`) and takes the prefetched `x-large` pictures in the same frame, instead
    /// of one frame later once the card-tier picture is taken (the first screen came a frame
    /// after the first frame: docs/BENCHMARKS.md).
    private func learnSizeFromPrefetch(_ picture: Int) {
        guard let prefetch, picture >= 0, picture < longSides.count, longSides[picture] == 0,
              picture < catalog.pictures.count,
              let size = prefetch.knownSize(ofPath: catalog.pictures[picture].path), !size.isEmpty else { return }
        noteFullSize(picture, size)
    }

    /// Fills `visibleInDeckOrder` with the indices of `visible` by deck position (cards not in
    /// the deck last, in drawing order). Insertion sort: the frame's cards are few (tens), and
    /// no allocation once the scratch has grown.
    private func sortVisibleByPosition() {
        visibleInDeckOrder.removeAll(keepingCapacity: true)
        // Grown with `visible` (one allocation when it grows), never on its own.
        if visibleInDeckOrder.capacity < visible.capacity { visibleInDeckOrder.reserveCapacity(visible.capacity) }
        for index in visible.indices {
            let position = visible[index].position < 0 ? Int32.max : visible[index].position
            var slot = visibleInDeckOrder.count
            visibleInDeckOrder.append(Int32(index))
            while slot > 0 {
                let before = visible[Int(visibleInDeckOrder[slot - 1])].position
                guard (before < 0 ? Int32.max : before) > position else { break }
                // Not `swapAt`: unspecialized in debug builds, it allocated per call.
                let moved = visibleInDeckOrder[slot]
                visibleInDeckOrder[slot] = visibleInDeckOrder[slot - 1]
                visibleInDeckOrder[slot - 1] = moved
                slot -= 1
            }
        }
    }

    /// Keeps `wantsFull` for the `capacity` largest cards that want the full tier (the opened
    /// card, SlideBox's front photo) and drops it for the rest: a demand past the pool would
    /// evict itself, and the readiness of the frame counts only what can be shown.
    ///
    /// - Complexity: O(k · capacity), capacity ≤ 15; no allocation.
    private func keepFullTierForTheLargest(_ capacity: Int) {
        for _ in 0..<max(capacity, 0) {
            var best = -1
            for index in visible.indices where visible[index].wantsFull && !visible[index].getsFull {
                if best < 0 || visible[index].area > visible[best].area { best = index }
            }
            guard best >= 0 else { break }
            visible[best].getsFull = true
        }
        for index in visible.indices { visible[index].wantsFull = visible[index].getsFull }
    }

    /// True when the content moved since the last decorated frame (a drag, a fling, a scroll
    /// animation). - Complexity: O(1).
    private var isScrolling: Bool {
        let offset = session.offset
        guard let last = lastScrollPosition else { return false }
        return abs(offset.x + offset.y - last) > 0.5
    }

    /// The scroll's heading from the offset's change since the last frame (the layouts scroll
    /// along one axis: the sum moves with it), kept while the offset stands still.
    private func followHeading() {
        let offset = session.offset
        let position = offset.x + offset.y
        if let last = lastScrollPosition {
            if position > last + 0.5 {
                heading = .forward
            } else if position < last - 0.5 {
                heading = .backward
            }
        }
        lastScrollPosition = position
    }

    /// How pictures sit in the cards of layout `kind`: fitted or filling (a folder's photos are
    /// always fitted, `PictureFitMode(layout:photos:)`), and whether the card takes the
    /// picture's aspect (the photo deck), and whether titles sit at the cards' tops
    /// (`LayoutBehavior.titlesAtTop`); looked up in the registry once per layout.
    private func fitting(for kind: LayoutKind) -> (mode: PictureFitMode, cardTakesAspect: Bool, titlesAtTop: Bool) {
        if let cached = fittingCache, cached.kind == kind { return (cached.mode, cached.cardTakesAspect, cached.titlesAtTop) }
        let behavior = kind.descriptor.behavior
        let mode = PictureFitMode(layout: kind, photos: catalog.showsTitles)
        let entry = (kind: kind, mode: mode, cardTakesAspect: behavior.interaction == .photoDeck, titlesAtTop: behavior.titlesAtTop)
        fittingCache = entry
        return (entry.mode, entry.cardTakesAspect, entry.titlesAtTop)
    }

    /// Sets every record's picture fields and title, and counts the cards in view and ready.
    private func applyPictures(to records: UnsafeMutableBufferPointer<InstanceRecord>) {
        var status = PictureStatus()
        var fading = false, titlesMissing = 0
        let now = session.time
        let (mode, slideBox, titlesAtTop) = fitting(for: session.layoutKind)
        let cardCapacity = pictureTier.growth(of: .card).maximum
        // Deck order: titles are asked for top-left first, as the pictures are.
        for order in visibleInDeckOrder.indices {
            let card = visible[Int(visibleInDeckOrder[order])], r = Int(card.record)
            let titleReady = applyTitle(to: &records[r], id: card.id, inDeck: card.position >= 0)
            if !titleReady { titlesMissing += 1 }
            if titlesAtTop { records[r].instanceFlags.insert(.titleAtTop) }
            guard card.picture >= 0 else {
                records[r].setPicture(layer: PictureLayer.none, rect: .full, opacity: 1)
                continue
            }
            let picture = Int(card.picture)
            // Cards past the window's edges are drawn (clipped) but are not in view.
            if card.onScreen { status.inView += 1 }
            let appearance = pictureTier.residency.appearance(of: picture)
            let aspect = Double(aspects[picture])
            var opacity = 1.0
            if case .resident(_, _, let since) = appearance, options.fadesIn {
                opacity = PictureResidency.opacity(since: since, now: now)
            }
            var size = RecordGeometry.cardSize(records[r])
            if slideBox, aspect.isFinite, aspect > 0 {
                let progress: Double = if case .resident = appearance { opacity } else { 1 }
                size = RecordGeometry.shapeSlideBoxCard(&records[r], pictureAspect: aspect, progress: progress)
            }
            var ready: Bool
            switch appearance {
            case .resident(var tier, var layer, _):
                if opacity < 1 { fading = true }
                // While the content scrolls, cards that have it draw from the card tier: pages'
                // big tilted cards sampling the full tier made a software rasterizer's fling far
                // slower (docs/BENCHMARKS.md, "The picture pipeline's constants"); at rest, the
                // next frame draws the full tier (drawn once: a window at rest draws nothing more).
                if frameScrolls, tier == .full, let cardLayer = pictureTier.residency.card.layer(of: picture) {
                    tier = .card
                    layer = cardLayer
                }
                let rect = PictureFitting.rect(pictureAspect: aspect, cardAspect: size.width / max(size.height, 1e-9), mode: mode)
                records[r].setPicture(layer: tier == .card ? UInt16(layer) : PictureLayer.fullResolution(layer),
                                      rect: RecordGeometry.pictureRect(rect), opacity: Float(opacity))
                ready = !card.wantsFull && !card.sizeUnknown
                    || tier == .full && pictureTier.residency.isCurrent(PictureKey(picture, .full))
            case .placeholder:
                records[r].setPicture(layer: PictureLayer.none, rect: .full, opacity: 1)
                // More pictures in view than the pool has layers: the rest cannot come.
                ready = status.inView > cardCapacity
            case .unreadable:
                records[r].setPicture(layer: PictureLayer.none, rect: .full, opacity: 1, unreadable: true)
                ready = true
            }
            if ready, titleReady, card.onScreen { status.readyInView += 1 }
        }
        frameStatus = status
        frameTitlesMissing = titlesMissing
        frameFading = fading
        session.reportPictures(reportedStatus, changed: false, fading: fading, working: isWorking)
    }
}
