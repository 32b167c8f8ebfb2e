import CardEvents
import CardInteraction
import CardLayout
import CardMath

/// The photo view (SPEC §10): one picture opened whole over the layouts, fitted to the window,
/// zoomed about the pointer and panned; next and previous step through the deck. It opens with
/// the card flying from its place in the layout to the fitted picture, and closes with the
/// picture flying back; while it shows, it takes every gesture and its own keys
/// (`PhotoView+Input.swift`), and the frame shows the picture alone over the window's background.
final class PhotoView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session);
    /// held without reference counting, as it is read many times a frame.
    unowned(unsafe) let session: ViewerSession
    /// The picture shown, while the view is open.
    private(set) var shown: ShownPhoto?
    /// The picture flying back to its card after the view closed.
    private(set) var closing: PhotoFlight?

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool { shown != nil }
    var takesGestures: Bool { true }
    var keyTable: KeyTable { Self.keys }
    var needsFrames: Bool { shown?.flight != nil || closing != nil }
    var changesFrame: Bool { shown != nil || closing != nil }
    /// The zoom label the overlay shows now (`appendPanels`), to notice when it changes.
    private var shownLabel: String?
    /// The burst lock (SPEC §13, `Shift+Z`): next and previous keep the zoom and the point in
    /// view when the pictures have the same size. On by default.
    private(set) var locksZoom = true
    /// Focus peaking (SPEC §13, `K`): edges drawn bright over the picture. Off by default;
    /// kept from picture to picture and across closing and opening the view.
    private(set) var showsPeaking = false
    /// The direction of the last step through the deck: +1 forwards (the default), −1 back.
    private(set) var lastStep = 1

    /// How long opening flies (and closing flies back): 0.2 s for a picture (its decode runs
    /// meanwhile), the seeds' 0.3 s for a card without one (SPEC §10).
    func openingDuration(of id: CardID) -> Double {
        let deck = session.scene.deck
        if let index = deck.index(of: id), case .synthetic = deck.cards[index].source { return 0.3 }
        return 0.2
    }

    /// The picture of card `id`, picture points: from the pipeline (`pictureSize`), else the card's
    /// own size in the layout (a card without a picture, or one not decoded yet).
    func pictureSize(of id: CardID) -> Size {
        if let size = session.pictureSize?(id), size.width > 0, size.height > 0, size.isFinite { return size }
        let scene = session.scene
        guard let index = scene.deck.index(of: id) else { return scene.viewport }
        let size = session.layout.attributes(at: index).size
        return size.width > 0 && size.height > 0 && size.isFinite ? size : scene.viewport
    }

    /// Opens card `id` whole (Enter, Space, a click or double-click as its layout says): it flies
    /// from its place to the picture fitted in the window; it becomes current. False when it is
    /// not in the deck or something else holds the screen (an append, a finger on a card, the
    /// compare view).
    @discardableResult
    func open(_ id: CardID) -> Bool {
        let layout = session.layout!
        guard session.scene.deck.index(of: id) != nil, !layout.isAppending, !layout.isInteracting, !session.isMinimized,
              !session.compare.isOpen else {
            return false
        }
        layout.dismiss()
        session.scene.physics.stop()
        layout.setCurrent(id)
        let from = presentedAttributes(of: id)
        closing = nil
        shown = ShownPhoto(card: id, geometry: PhotoGeometry(picture: pictureSize(of: id), viewport: session.viewport),
                           flight: PhotoFlight(card: id, from: DecomposedAttributes(from), start: session.time,
                                               duration: openingDuration(of: id)))
        refreshGeometry()
        session.options.close()
        session.info.pictureDidChange()
        session.needsDisplay = true
        session.refreshOverlay()
        return true
    }

    /// Back to the layout (Esc, Enter, a click that did not pan): the card of the picture shown
    /// becomes current and is brought into view at once, and the picture flies back to it.
    func close() {
        guard let view = shown else { return }
        shown = nil
        let layout = session.layout!
        layout.setCurrent(view.card)
        if let index = session.scene.deck.index(of: view.card) {
            layout.bringIntoView(index, animated: false)
            let scene = session.scene
            let picture = ShownPhoto.attributes(of: layout.attributes(at: index), geometry: view.geometry,
                                                offset: scene.physics.offset, eyeDistance: scene.eyeDistance,
                                                cardCount: scene.deck.count)
            closing = PhotoFlight(card: view.card, from: DecomposedAttributes(picture), start: scene.time,
                                  duration: openingDuration(of: view.card))
        }
        session.needsDisplay = true
        session.refreshOverlay()
    }

    /// Closes the view without its flight back (its card is hidden by the filter, or left the deck).
    func closeAtOnce() {
        shown = nil
        closing = nil
    }

    /// The card's attributes as the last frame presented it, else as the layout places it.
    private func presentedAttributes(of id: CardID) -> CardAttributes {
        if let card = session.frameCards.first(where: { $0.id == id && !$0.isHidden }) { return card }
        let index = session.scene.deck.index(of: id) ?? 0
        var card = session.layout.attributes(at: index)
        card.id = id
        return card
    }

    /// The zoom as the view shows it at the top right (SPEC §10): `100 %` is one picture pixel
    /// per screen pixel; past what could be decoded (`ViewerSession.photoDetailLimit`) it says
    /// so, `200 % (decoded at 50 %)`. `nil` while closed or flying.
    var zoomLabel: String? {
        guard let view = shown, view.flight == nil else { return nil }
        var label = Self.percent(view.geometry.scale)
        if let limit = session.photoDetailLimit, view.geometry.scale > limit * 1.01 {
            label += " (decoded at \(Self.percent(limit)))"
        }
        return label
    }

    /// `scale` as a percentage: whole numbers, one decimal below 10 %.
    static func percent(_ scale: Double) -> String {
        let value = scale * 100
        guard value.isFinite else { return "– %" }
        if value < 9.95 { return "\((value * 10).rounded() / 10) %" }
        return "\(Int(value.rounded())) %"
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        shownLabel = zoomLabel
        // The info panel says the zoom too, in the same corner.
        if let label = shownLabel, !session.info.isOpen { panels.append(OverlayPanel(lines: [label], placement: .topRight)) }
    }

    /// A zoom, a pan's end or the flight's end changed the label: the overlay is rebuilt.
    func overlayDidAdvance(moving: Bool) -> Bool { zoomLabel != shownLabel }

    /// Brings the picture size and window up to date (a picture decoded since, a resize).
    /// A zoom kept from the picture stepped from is taken once this picture's size is known.
    func refreshGeometry() {
        guard var view = shown else { return }
        let size = pictureSize(of: view.card)
        view.geometry.update(picture: size, viewport: session.viewport)
        if let kept = view.keptZoom, session.pictureSize?(view.card) != nil {
            view.geometry.adoptZoom(of: kept)
            view.keptZoom = nil
        }
        shown = view
    }

    func viewportDidChange() { refreshGeometry() }

    /// Ends flights that are over (at the session's time).
    func clockDidMove() {
        let time = session.time
        if let flight = shown?.flight, flight.isOver(at: time) { shown?.flight = nil }
        if let flight = closing, flight.isOver(at: time) { closing = nil }
    }

    /// The photo view in the frame's cards: once open, the picture alone; while it flies, the
    /// layout's cards with the picture's card in flight in place of its own.
    func decorate(_ cards: inout [CardAttributes]) {
        clockDidMove()
        let offset = session.scene.physics.offset, d = session.scene.eyeDistance, count = session.scene.deck.count
        if let view = shown, let index = session.scene.deck.index(of: view.card) {
            refreshGeometry()
            var base = session.layout.attributes(at: index)
            base.id = view.card
            base.index = index
            let picture = ShownPhoto.attributes(of: base, geometry: shown?.geometry ?? view.geometry, offset: offset,
                                                eyeDistance: d, cardCount: count)
            guard let flight = view.flight else {
                cards.removeAll(keepingCapacity: true)
                cards.append(picture)
                return
            }
            let moving = CardAttributes.interpolate(flight.from, DecomposedAttributes(picture), flight.progress(at: session.time))
            Self.replace(moving, in: &cards)
        } else if let flight = closing, let index = session.scene.deck.index(of: flight.card) {
            var target = cards.first(where: { $0.id == flight.card }) ?? session.layout.attributes(at: index)
            target.id = flight.card
            target.index = index
            let moving = CardAttributes.interpolate(flight.from, DecomposedAttributes(target), flight.progress(at: session.time))
            Self.replace(moving, in: &cards)
        }
    }

    private static func replace(_ card: CardAttributes, in cards: inout [CardAttributes]) {
        if let i = cards.firstIndex(where: { $0.id == card.id }) {
            cards[i] = card
        } else {
            cards.append(card)
        }
    }

    // MARK: Browsing

    /// Shows the picture of card `id` at once (next, previous): fitted, or — with the burst lock
    /// on and the picture shown zoomed in — at the same zoom and point when the two pictures have
    /// the same size (known now, or once its size is: `keptZoom`).
    func show(_ id: CardID) {
        guard var view = shown, session.scene.deck.index(of: id) != nil else { return }
        let previous = view.geometry
        view.card = id
        view.flight = nil
        view.dragPosition = nil
        view.geometry = PhotoGeometry(picture: pictureSize(of: id), viewport: session.viewport)
        view.keptZoom = nil
        if locksZoom, previous.isZoomed, !view.geometry.adoptZoom(of: previous), session.pictureSize?(id) == nil {
            view.keptZoom = previous
        }
        shown = view
        refreshGeometry()
        session.layout.setCurrent(id)
        session.info.pictureDidChange()
        session.needsDisplay = true
    }

    /// The picture `step` cards away (−1 previous, +1 next), stopping at the deck's ends.
    func step(by step: Int) {
        let deck = session.scene.deck
        guard let view = shown, let index = deck.index(of: view.card), deck.count > 0 else { return }
        lastStep = step < 0 ? -1 : 1
        let target = min(max(index + step, 0), deck.count - 1)
        if target == index {
            session.showMessage(step > 0 ? "the last picture" : "the first picture")
            return
        }
        if let id = deck.id(at: target) { show(id) }
    }

    /// The cards next to the one shown, whose pictures the pipeline keeps ready at full
    /// resolution so that next and previous are instant: previous then next.
    var neighbors: (previous: CardID?, next: CardID?) {
        let deck = session.scene.deck
        guard let view = shown, let index = deck.index(of: view.card) else { return (nil, nil) }
        return (index > 0 ? deck.id(at: index - 1) : nil, deck.id(at: index + 1))
    }

    /// The picture whose tiles are worth making ahead (SPEC §13: the next picture at 100 % sharp
    /// at once): the neighbour in the last step's direction, while the picture shown is zoomed in
    /// and the burst lock is on; `nil` otherwise.
    var tilesAheadCard: CardID? {
        guard locksZoom, let view = shown, view.flight == nil, view.geometry.isZoomed else { return nil }
        let around = neighbors
        return lastStep < 0 ? around.previous : around.next
    }

    /// `Shift+Z`: the burst lock on or off, said in a message.
    func toggleZoomLock() {
        locksZoom.toggle()
        if !locksZoom { shown?.keptZoom = nil }
        session.showMessage(locksZoom ? "zoom kept across pictures of the same size" : "each picture opens fitted")
    }

    /// `K`: focus peaking on or off, said in a message.
    func togglePeaking() {
        showsPeaking.toggle()
        session.needsDisplay = true
        session.showMessage(showsPeaking ? "focus peaking on: sharp edges green" : "focus peaking off")
    }

    /// `Z` (Lightroom's): fitted ↔ 100 % about viewport point `anchor` (the pointer).
    func toggleFitAndActualSize(about anchor: Vec2) {
        guard let view = shown else { return }
        zoom(to: view.geometry.isZoomed ? view.geometry.fitScale : 1, about: anchor)
    }

    /// Delete in the photo view: the card leaves the deck (its file stays; U brings it back) and
    /// the next picture shows (the previous one after the last; the layout when none is left).
    func removeShownCard() {
        // No copy of the deck is held across the delete (it would copy the deck's storage).
        guard let view = shown, let index = session.scene.deck.index(of: view.card) else { return }
        let title = session.scene.deck.cards[index].title
        let following = session.scene.deck.id(at: index + 1) ?? (index > 0 ? session.scene.deck.id(at: index - 1) : nil)
        session.layout.delete(view.card)
        if let following {
            show(following)
        } else {
            shown = nil
            session.layout.clearCurrent()
        }
        session.showMessage("\"\(MessageText.shortened(title))\" removed from the deck (the file stays; U undoes)")
        session.refreshOverlay()
    }

    /// `U` in the photo view (Delete's message offers it): the last card removed comes back to the
    /// deck, and its picture shows.
    func undoRemoval() {
        let restored = session.scene.deck.undoableDeletion?.card.id
        session.layout.undoDelete()
        if let restored, session.scene.deck.index(of: restored) != nil { show(restored) }
    }

    // MARK: Zoom and pan

    /// Zooms the picture to `scale` about viewport point `anchor` (the picture point under it stays).
    func zoom(to scale: Double, about anchor: Vec2) {
        guard var view = shown else { return }
        refreshGeometry()
        view.geometry = shown?.geometry ?? view.geometry
        view.geometry.zoom(to: scale, about: anchor)
        view.keptZoom = nil
        shown = view
        session.needsDisplay = true
    }

    /// Moves the picture by `delta` viewport points.
    func pan(by delta: Vec2) {
        guard var view = shown else { return }
        view.geometry.pan(by: delta)
        view.keptZoom = nil
        shown = view
        session.needsDisplay = true
    }

    /// Follows a drag in progress: the picture moves with the pointer.
    func drag(_ phase: GesturePhase, at position: Vec2, pressedAt: Vec2) {
        guard var view = shown else { return }
        switch phase {
        case .began:
            view.dragPosition = pressedAt
            fallthrough
        case .changed:
            let last = view.dragPosition ?? position
            view.geometry.pan(by: position - last)
            view.dragPosition = position
            view.keptZoom = nil
        case .ended, .cancelled:
            view.dragPosition = nil
        }
        shown = view
        session.needsDisplay = true
    }
}
