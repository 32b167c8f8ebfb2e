import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The compare view in the frame: the panes' cards, their flights, their picture rectangles,
/// and the zoom label.
extension CompareView {
    /// Where a pane's picture lies in the window, viewport points: the geometry's rectangle
    /// (pane points) moved to the pane's origin.
    static func pictureRect(_ geometry: PhotoGeometry, in pane: Rect) -> Rect {
        let r = geometry.rect
        return Rect(x: pane.minX + r.minX, y: pane.minY + r.minY, width: r.size.width, height: r.size.height)
    }

    /// The part of `picture` inside `pane` (viewport points), and the whole picture's rectangle
    /// in that part's card units ((0, 0) its top-left, (1, 1) its bottom-right): what the
    /// pane's record shows. `nil` when they do not overlap.
    static func visiblePart(of picture: Rect, in pane: Rect) -> (rect: Rect, crop: PictureRect)? {
        let minX = max(picture.minX, pane.minX), maxX = min(picture.maxX, pane.maxX)
        let minY = max(picture.minY, pane.minY), maxY = min(picture.maxY, pane.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        let w = maxX - minX, h = maxY - minY
        let crop = PictureRect(minX: Float((picture.minX - minX) / w), minY: Float((picture.minY - minY) / h),
                               maxX: Float((picture.maxX - minX) / w), maxY: Float((picture.maxY - minY) / h))
        return (Rect(x: minX, y: minY, width: w, height: h), crop)
    }

    /// `card` laid flat in front of the deck so that the shared camera shows it exactly over
    /// `rect` (viewport points), as the photo view lays its picture (`ShownPhoto.attributes`):
    /// lifted by `ShownPhoto.height`, scaled by `(d − height)/d` about the viewport's centre;
    /// content points at `offset`.
    static func flatCard(_ card: CardAttributes, over rect: Rect, viewport: Size, offset: Vec2, eyeDistance d: Double,
                         cardCount: Int) -> CardAttributes {
        let height = ShownPhoto.height
        let k = (d - height) / d
        let half = Vec2(viewport.width / 2, viewport.height / 2)
        let mid = rect.center
        var out = card
        CardOpening.layFlat(&out, center: Vec3(offset.x + half.x + (mid.x - half.x) * k, offset.y + half.y + (mid.y - half.y) * k, 0),
                            size: rect.size, height: height, eyeDistance: d, zIndex: cardCount + 2)
        return out
    }

    /// The picture rectangle of card `id`'s pane record this frame, `nil` for any other card.
    func crop(ofID id: UInt32) -> PictureRect? {
        var index = 0
        while index < crops.count {
            if crops[index].id == id { return crops[index].rect }
            index += 1
        }
        return nil
    }

    /// Ends flights that are over (at the session's time).
    func clockDidMove() {
        let time = session.time
        for i in panes.indices {
            if let flight = panes[i].flight, flight.isOver(at: time) { panes[i].flight = nil }
        }
        if !closing.isEmpty, closing.allSatisfy({ $0.isOver(at: time) }) { closing = [] }
    }

    /// Brings each pane's picture size and pane size up to date (a picture decoded since, a
    /// resize), keeping the shared zoom; a pane whose card left the deck (the filter hid it)
    /// shows the next picture not shown; fewer than two left close the view.
    func refreshPanes() {
        let deck = session.scene.deck
        var i = 0
        while i < panes.count {
            if deck.index(of: panes[i].card) == nil {
                if let next = unshownCard(from: panes[i].card, step: 1) ?? unshownCard(from: panes[i].card, step: -1) {
                    panes[i] = ComparePane(card: next, geometry: PhotoGeometry(picture: pictureSize(of: next), viewport: panes[i].geometry.viewport))
                } else {
                    panes.remove(at: i)
                    continue
                }
            }
            i += 1
        }
        if panes.count < ComparePanes.counts.lowerBound {
            closeAtOnce()
            return
        }
        active = min(active, panes.count - 1)
        let rects = paneRects
        for i in panes.indices {
            panes[i].geometry.update(picture: pictureSize(of: panes[i].card), viewport: rects[i].size)
        }
    }

    func viewportDidChange() { refreshPanes() }

    /// The compare view in the frame's cards: once open, the panes alone; while they fly, the
    /// layout's cards with the panes' cards in flight in place of their own; while closing, the
    /// layout's cards with the pictures flying back.
    func decorate(_ cards: inout [CardAttributes]) {
        clockDidMove()
        let scene = session.scene
        let offset = scene.physics.offset, d = scene.eyeDistance, count = scene.deck.count, viewport = scene.viewport
        if isOpen {
            refreshPanes()
            let rects = paneRects
            let flying = panes.contains { $0.flight != nil }
            if !flying { cards.removeAll(keepingCapacity: true) }
            crops.removeAll(keepingCapacity: true)
            for (pane, rect) in zip(panes, rects) {
                guard let index = scene.deck.index(of: pane.card),
                      let part = Self.visiblePart(of: Self.pictureRect(pane.geometry, in: rect), in: rect) else { continue }
                var base = session.layout.attributes(at: index)
                base.id = pane.card
                base.index = index
                let target = Self.flatCard(base, over: part.rect, viewport: viewport, offset: offset, eyeDistance: d, cardCount: count)
                crops.append((pane.card.rawValue, part.crop))
                if let flight = pane.flight {
                    Self.replace(CardAttributes.interpolate(flight.from, DecomposedAttributes(target), flight.progress(at: scene.time)),
                                 in: &cards)
                } else if flying {
                    Self.replace(target, in: &cards)
                } else {
                    cards.append(target)
                }
            }
        } else {
            for flight in closing {
                guard let index = scene.deck.index(of: flight.card) else { continue }
                var target = cards.first(where: { $0.id == flight.card }) ?? session.layout.attributes(at: index)
                target.id = flight.card
                target.index = index
                Self.replace(CardAttributes.interpolate(flight.from, DecomposedAttributes(target), flight.progress(at: scene.time)),
                             in: &cards)
            }
        }
    }

    private static func replace(_ card: CardAttributes, in cards: inout [CardAttributes]) {
        if let i = cards.firstIndex(where: { $0.id == card.id }) {
            cards[i] = card
        } else {
            cards.append(card)
        }
    }

    // MARK: The zoom label

    /// The zoom as the view shows it at the top right: the active pane's scale (`100 %` is one
    /// picture pixel per screen pixel, the same in every pane), and, past what the panes hold —
    /// the picture at the screen's size, `min(1, W/w, H/h)` of its pixels for a window of
    /// W × H points and a picture of w × h picture points — what that is:
    /// `100 % (decoded at 31 %)`. `nil` while closed or flying.
    var zoomLabel: String? {
        guard let card = activeCard, panes.allSatisfy({ $0.flight == nil }) else { return nil }
        let geometry = panes[active].geometry
        var label = "compare \(panes.count): " + PhotoView.percent(geometry.scale)
        let viewport = session.viewport, picture = geometry.picture
        let limit = min(1, viewport.width / picture.width, viewport.height / picture.height)
        if session.pictureSize?(card) != nil, geometry.scale > limit * 1.01 {
            label += " (decoded at \(PhotoView.percent(limit)))"
        }
        return label
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        shownLabel = zoomLabel
        if let label = zoomLabel { panels.append(OverlayPanel(lines: [label], placement: .topRight)) }
    }

    /// A zoom, a step or the flights' end changed the label: the overlay is rebuilt.
    func overlayDidAdvance(moving: Bool) -> Bool { zoomLabel != shownLabel }
}
