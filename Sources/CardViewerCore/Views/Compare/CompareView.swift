import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// One pane of the compare view: the card whose picture it shows, where the picture lies in
/// the pane (`PhotoGeometry` with the pane's size as its viewport: pane points, picture points)
/// and its flight from the card while the view opens.
struct ComparePane {
    var card: CardID
    var geometry: PhotoGeometry
    var flight: PhotoFlight?
}

/// The compare view (SPEC §13, `C`): two to four pictures side by side, each fitted in its pane
/// (`ComparePanes`), zoom and pan synchronised across the panes (the same scale — viewport
/// points per picture point, so the same zoom relative to each picture's pixels — about the
/// same point of each pane), marks on the active pane's card (the one under the pointer, or
/// chosen by Tab or a click; it carries the focus ring), Left/Right while fitted replace the
/// active pane's picture with the next/previous one not already shown.
///
/// Each pane is one card record laid flat over the part of its pane the picture covers; when
/// zoomed, the record is that visible part and its picture rectangle (`crop(ofID:)`, applied
/// by the frame) is the whole picture in the record's units, so a pane never draws into its
/// neighbour. The panes sample their pictures' full-resolution layers (the picture at the
/// screen's size), not the photo view's tiles: the zoom label says what was decoded.
///
/// Opening flies each card from its place (or the photo view's picture) to its pane in
/// 0.2 s, as the photo view opens (`PhotoFlight`); closing flies each back to its card.
final class CompareView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session).
    unowned(unsafe) let session: ViewerSession
    /// The panes, in reading order, while the view is open.
    var panes: [ComparePane] = []
    /// The index of the active pane in `panes`.
    var active = 0
    /// The pictures flying back to their cards after the view closed.
    var closing: [PhotoFlight] = []
    /// The cards marked for comparing (Ctrl+click in the layouts), in the order marked.
    var marked: [CardID] = []
    /// The last pointer position of a drag in progress, viewport points.
    var dragPosition: Vec2?
    /// The pane the pointer was last over, to make it active when the pointer moves to another.
    var pointerPane: Int?
    /// The picture rectangles of this frame's pane records (`decorate`): card id, rectangle.
    var crops: [(id: UInt32, rect: PictureRect)] = []
    /// The zoom label shown now, to notice when it changes.
    var shownLabel: String?

    /// How long opening and closing fly, seconds (as the photo view's, for pictures).
    static let flightDuration = 0.2

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool { !panes.isEmpty }
    var takesGestures: Bool { true }
    var keyTable: KeyTable { Self.keys }
    var needsFrames: Bool { !closing.isEmpty || panes.contains { $0.flight != nil } }
    var changesFrame: Bool { isOpen || !closing.isEmpty }

    /// The active pane's card, `nil` while closed: the card culling's keys mark.
    var activeCard: CardID? { active < panes.count ? panes[active].card : nil }

    /// The panes' rectangles in the window now, viewport points.
    var paneRects: [Rect] { ComparePanes.rects(count: panes.count, viewport: session.viewport) }

    // MARK: Opening and closing

    /// `C`: the cards marked with Ctrl+click (2–4 of them, in the deck's order), else the current card (the photo
    /// view's picture) and the next one in the deck as shown (the filter obeyed; the previous
    /// one at the deck's end). In a deck without pictures it only says so.
    func openFromKey() {
        guard session.culling.isPictureDeck else {
            session.showMessage("compare (C) is for decks of pictures")
            return
        }
        let deck = session.scene.deck
        // The marked cards the filter shows, in the deck's order (as the panes read).
        let shown = marked.compactMap { id in deck.index(of: id).map { (id, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
        if ComparePanes.counts.contains(shown.count) {
            open(shown)
            return
        }
        if shown.count > ComparePanes.counts.upperBound {
            session.showMessage("compare shows at most \(ComparePanes.counts.upperBound) pictures: Ctrl+click unmarks")
            return
        }
        guard deck.count >= 2 else {
            session.showMessage("compare needs two pictures")
            return
        }
        let current = session.photo.shown?.card ?? session.layout.currentCardID ?? deck.id(at: 0)
        guard let current, let index = deck.index(of: current) else { return }
        if let next = deck.id(at: index + 1) {
            open([current, next])
        } else if let previous = deck.id(at: index - 1) {
            open([previous, current])
        }
    }

    /// Opens the view on `ids` (2–4 distinct cards of the deck): each flies from its place (or
    /// the photo view's picture) to its pane, fitted; the first is active and current. False
    /// when they are not 2–4 cards of the deck, or something else holds the screen.
    @discardableResult
    func open(_ ids: [CardID]) -> Bool {
        let layout = session.layout!
        let deck = session.scene.deck
        guard ComparePanes.counts.contains(ids.count), Set(ids).count == ids.count, ids.allSatisfy({ deck.index(of: $0) != nil }),
              !layout.isAppending, !layout.isInteracting, !session.isMinimized else { return false }
        let froms = ids.map { presentedAttributes(of: $0) }
        session.photo.closeAtOnce()
        layout.dismiss()
        session.scene.physics.stop()
        closing = []
        let rects = ComparePanes.rects(count: ids.count, viewport: session.viewport)
        panes = zip(ids, zip(froms, rects)).map { id, fromAndRect in
            ComparePane(card: id, geometry: PhotoGeometry(picture: pictureSize(of: id), viewport: fromAndRect.1.size),
                        flight: PhotoFlight(card: id, from: DecomposedAttributes(fromAndRect.0), start: session.time,
                                            duration: Self.flightDuration))
        }
        active = 0
        pointerPane = nil
        dragPosition = nil
        layout.setCurrent(ids[0])
        session.options.close()
        session.needsDisplay = true
        session.refreshOverlay()
        return true
    }

    /// Back to the layout (Esc, `C`): the active pane's card becomes current and is brought into
    /// view, each picture flies back to its card (from its pane, fitted), and the marks made
    /// for comparing are cleared.
    func close() {
        guard isOpen else { return }
        let layout = session.layout!
        let scene = session.scene
        let card = panes[min(active, panes.count - 1)].card
        layout.setCurrent(card)
        if let index = scene.deck.index(of: card) { layout.bringIntoView(index, animated: false) }
        let rects = paneRects
        var flights: [PhotoFlight] = []
        for (pane, rect) in zip(panes, rects) {
            guard let index = scene.deck.index(of: pane.card) else { continue }
            var fitted = pane.geometry
            fitted.fit()
            var base = layout.attributes(at: index)
            base.id = pane.card
            base.index = index
            let from = Self.flatCard(base, over: Self.pictureRect(fitted, in: rect), viewport: scene.viewport,
                                     offset: scene.physics.offset, eyeDistance: scene.eyeDistance, cardCount: scene.deck.count)
            flights.append(PhotoFlight(card: pane.card, from: DecomposedAttributes(from), start: scene.time,
                                       duration: Self.flightDuration))
        }
        panes = []
        crops = []
        closing = flights
        marked = []
        session.needsDisplay = true
        session.refreshOverlay()
    }

    /// Closes without flights (the deck lost the cards compared).
    func closeAtOnce() {
        panes = []
        crops = []
        closing = []
        marked = []
        session.needsDisplay = true
        session.refreshOverlay()
    }

    /// Ctrl+click in the layouts: marks card `id` for comparing, or unmarks it. True when it
    /// is marked now.
    @discardableResult
    func toggleMark(_ id: CardID) -> Bool {
        session.needsDisplay = true
        if let i = marked.firstIndex(of: id) {
            marked.remove(at: i)
            return false
        }
        marked.append(id)
        return true
    }

    /// The card's attributes as the last frame presented it, else as the layout places it.
    private func presentedAttributes(of id: CardID) -> CardAttributes {
        if let card = session.frameCards.first(where: { $0.id == id && !$0.isHidden }) { return card }
        let index = session.scene.deck.index(of: id) ?? 0
        var card = session.layout.attributes(at: index)
        card.id = id
        card.index = index
        return card
    }

    /// Card `id`'s picture, picture points: from the pipeline, else the card's size in the layout.
    func pictureSize(of id: CardID) -> Size { session.photo.pictureSize(of: id) }
}
