import CardEvents
import CardInteraction
import CardLayout
import CardMath

extension ViewerSession {
    /// The card whose picture the photo view shows, `nil` while the layout shows (SPEC §10).
    public var photoCard: CardID? { photoView?.card }
    /// Where the photo view's picture lies: fit, zoom and pan (viewport and picture points).
    public var photoGeometry: PhotoGeometry? { photoView?.geometry }

    /// How long opening flies (and closing flies back): 0.2 s for a picture (its decode runs
    /// meanwhile), the seeds' 0.3 s for a card without one (SPEC §10).
    func openingDuration(of id: CardID) -> Double {
        if let index = scene.deck.index(of: id), case .synthetic = scene.deck.cards[index].source { return 0.3 }
        return 0.2
    }

    /// The picture of card `id`, picture points: from the pipeline (`pictureSize`), else the card's
    /// own size in the layout (a card without a picture, or one not decoded yet).
    func photoPictureSize(of id: CardID) -> Size {
        if let size = pictureSize?(id), size.width > 0, size.height > 0, size.isFinite { return size }
        guard let index = scene.deck.index(of: id) else { return scene.viewport }
        let size = controller.attributes(at: index, in: scene.context, deck: scene.deck).size
        return size.width > 0 && size.height > 0 && size.isFinite ? size : scene.viewport
    }

    /// Opens card `id` whole (Enter, Space, a click or double-click as its layout says): it flies
    /// from its place to the picture fitted in the window; it becomes current. False when it is
    /// not in the deck or something else holds the screen (an append).
    @discardableResult
    public func openPhoto(_ id: CardID) -> Bool {
        guard scene.deck.index(of: id) != nil, appendSequence == nil, !controller.isInteracting, !isMinimised else { return false }
        _ = controller.dismiss(in: &scene)
        scene.physics.stop()
        setCurrent(id)
        let from = presentedAttributes(of: id)
        photoClosing = nil
        photoView = PhotoView(card: id, geometry: PhotoGeometry(picture: photoPictureSize(of: id), viewport: scene.viewport),
                              flight: PhotoFlight(card: id, from: DecomposedAttributes(from), start: scene.time,
                                                  duration: openingDuration(of: id)))
        refreshPhotoGeometry()
        optionsPanel = nil
        needsDisplay = true
        refreshOverlay()
        return true
    }

    /// Back to the layout (Esc, Enter, a click that did not pan): the card of the picture shown
    /// becomes current and is brought into view at once, and the picture flies back to it.
    public func closePhoto() {
        guard let view = photoView else { return }
        photoView = nil
        setCurrent(view.card)
        if let index = scene.deck.index(of: view.card) {
            bringIntoView(index, animated: false)
            let shown = PhotoView.attributes(of: controller.attributes(at: index, in: scene.context, deck: scene.deck),
                                             geometry: view.geometry, offset: scene.physics.offset,
                                             eyeDistance: scene.eyeDistance, cardCount: scene.deck.count)
            photoClosing = PhotoFlight(card: view.card, from: DecomposedAttributes(shown), start: scene.time,
                                       duration: openingDuration(of: view.card))
        }
        needsDisplay = true
        refreshOverlay()
    }

    /// The card's attributes as the last frame presented it, else as the layout places it.
    private func presentedAttributes(of id: CardID) -> CardAttributes {
        if let card = frameCards.first(where: { $0.id == id && !$0.isHidden }) { return card }
        let index = scene.deck.index(of: id) ?? 0
        var card = controller.attributes(at: index, in: scene.context, deck: scene.deck)
        card.id = id
        return card
    }

    /// True while a picture flies open or back.
    var isPhotoFlying: Bool { photoView?.flight != nil || photoClosing != nil }

    /// The most of a picture the photo view holds at once, pixels (SPEC §10: 64 MP): a larger
    /// picture is decoded scaled down to it, so its zoom stops where that resolution ends.
    public static let photoPixelLimit = 64_000_000.0

    /// The largest scale (`PhotoGeometry.scale`) at which a picture of `size` picture points is
    /// still shown from at least one decoded pixel per screen pixel, `nil` for a picture within
    /// `photoPixelLimit` (its zoom goes to 8×).
    func photoZoomLimit(for size: Size) -> Double? {
        let ppp = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1
        let pixels = size.width * ppp * size.height * ppp
        guard pixels > Self.photoPixelLimit else { return nil }
        return (Self.photoPixelLimit / pixels).squareRoot()
    }

    /// Brings the photo view's picture size and window up to date (a picture decoded since, a resize).
    func refreshPhotoGeometry() {
        guard var view = photoView else { return }
        let size = photoPictureSize(of: view.card)
        view.geometry.zoomLimit = pictureSize?(view.card) == nil ? nil : photoZoomLimit(for: size)
        view.geometry.update(picture: size, viewport: scene.viewport)
        photoView = view
    }

    /// Ends flights that are over (at the session's time).
    func landPhotoFlights() {
        if let flight = photoView?.flight, flight.isOver(at: scene.time) { photoView?.flight = nil }
        if let flight = photoClosing, flight.isOver(at: scene.time) { photoClosing = nil }
    }

    /// The photo view in the frame's cards: once open, the picture alone; while it flies, the
    /// layout's cards with the picture's card in flight in place of its own.
    func applyPhotoView(to cards: inout [CardAttributes]) {
        landPhotoFlights()
        let offset = scene.physics.offset, d = scene.eyeDistance, count = scene.deck.count
        if let view = photoView, let index = scene.deck.index(of: view.card) {
            refreshPhotoGeometry()
            var base = controller.attributes(at: index, in: scene.context, deck: scene.deck)
            base.id = view.card
            base.index = index
            let shown = PhotoView.attributes(of: base, geometry: photoView?.geometry ?? view.geometry, offset: offset,
                                             eyeDistance: d, cardCount: count)
            guard let flight = view.flight else {
                cards.removeAll(keepingCapacity: true)
                cards.append(shown)
                return
            }
            let moving = CardAttributes.interpolate(flight.from, DecomposedAttributes(shown), flight.progress(at: scene.time))
            Self.replace(moving, in: &cards)
        } else if let flight = photoClosing, let index = scene.deck.index(of: flight.card) {
            var target = cards.first(where: { $0.id == flight.card })
                ?? controller.attributes(at: index, in: scene.context, deck: scene.deck)
            target.id = flight.card
            target.index = index
            let moving = CardAttributes.interpolate(flight.from, DecomposedAttributes(target), flight.progress(at: scene.time))
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

    /// Shows the picture of card `id` in the photo view, fitted, at once (next, previous).
    func showPhoto(_ id: CardID) {
        guard var view = photoView, scene.deck.index(of: id) != nil else { return }
        view.card = id
        view.flight = nil
        view.dragPosition = nil
        view.geometry = PhotoGeometry(picture: photoPictureSize(of: id), viewport: scene.viewport)
        photoView = view
        refreshPhotoGeometry()
        setCurrent(id)
        needsDisplay = true
    }

    /// The picture `step` cards away (−1 previous, +1 next), stopping at the deck's ends.
    func stepPhoto(by step: Int) {
        guard let view = photoView, let index = scene.deck.index(of: view.card), scene.deck.count > 0 else { return }
        let target = min(max(index + step, 0), scene.deck.count - 1)
        if target == index {
            showMessage(step > 0 ? "the last picture" : "the first picture")
            return
        }
        if let id = scene.deck.id(at: target) { showPhoto(id) }
    }

    /// The cards next to the one shown, whose pictures the pipeline keeps ready at full
    /// resolution so that next and previous are instant: previous then next.
    public var photoNeighbours: (previous: CardID?, next: CardID?) {
        guard let view = photoView, let index = scene.deck.index(of: view.card) else { return (nil, nil) }
        return (index > 0 ? scene.deck.id(at: index - 1) : nil, scene.deck.id(at: index + 1))
    }

    /// Delete in the photo view: the card leaves the deck (its file stays; U brings it back) and
    /// the next picture shows (the previous one after the last; the layout when none is left).
    func removeShownPhoto() {
        guard let view = photoView, let index = scene.deck.index(of: view.card) else { return }
        let title = scene.deck.cards[index].title
        let following = scene.deck.id(at: index + 1) ?? (index > 0 ? scene.deck.id(at: index - 1) : nil)
        ViewerEditing.delete(view.card, controller: &controller, scene: &scene)
        if let following {
            showPhoto(following)
        } else {
            photoView = nil
            currentCardID = nil
            currentCardRevision += 1
        }
        showMessage("\"\(Self.shortened(title))\" removed from the deck (the file stays; U undoes)")
        refreshOverlay()
    }

    // MARK: Zoom and pan

    /// Zooms the picture to `scale` about viewport point `anchor` (the picture point under it stays).
    func zoomPhoto(to scale: Double, about anchor: Vec2) {
        guard var view = photoView else { return }
        refreshPhotoGeometry()
        view.geometry = photoView?.geometry ?? view.geometry
        let before = view.geometry.scale
        view.geometry.zoom(to: scale, about: anchor)
        if let limit = view.geometry.zoomLimit, scale > before, scale > view.geometry.maximumScale * (1 + 1e-9),
           view.geometry.maximumScale < max(PhotoGeometry.maximumZoom, view.geometry.fitScale) {
            showMessage("the largest zoom for this picture: \(Int((limit * 100).rounded())) % "
                        + "(the photo view holds at most 64 MP of a picture)")
        }
        photoView = view
        needsDisplay = true
    }

    /// Moves the picture by `delta` viewport points.
    func panPhoto(by delta: Vec2) {
        guard var view = photoView else { return }
        view.geometry.pan(by: delta)
        photoView = view
        needsDisplay = true
    }

    /// The viewport's centre, viewport points.
    var viewportCentre: Vec2 { Vec2(scene.viewport.width / 2, scene.viewport.height / 2) }
}
