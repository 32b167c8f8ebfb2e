import CardCulling
import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking
import CardPictureFolders
import CardPixels

/// The interactive viewer without a window, as a coordinator: the deck and the scene the
/// layouts work on, the clock, the views (`views`, top first) and the frame it hands out. It
/// consumes timestamped events (`handle(_:)`) and time (`advance(to:)`), routes them to the
/// views (`ViewerSession+Routing.swift`), and produces what to draw (`prepareFrame()` →
/// `frameCards`, `offset`, `camera`, `ordering`, `overlayPanels`), when to draw it
/// (`needsFrames`, `needsDisplay`, `nextDeadline`: see `ViewerSession+Redraw.swift`),
/// screenshot requests and quit.
///
/// Each view owns its state, its keys and what it draws: the layout view (`LayoutView`: the
/// controller, the current card, appends), the photo view (`PhotoView`), the options panel,
/// the help and the HUD. The session keeps only what they share: the scene, the clock, the
/// gesture recognizer, the culling marks (`SessionCulling`, shared by every view), the
/// messages at the bottom of the window, and the requests for the glue.
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
        /// The shared camera's distance from the plane z = 0 for every layout, points
        /// (`--camera-distance` or the state's, clamped to `Camera.eyeDistanceRange`); `nil`:
        /// each layout's own (`LayoutDescriptor.preferredEyeDistance`, animated on a switch).
        public var eyeDistance: Double?
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

    /// The deck, viewport, scroll physics, animator and clock every view and controller works on.
    var scene: ViewerScene
    var recognizer = GestureRecognizer()

    // MARK: The views
    // Each view keeps an unowned reference to the session, so the views are made once the
    // session is (in `init`): implicitly unwrapped, and set before anything can read them.

    /// The layouts: the view at the bottom, always open.
    private(set) var layout: LayoutView!
    /// A picture opened whole, over the layouts.
    private(set) var photo: PhotoView!
    /// The compare view (`C`: two to four pictures side by side, SPEC §13).
    private(set) var compare: CompareView!
    /// The options of the layout shown (O), at the top right.
    private(set) var options: OptionsPanelView!
    /// The key help (?) of the view under it.
    private(set) var help: HelpView!
    /// The filter menu (`Shift+V`).
    private(set) var filterMenu: FilterMenuView!
    /// The info panel (`I`, in the photo view).
    private(set) var info: InfoView!
    /// `E`'s prompt and the export it runs.
    private(set) var exportPrompt: ExportPromptView!
    /// The histogram and clipping warnings (`G`, in the photo view).
    private(set) var histogram: HistogramView!
    /// The heads-up display (H), at the top left.
    private(set) var hud: HUDView!
    /// Every view, top first: events go through this list (`ViewerSession+Routing.swift`), and
    /// the overlay is drawn from its end (the bottom) up. A new view is one entry here.
    private(set) var views: [any ViewerView] = []

    // MARK: What the views share

    /// The deck's culling marks, the filter and the store (SPEC §10), for every view.
    private(set) var culling: SessionCulling!
    /// True when the press in progress went down while the content was scrolling: it caught the
    /// scroll, and is not also a tap on a card (iOS).
    var pressCaughtScroll = false
    /// True when the last single click went to a view above the layouts (it closed the photo
    /// view): the second click of its double-click opens nothing.
    var lastTapWentAbove = false
    /// Paths dropped on the window and not yet taken by the glue (`takeDroppedPaths`), one
    /// list per drop.
    var droppedPaths: [[String]] = []
    /// The start hint while it shows.
    var hint: TransientText?
    /// The last confirmation message while it shows.
    var message: TransientText?
    /// The time of the last `advance(to:)`, for the per-frame time step.
    var lastFrameTime: Double?
    /// True while a picture in view fades in (`reportPictures`).
    var picturesFading = false
    /// True while the picture pipeline has decodes in flight (`reportPictures`).
    var picturesWorking = false
    /// When the picture pipeline wants to look again without input (a pool due to shrink at
    /// rest), on the session's clock; `nil` for never.
    public var pictureWakeTime: Double?

    /// The cards of the frame `prepareFrame()` made, with ids, animations applied.
    public internal(set) var frameCards: [CardAttributes] = []
    /// The cards `frameCards` holds from the start: more than any layout shows at once on a
    /// window, so a layout whose count of visible cards varies as it scrolls (a helix turning)
    /// does not grow the array, an allocation, the first time it shows more.
    static let frameCardsCapacity = 256
    /// How many of `frameCards` are drawn (not hidden, not transparent).
    public internal(set) var visibleCardCount = 0
    /// The visibility ordering the frame is drawn with (Z toggles it).
    public internal(set) var ordering: RenderOrdering
    /// True while the window is minimised (0 × 0): nothing to draw.
    public internal(set) var isMinimized = false
    /// True once Q was pressed or the window asked to close.
    public internal(set) var shouldQuit = false
    /// Screenshots asked for (S) and not yet taken.
    public internal(set) var screenshotRequests = 0
    /// Fullscreen toggles asked for (`F`, `F11`) since the glue last took them
    /// (`takeFullscreenRequests`): the window does the switch, the session sees the resize.
    public internal(set) var fullscreenRequests = 0
    /// Messages for the terminal too, until `takeNotices()`.
    var notices: [String] = []
    /// The text panels to draw over the cards; `overlayRevision` grows when they change.
    public internal(set) var overlayPanels: [OverlayPanel] = []
    public internal(set) var overlayRevision = 0
    /// True when the screen may not show the session's state: an event, time passing while
    /// something moved, or an overlay change since the last `prepareFrame()`. The window draws
    /// a frame when this is set, so the last frame of every motion is drawn (SPEC §7).
    public internal(set) var needsDisplay = true
    /// Grows when the layout or its options change (a switch, the wheel's radius), or the
    /// culling the state keeps: the state file remembers them.
    public internal(set) var layoutRevision = 0
    /// The picture pipeline's last report (`reportPictures`), for the HUD.
    public internal(set) var pictureStatus = PictureStatus()
    /// The picture of a card as the pipeline knows it, picture points (its pixels over the
    /// screen's pixels per point); `nil` when unknown (no picture, not decoded yet). The photo
    /// view fits and zooms with it (`PhotoGeometry`); the frame's glue sets it.
    public var pictureSize: ((CardID) -> Size?)?
    /// A card's file and picture as the pipeline knows them (name, bytes, pixels, camera
    /// settings once read): what the info panel shows (`I`); `nil` for a card without a file.
    /// The frame's glue sets it; it must not wait for a file.
    public var pictureDetails: ((CardID) -> PictureDetails?)?
    /// The ranks of the deck's pictures under a sort (lower first; nil for a card without a
    /// picture of the listing, such as one added by a drop), for sorting in the window (the
    /// `Shift+V` menu): by name, capture time and file size from the glue, which knows the files
    /// (a capture-time sort reads each picture's header the first time, on the caller's thread);
    /// nil when the deck has no pictures. The rating sort is the session's own (its marks).
    public var pictureRanks: ((PictureSort) -> ((DeckCard) -> Int?)?)?
    /// True while the window covers its monitor (the glue sets it after each `F`): the info
    /// panel then shows for a second after each step (SPEC §13), the name being nowhere else.
    public var isFullscreen = false
    /// A card's picture's histogram (SPEC §13, `G`), once counted off the frame thread; `nil`
    /// while counting, or for a card without a picture file. Asked only while the histogram
    /// shows; the frame's glue sets it, and it must not wait.
    public var pictureHistogram: ((CardID) -> PictureHistogram?)?
    /// Screen pixels per viewport point (HiDPI), from the glue.
    public var pixelsPerPoint = 1.0
    /// The photo view's picture's finest decoded scale (decoded pixels per picture pixel) when
    /// it could only be decoded reduced (held whole within the caps: 0.5 for half its size),
    /// `nil` for its own pixels; from the glue. Past it the zoom magnifies, and says so.
    public var photoDetailLimit: Double? {
        didSet { if photoDetailLimit != oldValue { refreshOverlay() } }
    }

    public init(deck: Deck, configuration: Configuration = Configuration()) {
        let controller = ControllerTable.controller(for: configuration.layout, options: configuration.layoutOptions)
        let viewport = configuration.viewport.isEmpty ? Size(width: 1280, height: 800) : configuration.viewport
        let physics = ViewerScene.makePhysics(for: controller, viewport: viewport, cardCount: deck.count,
                                              offset: configuration.offset)
        scene = ViewerScene(deck: deck, viewport: viewport, physics: physics)
        fixedEyeDistance = configuration.eyeDistance.map { min(max($0, Camera.eyeDistanceRange.lowerBound), Camera.eyeDistanceRange.upperBound) }
        scene.eyeDistance = fixedEyeDistance ?? Self.preferredEyeDistance(of: configuration.layout)
        ordering = configuration.ordering
        frameCards.reserveCapacity(Self.frameCardsCapacity)
        layout = LayoutView(session: self, controller: controller, configuration: configuration)
        photo = PhotoView(session: self)
        compare = CompareView(session: self)
        options = OptionsPanelView(session: self)
        help = HelpView(session: self)
        hud = HUDView(session: self)
        filterMenu = FilterMenuView(session: self)
        info = InfoView(session: self)
        exportPrompt = ExportPromptView(session: self)
        histogram = HistogramView(session: self)
        views = [help, filterMenu, exportPrompt, info, histogram, options, hud, compare, photo, layout]
        culling = SessionCulling(session: self)
        if configuration.showsStartHint {
            hint = TransientText(lines: Self.hintLines, holdSeconds: TransientText.hintTiming.hold,
                                 fadeSeconds: TransientText.hintTiming.fade)
        }
        refreshOverlay()
    }

    /// Adds `view` to the list at `position` (0: on top of every view), as the list in `init`
    /// does for the built-in views: how a test adds a view without editing a file.
    func insert(_ view: any ViewerView, at position: Int) {
        views.insert(view, at: min(max(position, 0), views.count))
        refreshOverlay()
    }

    /// Synthetic cards numbered after the deck's highest id: "New card 11".
    public static let syntheticCard: @Sendable (Deck) -> (source: CardSource, title: String) = { deck in
        let number = Int(deck.nextID) + 1
        return (.synthetic(number: number), "New card \(number)")
    }

    /// The controller of a registered layout with `options` (the defaults when `nil`), from the
    /// controllers' table (`ControllerTable`).
    static func makeController(_ kind: LayoutKind, options: LayoutOptionValues? = nil) -> any LayoutController {
        ControllerTable.controller(for: kind, options: options)
    }

    // MARK: What tests and the glue read

    /// The deck with the user's edits, as shown: the cards the culling filter admits (the whole
    /// deck, for the state, is `savedDeck`).
    public var deck: Deck { scene.deck }
    /// Grows with every deck change that should be saved.
    public var deckRevision: Int { scene.deckRevision }
    /// Grows when anything the state file holds changes: the deck, the layout or its options.
    public var stateRevision: Int { deckRevision + layoutRevision }
    /// The deck's sort (`--sort`, or the state's), saved with the layout (`"sort"`); the
    /// session never reorders by it: the deck was put in its order at start (`ViewerBuilder`).
    public var deckSort: PictureSort = .name

    /// The layout shown and its options as the user has set them, for the state file.
    public var savedLayout: SavedLayout {
        var saved = layout.savedLayout
        if deckSort != .name { saved.sort = deckSort }
        // Only a distance the user fixed is written, and not when it is the layout's own: a
        // state without one means each layout's own.
        if let fixed = fixedEyeDistance, fixed != Self.preferredEyeDistance(of: layout.kind) { saved.cameraDistance = fixed }
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
    /// The shared camera's distance from the plane z = 0 now, points (on its way to a new
    /// layout's during a switch).
    public var eyeDistance: Double { scene.eyeDistance }
    /// The eye distance the user fixed for every layout (`--camera-distance`, or the state's),
    /// points; `nil`: each layout's own.
    public let fixedEyeDistance: Double?

    /// The eye distance layout `kind` is seen from when the user fixed none, points
    /// (`LayoutDescriptor.preferredEyeDistance`; the default for a layout not registered).
    public static func preferredEyeDistance(of kind: LayoutKind) -> Double {
        LayoutRegistry.shared.descriptor(named: kind.name)?.preferredEyeDistance ?? Camera.defaultEyeDistance
    }

    /// The eye distance the session shows layout `kind` from: the fixed one, else the layout's own.
    func eyeDistance(for kind: LayoutKind) -> Double { fixedEyeDistance ?? Self.preferredEyeDistance(of: kind) }

    /// True while anything moves by itself: an animation, the scroll, a view's own motion (an
    /// append on its way, a finger-driven interaction, a picture flying open), a fading text or
    /// picture. The window draws frame after frame while it holds; the HUD is no reason (SPEC §7).
    public var needsFrames: Bool {
        if scene.animator.isAnimating || !scene.physics.isSettled || isFadingText || picturesFading || scene.eyeDistanceAnimates { return true }
        var index = 0
        while index < views.count {
            if views[index].needsFrames { return true }
            index += 1
        }
        return false
    }

    /// The next time at which something changes without input — a press held still becomes a
    /// long press, a paused trackpad stream ends, the hint or a message starts to fade, decodes
    /// in flight may have finished — on the session's clock; `nil` when nothing is pending. A
    /// loop that sleeps until input arrives wakes by then and advances.
    public var nextDeadline: Double? {
        var due = recognizer.nextDueTime
        if let poll = pictureDeadline { due = min(due ?? poll, poll) }
        if let poll = culling.deadline { due = min(due ?? poll, poll) }
        if let poll = exportPrompt.deadline { due = min(due ?? poll, poll) }
        if let end = info.flashEnd, end > scene.time { due = min(due ?? end, end) }
        if let start = hint?.fadeStart, start > scene.time { due = min(due ?? start, start) }
        if let start = message?.fadeStart, start > scene.time { due = min(due ?? start, start) }
        return due
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
        layout.cancelInteraction()
        shouldQuit = true
    }
}
