import CardCulling
import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The interactive viewer without a window: the deck, the current layout and its interactive
/// state, scroll physics, animations and gesture recognition. It consumes timestamped events
/// (`handle(_:)`) and time (`advance(to:)`), and produces what to draw (`prepareFrame()` →
/// `frameCards`, `offset`, `camera`, `ordering`, `overlayPanels`), when to draw it
/// (`needsFrames`, `needsDisplay`, `nextDeadline`: see `ViewerSession+Redraw.swift`), screenshot
/// requests and quit.
///
/// Deterministic: the same events at the same times give the same frames, whatever the frame
/// rate, because every event first brings the physics and animations to its own time.
/// Times are seconds on the caller's clock (the window's, or a replay's virtual clock);
/// positions viewport points; offsets content points.
public final class ViewerSession {
    /// Where the session starts.
    public struct Configuration: Sendable {
        public var layout: LayoutKind
        /// The layout's option values (`--set`); `nil`: its defaults.
        public var layoutOptions: LayoutOptionValues?
        /// The viewport in points (the window's size).
        public var viewport: Size
        public var ordering: RenderOrdering
        /// The scroll offset to start at (clamped to the content), content points.
        public var offset: Vec2
        /// Makes the source and title of a card the user appends (A).
        public var newCard: @Sendable (Deck) -> (source: CardSource, title: String)
        /// Show the start hint ("? shows the keys") on the first frames, until the first input
        /// or for a few seconds (an interactive window; replays leave it out).
        public var showsStartHint: Bool
        /// What the viewer says while the deck is empty (a folder without pictures says which
        /// folder and what it expected there).
        public var emptyDeckLines: [String]
        /// The shared camera's distance from the plane z = 0, points (`--camera-distance`,
        /// clamped to `Camera.eyeDistanceRange`).
        public var eyeDistance = Camera.defaultEyeDistance
        /// True for a deck of the user's pictures: `A` says that pictures are added by dropping
        /// them on the window and adds nothing (SPEC §10); generated decks append "New card".
        public var dropsAddPictures = false

        public init(layout: LayoutKind = .pages, layoutOptions: LayoutOptionValues? = nil, viewport: Size = Size(width: 1280, height: 800),
                    ordering: RenderOrdering = .depth, offset: Vec2 = .zero,
                    newCard: @escaping @Sendable (Deck) -> (source: CardSource, title: String) = ViewerSession.syntheticCard,
                    showsStartHint: Bool = false, emptyDeckLines: [String] = ViewerSession.emptyDeckLines) {
            self.layout = layout
            self.layoutOptions = layoutOptions
            self.viewport = viewport
            self.ordering = ordering
            self.offset = offset
            self.newCard = newCard
            self.showsStartHint = showsStartHint
            self.emptyDeckLines = emptyDeckLines
        }
    }

    var scene: ViewerScene
    var controller: any LayoutController
    /// The controllers of the other layouts, keeping their settings (the wheel's radius).
    var parked: [LayoutKind: any LayoutController] = [:]
    /// The option values the user gave each layout (`--set`, a restored state); a layout not
    /// here starts with its defaults.
    var layoutOptions: [LayoutKind: LayoutOptionValues] = [:]
    var recognizer = GestureRecognizer()
    /// The options panel while it is open (O).
    var optionsPanel: OptionsPanel?
    /// The last layout file reload's error, until a good reload (`layoutReloadFailed`).
    var reloadError: String?
    var appendSequence: AppendSequence?
    /// Appends asked for (A) while another ran or a drag was in progress; each starts when the
    /// one before it is over.
    var queuedAppends = 0
    /// True when the press in progress went down while the content was scrolling: it caught the
    /// scroll, and is not also a tap on a card (iOS).
    var pressCaughtScroll = false
    let newCard: @Sendable (Deck) -> (source: CardSource, title: String)
    /// `Configuration.dropsAddPictures`.
    let dropsAddPictures: Bool
    /// Paths dropped on the window and not yet taken by the glue (`takeDroppedPaths`), one
    /// list per drop.
    var droppedPaths: [[String]] = []
    let emptyDeckLines: [String]
    /// The start hint while it shows.
    var hint: TransientText?
    /// The last confirmation message while it shows.
    var message: TransientText?
    /// Whether anything moved at the last `advance`: the HUD's numbers are measured while it
    /// does and say "at rest" when it stops.
    var wasMoving = false
    /// Whether the overlay shows the empty deck's panel.
    var showsEmptyDeckPanel = false
    /// The time of the last `advance(to:)`, for the per-frame time step.
    var lastFrameTime: Double?
    var statistics = FrameStatistics()
    /// True while a picture in view fades in (`reportPictures`).
    var picturesFading = false
    /// True while the picture pipeline has decodes in flight (`reportPictures`).
    var picturesWorking = false
    /// When the picture pipeline wants to look again without input (a pool due to shrink at
    /// rest), on the session's clock; `nil` for never.
    public var pictureWakeTime: Double?

    /// The cards of the frame `prepareFrame()` made, with ids, animations applied.
    public internal(set) var frameCards: [CardAttributes] = []
    /// How many of `frameCards` are drawn (not hidden, not transparent).
    public internal(set) var visibleCardCount = 0
    /// The visibility ordering the frame is drawn with (Z toggles it).
    public internal(set) var ordering: RenderOrdering
    /// True while the window is minimised (0 × 0): nothing to draw.
    public internal(set) var isMinimised = false
    /// True once Q was pressed or the window asked to close.
    public internal(set) var shouldQuit = false
    /// Screenshots asked for (S) and not yet taken.
    public internal(set) var screenshotRequests = 0
    /// Fullscreen toggles asked for (`F`, `F11`) since the glue last took them
    /// (`takeFullscreenRequests`): the window does the switch, the session sees the resize.
    public internal(set) var fullscreenRequests = 0
    /// Messages for the terminal too, until `takeNotices()`.
    var notices: [String] = []
    /// The heads-up display is shown (H).
    public internal(set) var showsHUD = false
    /// The key help is shown (?).
    public internal(set) var showsHelp = false
    /// The text panels to draw over the cards; `overlayRevision` grows when they change.
    public internal(set) var overlayPanels: [OverlayPanel] = []
    public internal(set) var overlayRevision = 0
    /// True when the screen may not show the session's state: an event, time passing while
    /// something moved, or an overlay change since the last `prepareFrame()`. The window draws
    /// a frame when this is set, so the last frame of every motion is drawn (SPEC §7).
    public internal(set) var needsDisplay = true
    /// The current card (SPEC §10): the one the arrows move, Enter and Space open, the window's
    /// title names and the state keeps; its deck id. `nil` while the deck is empty.
    public internal(set) var currentCardID: CardID?
    /// Grows when the current card changes (the window's title follows it).
    public internal(set) var currentCardRevision = 0
    /// The picture pipeline's last report (`reportPictures`), for the HUD.
    public internal(set) var pictureStatus = PictureStatus()
    /// The picture of a card as the pipeline knows it, picture points (its pixels over the
    /// screen's pixels per point); `nil` when unknown (no picture, not decoded yet). The photo
    /// view fits and zooms with it (`PhotoGeometry`); the frame's glue sets it.
    public var pictureSize: ((CardID) -> Size?)?
    /// Screen pixels per viewport point (HiDPI), from the glue: with `pictureSize` it gives a
    /// picture's pixel count, for the photo view's 64 MP limit.
    public var pixelsPerPoint = 1.0
    /// The picture opened whole, while the photo view shows (SPEC §10).
    var photoView: PhotoView?
    /// The picture flying back to its card after the photo view closed.
    var photoClosing: PhotoFlight?
    /// True once a key or a click has moved or used the current card: it carries the focus ring.
    var showsFocusRing = false
    /// The scroll destination the current card last followed (`followCurrentCard`).
    var followedDestination: Vec2?
    /// The current card's last index, where its neighbour takes over when it leaves the deck.
    var lastCurrentIndex = 0
    /// True when the last tap closed the photo view: the double-click's second tap opens nothing.
    var tapClosedPhoto = false
    /// The deck's culling marks, the filter and the store (SPEC §10; `ViewerSession+Culling.swift`).
    var culling = SessionCulling()

    public init(deck: Deck, configuration: Configuration = Configuration()) {
        let controller = Self.makeController(configuration.layout, options: configuration.layoutOptions)
        if let options = configuration.layoutOptions { layoutOptions[configuration.layout] = options }
        let viewport = configuration.viewport.isEmpty ? Size(width: 1280, height: 800) : configuration.viewport
        let physics = ViewerScene.makePhysics(for: controller, viewport: viewport, cardCount: deck.count,
                                              offset: configuration.offset)
        scene = ViewerScene(deck: deck, viewport: viewport, physics: physics)
        scene.eyeDistance = min(max(configuration.eyeDistance, Camera.eyeDistanceRange.lowerBound), Camera.eyeDistanceRange.upperBound)
        self.controller = controller
        currentCardID = deck.id(at: 0)  // SPEC §10: the first card, until the state or a key says otherwise
        ordering = configuration.ordering
        newCard = configuration.newCard
        dropsAddPictures = configuration.dropsAddPictures
        emptyDeckLines = configuration.emptyDeckLines
        if configuration.showsStartHint {
            hint = TransientText(lines: Self.hintLines, holdSeconds: TransientText.hintTiming.hold,
                                 fadeSeconds: TransientText.hintTiming.fade)
        }
        refreshOverlay()
    }

    /// Synthetic cards numbered after the deck's highest id: "New card 11".
    public static let syntheticCard: @Sendable (Deck) -> (source: CardSource, title: String) = { deck in
        let number = Int(deck.nextID) + 1
        return (.synthetic(number: number), "New card \(number)")
    }

    /// The controller of a registered layout with `options` (the defaults when `nil`): the
    /// controller of its behaviour's interaction over the layout the descriptor makes. An
    /// interaction whose controller needs a layout type the descriptor does not make falls back
    /// to the standard controller.
    static func makeController(_ kind: LayoutKind, options: LayoutOptionValues? = nil) -> any LayoutController {
        let descriptor = kind.descriptor
        let layout = descriptor.makeLayout(options)
        switch descriptor.behaviour.interaction {
        case .tabOverview:
            if let base = layout as? PagesLayout { return PagesController(base: base, kind: kind) }
        case .taskSwitcher:
            if let base = layout as? TasksLayout { return TasksController(base: base, kind: kind) }
        case .photoDeck:
            if let base = layout as? SlideBoxLayout { return SlideBoxController(base: base, kind: kind) }
        case .reorderableGrid:
            if let base = layout as? GridLayout { return GridController(base: base, kind: kind) }
        case .spinningWheel:
            if let base = layout as? WheelLayout { return WheelController(base: base, kind: kind) }
        case .carousel:
            if let base = layout as? CarouselLayout { return CarouselController(base: base, kind: kind) }
        case .standard:
            break
        }
        return StandardController(kind: kind, layout: layout, resting: descriptor.behaviour.resting)
    }

    // MARK: What tests and the glue read

    /// The deck with the user's edits, as shown: the cards the culling filter admits (the whole
    /// deck, for the state, is `savedDeck`).
    public var deck: Deck { scene.deck }
    /// Grows with every deck change that should be saved.
    public var deckRevision: Int { scene.deckRevision }
    public var layoutKind: LayoutKind { controller.kind }
    /// Grows when the layout or its options change (a switch, the wheel's radius): the state
    /// file remembers them.
    public internal(set) var layoutRevision = 0
    /// Grows when anything the state file holds changes: the deck, the layout or its options.
    public var stateRevision: Int { deckRevision + layoutRevision }
    /// The layout shown and its options as the user has set them, for the state file.
    public var savedLayout: SavedLayout {
        let kind = controller.kind
        var saved = SavedLayout(kind, values: controller.optionValues(layoutOptions[kind] ?? kind.descriptor.defaultValues))
        // Only another distance than the default is written: a state without one means 1500.
        if scene.eyeDistance != Camera.defaultEyeDistance { saved.cameraDistance = scene.eyeDistance }
        let culling = savedCulling
        if !culling.isEmpty { saved.culling = culling }
        return saved
    }
    /// The scroll offset, content points.
    public var offset: Vec2 { scene.physics.offset }
    /// The viewport the layouts see, points.
    public var viewport: Size { scene.viewport }
    /// The session's clock, seconds.
    public var time: Double { scene.time }
    /// The shared camera for the viewport, at the configured eye distance.
    public var camera: Camera { Camera(viewport: scene.viewport, eyeDistance: scene.eyeDistance) }
    /// The shared camera's distance from the plane z = 0, points.
    public var eyeDistance: Double { scene.eyeDistance }
    /// The card shown open: a highlighted page or an open task card.
    public var highlightedCard: CardID? { controller.highlightedCard }
    /// The card lifted in the grid.
    public var liftedCard: CardID? { (controller as? GridController)?.lift?.id }
    /// The wheel's radius, points.
    public var wheelRadius: Double { ((controller as? WheelController) ?? (parked[.wheel] as? WheelController))?.base.radius ?? WheelLayout().radius }
    /// True while an append (A) is on its way.
    public var isAppending: Bool { appendSequence != nil }
    /// True while anything moves by itself: an animation, the scroll, an append on its way
    /// (or queued), a finger-driven interaction (the grid's auto-scroll), a fading text or
    /// picture. The window draws frame after frame while it holds; the HUD is no reason (SPEC §7).
    public var needsFrames: Bool {
        scene.animator.isAnimating || !scene.physics.isSettled || appendSequence != nil || queuedAppends > 0
            || controller.isInteracting || controller.isAnimating(at: scene.time) || isFadingText || picturesFading || isPhotoFlying
    }

    /// The next time at which something changes without input — a press held still becomes a
    /// long press, a paused trackpad stream ends, the hint or a message starts to fade, decodes
    /// in flight may have finished — on the session's clock; `nil` when nothing is pending. A
    /// loop that sleeps until input arrives wakes by then and advances.
    public var nextDeadline: Double? {
        var due = recognizer.nextDueTime
        if let poll = pictureDeadline { due = min(due ?? poll, poll) }
        if let poll = cullDeadline { due = min(due ?? poll, poll) }
        if let start = hint?.fadeStart, start > scene.time { due = min(due ?? start, start) }
        if let start = message?.fadeStart, start > scene.time { due = min(due ?? start, start) }
        return due
    }

    // MARK: Input and time

    /// Handles one event at its time: physics, animations and pending gestures first catch up
    /// to it. Events earlier than the clock count as happening now.
    public func handle(_ event: ViewerEvent) {
        catchUp(to: event.time)
        if changesDisplay(event) { needsDisplay = true }
        if isInput(event) { dismissHint() }
        switch event {
        case .pointer(let pointer):
            if pointer.kind != .cancel { scene.pointer = pointer.position }
            if handleOptionsPanelPointer(pointer) { break }
            route(recognizer.handle(pointer))
            if pointer.kind == .up || pointer.kind == .cancel { settleCaughtScroll() }
        case .scroll(let scroll):
            if handleOptionsPanelScroll(scroll) { break }
            route(recognizer.handle(scroll))
        case .key(let key):
            route(recognizer.handle(key))
        case .resize(let size, _):
            resize(to: size)
        case .close:
            quit()
        case .redraw:
            break  // nothing changed; the glue draws the frame again
        case .drop(let paths, _):
            if !paths.isEmpty { droppedPaths.append(paths) }  // the glue lists them (`takeDroppedPaths`)
        }
    }

    /// Advances to the frame at `time`: catches up, then does the per-frame work (grid
    /// auto-scroll by whole points) with the step since the last frame.
    public func advance(to time: Double) {
        catchUp(to: time)
        let dt = lastFrameTime.map { scene.time - $0 } ?? 0
        lastFrameTime = scene.time
        if dt > 0 { controller.tick(dt, in: &scene) }
        updateOverlay()
    }

    /// Moves the clock to `time` (never backwards): physics, due gestures, finished animations,
    /// and the append sequence's next step.
    func catchUp(to time: Double) {
        guard time.isFinite else { return }
        let target = max(time, scene.time)
        // Whatever moved until now shows differently at the new time, the last step included.
        if target > scene.time, needsFrames { needsDisplay = true }
        scene.physics.step(target - scene.time)
        scene.time = target
        route(recognizer.tick(target))
        _ = scene.animator.update(to: target)
        stepAppend()
        landPhotoFlights()
        pollCulling()
        followCurrentCard()
    }

    /// Takes the notices given since the last call: messages shown on screen that also belong
    /// in the terminal (an append refused), one line each.
    public func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// Takes the fullscreen toggles asked for since the last call: an odd count switches.
    public func takeFullscreenRequests() -> Int {
        defer { fullscreenRequests = 0 }
        return fullscreenRequests
    }

    /// Takes the screenshot requests made since the last call.
    public func takeScreenshotRequests() -> Int {
        defer { screenshotRequests = 0 }
        return screenshotRequests
    }

    /// Asks the session to end (as Q does): an interaction in progress is cancelled, so the
    /// deck is saved as it was before it.
    public func quit() {
        controller.cancelInteraction(in: &scene)
        shouldQuit = true
    }

    // MARK: Frames

    /// Lays out the frame at the session's time into `frameCards`.
    ///
    /// - Complexity: O(k) for k visible cards; no allocation once warm while nothing animates
    ///   off the visible list.
    public func prepareFrame() {
        scene.presentedCards(of: controller, into: &frameCards)
        if photoView != nil || photoClosing != nil { applyPhotoView(to: &frameCards) }
        frameLaidOut(visibleCards: Self.drawnCount(frameCards))
    }

    /// Records that the frame at the session's time was laid out (by `prepareFrame()` or the
    /// bulk path) with `count` cards visible: the screen is no longer behind.
    func frameLaidOut(visibleCards count: Int) {
        if count != visibleCardCount {
            visibleCardCount = count
            if showsHUD { refreshOverlay() }
        }
        needsDisplay = false
    }

    /// How many cards of `cards` are drawn (not hidden, not transparent).
    static func drawnCount(_ cards: [CardAttributes]) -> Int {
        var count = 0
        var index = 0
        while index < cards.count {
            if !cards[index].isHidden, cards[index].alpha > 0 { count += 1 }
            index += 1
        }
        return count
    }

    /// Records how long the last frame took, for the HUD: `interval` from the previous frame's
    /// start (`nil` for the first frame after the viewer slept: a pause is no frame time),
    /// `layoutSeconds` for `prepareFrame()`. While frames are drawn the HUD's numbers change
    /// every `FrameStatistics.refreshInterval`.
    public func recordFrame(interval: Double?, layoutSeconds: Double) {
        statistics.record(interval: interval, layoutSeconds: layoutSeconds)
        if needsFrames, statistics.refresh(at: scene.time), showsHUD { refreshOverlay() }
    }
}
