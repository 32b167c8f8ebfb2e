import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The layout view (SPEC §10): the bottom view, always open — the current layout's controller
/// (its gestures and dynamic state), the controllers of the other layouts parked with their
/// settings, the options the user gave each layout, the current card, and appends. Its keys
/// (`LayoutView+Keys.swift`), gestures (`+Gestures`), current card (`+CurrentCard`), layout
/// switches and options (`+Switching`), appends (`+Append`) and deck edits (`+Editing`) live in
/// this folder; what differs per layout is the controller's (`LayoutController`), never asked
/// for by type.
final class LayoutView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session);
    /// held without reference counting, as it is read many times a frame.
    unowned(unsafe) let session: ViewerSession
    /// The current layout's controller.
    var controller: any LayoutController
    /// The controllers of the other layouts, keeping their settings (the wheel's radius).
    var parked: [LayoutKind: any LayoutController] = [:]
    /// The option values the user gave each layout (`--set`, a restored state); a layout not
    /// here starts with its defaults.
    var layoutOptions: [LayoutKind: LayoutOptionValues] = [:]
    /// The last layout file reload's error, until a good reload (`layoutReloadFailed`).
    var reloadError: String?
    var appendSequence: AppendSequence?
    /// Appends asked for (A) while another ran or a drag was in progress; each starts when the
    /// one before it is over.
    var queuedAppends = 0
    /// Makes the source and title of a card the user appends (A).
    let newCard: @Sendable (Deck) -> (source: CardSource, title: String)
    /// `ViewerSession.Configuration.dropsAddPictures`.
    let dropsAddPictures: Bool
    /// What the view says while the deck is empty.
    let emptyDeckLines: [String]
    /// Whether the overlay shows the empty deck's panel.
    var showsEmptyDeckPanel = false

    // The current card (SPEC §10; `LayoutView+CurrentCard.swift`).
    /// The current card's deck id: the one the arrows move, Enter and Space open, the window's
    /// title names and the state keeps; `nil` while the deck is empty.
    var currentCardID: CardID?
    /// Grows when the current card changes (the window's title follows it).
    var currentCardRevision = 0
    /// True once a key or a click has moved or used the current card: it carries the focus ring.
    var showsFocusRing = false
    /// True from a Ctrl+click's press (it marked a card for compare) until its button comes up.
    var holdsMarkingPress = false
    /// The scroll destination the current card last followed (`followCurrentCard`).
    var followedDestination: Vec2?
    /// The current card's last index, where its neighbour takes over when it leaves the deck.
    var lastCurrentIndex = 0

    init(session: ViewerSession, controller: any LayoutController, configuration: ViewerSession.Configuration) {
        self.session = session
        self.controller = controller
        if let options = configuration.layoutOptions { layoutOptions[configuration.layout] = options }
        newCard = configuration.newCard
        dropsAddPictures = configuration.dropsAddPictures
        emptyDeckLines = configuration.emptyDeckLines
        currentCardID = session.scene.deck.id(at: 0)  // SPEC §10: the first card, until the state or a key says otherwise
    }

    var isOpen: Bool { true }
    var takesGestures: Bool { true }

    /// The layout shown.
    var kind: LayoutKind { controller.kind }
    /// True while an append (A) is on its way.
    var isAppending: Bool { appendSequence != nil }
    /// True while a finger-driven interaction (a swipe, a lift, a front drag) is in progress.
    var isInteracting: Bool { controller.isInteracting }

    /// While an append, a queued one, a finger-driven interaction or the controller's own
    /// motion (cover flow 2's flip) goes on.
    var needsFrames: Bool {
        appendSequence != nil || queuedAppends > 0 || controller.isInteracting || controller.isAnimating(at: session.time)
    }

    func clockDidMove() { stepAppend() }

    /// The controller's per-frame work (the grid's auto-scroll by whole points).
    func frameDidAdvance(by dt: Double) { controller.tick(dt, in: &session.scene) }

    // MARK: The frame

    /// The cards on screen now, laid out by the controller with their ids, animations applied.
    func present(into cards: inout [CardAttributes]) {
        session.scene.presentedCards(of: controller, into: &cards)
    }

    /// Card `index`'s attributes now, with the controller's dynamic state (content points).
    func attributes(at index: Int) -> CardAttributes {
        controller.attributes(at: index, in: session.scene.context, deck: session.scene.deck)
    }

    /// The frame's instance records written by the layout itself, when it can
    /// (`LayoutController.writeBulkRecords`).
    func writeBulkRecords(into packer: BulkInstancePacker, ordering: RenderOrdering) -> Bool {
        controller.writeBulkRecords(into: packer, deck: session.scene.deck, context: session.scene.context, ordering: ordering)
    }

    // MARK: Overlay

    func appendPanels(to panels: inout [OverlayPanel]) {
        showsEmptyDeckPanel = session.scene.deck.count == 0 && !session.help.isOpen
        if showsEmptyDeckPanel {
            panels.append(OverlayPanel(lines: session.culling.filteredEmptyLines ?? emptyDeckLines, placement: .center))
        }
        if let reloadError {
            let lines = MessageText.wrapped("layout file: " + reloadError, width: 70) + ["the last good layout stays"]
            var panel = OverlayPanel(lines: lines, placement: .bottomCenter)
            // Off the current (raised) card where there is room: the error is about the layout it shows.
            panel.keepsClearOf = session.currentCardID.flatMap { id in session.frameCards.first { $0.id == id } }
                .flatMap { Culling.screenBounds(of: $0, offset: session.offset, camera: session.camera) }.map { [$0] } ?? []
            panels.append(panel)
        }
    }

    /// The empty deck's panel comes and goes with the deck (and the help, which covers it).
    func overlayDidAdvance(moving: Bool) -> Bool {
        (session.scene.deck.count == 0 && !session.help.isOpen) != showsEmptyDeckPanel
    }

    // MARK: Interactions

    /// Ends any interaction in progress without committing it (a switch, quit, a filter).
    func cancelInteraction() {
        controller.cancelInteraction(in: &session.scene)
    }

    /// Closes an opened card (a highlighted page, an open task card); false when none was open.
    @discardableResult
    func dismiss() -> Bool {
        controller.dismiss(in: &session.scene)
    }

    /// A press that caught a moving scroll was let go without dragging it on: the content rests
    /// where it was caught — on the nearest card or page in the layouts that snap (a paging
    /// scroll view does the same), where it is in the others.
    func settleCaughtScroll() {
        guard session.pressCaughtScroll else { return }
        session.pressCaughtScroll = false
        guard session.scene.physics.isSettled, appendSequence == nil, !controller.isInteracting, !session.isMinimized else { return }
        session.scene.physics.beginDrag(at: session.scene.pointer)
        session.scene.physics.endDrag(pointerVelocity: .zero)
    }

    /// Lays the layout out again for a viewport of `size`, keeping the user's place (the same
    /// page, card or row); a current card that was on screen stays on screen (leaving
    /// fullscreen in the grid kept the row at the top, and the card below the window's edge).
    func resize(to size: Size) {
        let current = currentCardIndex.flatMap { session.scene.isOnScreen($0, with: controller) ? $0 : nil }
        let offset = controller.offset(resizingFrom: session.scene.context, to: size)
        session.scene.animator.cancelAll()
        session.scene.viewport = size
        session.scene.physics = ViewerScene.makePhysics(for: controller, viewport: size, cardCount: session.scene.deck.count, offset: offset)
        if let current, !session.scene.isOnScreen(current, with: controller) {
            let context = session.scene.context
            session.scene.physics.scroll(to: controller.settledOffset(controller.offset(showing: current, in: context), in: context),
                                         animated: false)
        }
    }
}
