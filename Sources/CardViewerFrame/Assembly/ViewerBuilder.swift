import CardCulling
import CardInteraction
import CardLayout
import CardMath
import CardPacking
import CardPictureFolders
import CardRendering
import CardSidecars
import CardViewerCore

/// The one place a viewer is assembled: a deck, a layout with its options and a surface in; a
/// session, its renderer, its frame, its picture pipeline and (for a window or a replay) its
/// overlay out. The window, `cardviewer render`, replays (windowed or headless) and both
/// benchmarks (`bench`, `bench --images`) build their viewers here, so what the benchmarks
/// time is what a user runs.
///
/// Two steps, so that a bad deck is reported before a window opens: `loadDeck()` lists the
/// deck (nothing is decoded) and restores its saved state; `build(_:on:viewport:)` makes the
/// session and the GPU side on a current `GraphicsContext` (a GLFW window or an EGL offscreen
/// context). `build(on:viewport:)` does both.
public struct ViewerBuilder {
    /// Where the cards come from: the bundled deck, `--cards N` (the bundled pictures in turn),
    /// or a picture folder (`--images DIR`, with `pictures.thumbnailCache`).
    public var deck: DeckSpec
    /// The layout to start in: passed through to `ViewerSession.Configuration` as it is.
    public var layout: LayoutKind
    /// The layout's option values (`--set`); `nil`: its defaults. Passed through likewise.
    public var layoutOptions: LayoutOptionValues?
    /// True when the command line named the layout (`--layout`): it wins over the layout a
    /// state file remembers. When false, a restored state's layout is shown (SPEC §12); the
    /// options set on the command line win over saved ones either way.
    public var layoutNamedByUser = true
    /// The shared camera's eye distance the command line gives (`--camera-distance`) for every
    /// layout, points; `nil`: the state file's, else each layout's own
    /// (`LayoutDescriptor.preferredEyeDistance`). The command line wins.
    public var eyeDistance: Double?
    /// The visibility ordering frames are drawn with.
    public var ordering: RenderOrdering = .depth
    /// The scroll offset to start at (clamped to the content), content points.
    public var offset: Vec2 = .zero
    /// True when the command line gave the offset (`--offset`): it wins over the state's.
    /// When false, the state's offset is restored if the state's layout is the one shown.
    public var offsetNamedByUser = true
    /// Where the deck's state is restored from (`--state FILE`); `nil`: a fresh deck.
    public var store: DeckStore?
    /// The picture pipeline's settings (thumbnail cache, pools, workers, fades).
    public var pictures = PictureOptions()
    /// Show the start hint on the first frames (an interactive window only).
    public var showsStartHint = false
    /// List a deck of PATHs as it is found (`DeckListing`): the first folder before the first
    /// frame, the rest appended as listed. Only for a deck without a saved state (a state is
    /// reconciled with the whole listing); an interactive window sets it, replays and `render`
    /// list everything first (their frames must not depend on the listing's speed).
    public var streamsListing = false
    /// The deck's order the command line names (`--sort`); `nil`: the state's, else by name.
    /// A deck of pictures is put in this order at start when it is fresh, or when the sort
    /// differs from the one its state was saved with (a manual order is then replaced); a
    /// restored deck whose sort is unchanged keeps its saved order (`docs/formats/state.md`).
    public var sort: PictureSort?
    /// What the viewer says while the deck is empty.
    public var emptyDeckLines = ViewerSession.emptyDeckLines
    /// Make the text overlay (HUD, help, messages): a window or a replay draws it; `render` and
    /// the benchmarks do not.
    public var drawsOverlay = false
    /// The overlay's first text waits for the titles' font to be found (`ViewerOverlay`): a
    /// replay's frames do not depend on how fast that is. A window shows the pixel font until then.
    public var overlayWaitsForFont = false
    /// One-line warnings from the picture pipeline (unreadable pictures, an unwritable
    /// thumbnail cache, no font for titles).
    public var warn: @Sendable (String) -> Void = { _ in }
    /// Card programs another thread compiles for the renderer `build` makes (nil: it compiles
    /// them all itself).
    public var compileAhead: CompileAhead?

    public init(deck: DeckSpec, layout: LayoutKind) {
        self.deck = deck
        self.layout = layout
    }

    /// A deck listed and restored, not yet shown.
    public struct LoadedDeck: Sendable {
        /// The pictures (names and sizes; nothing decoded) and how new cards are made.
        public var catalog: DeckCatalog
        /// The cards in order: fresh, or restored from `store`.
        public var deck: Deck
        /// Problems met while listing and restoring, one line each (the deck is shown anyway).
        public var warnings: [String]
        /// True when the restored deck differs from its state file (save it soon).
        public var needsSave: Bool
        /// The layout the state file remembers, if any.
        public var savedLayout: SavedLayout? = nil
        /// The listing still going on (`streamsListing`): its pictures are to be appended.
        public var listing: DeckListing? = nil
        /// The deck's sort, as shown and saved: the command line's, else the state's, else name.
        public var sort: PictureSort = .name
        /// True when the start put the cards in `sort`'s order (the saved scroll no longer fits them).
        public var resorted = false
    }

    /// Lists the deck and restores its saved state (from `store`).
    ///
    /// - Throws: `DeckLoadError` for a deck that cannot be shown (a missing folder),
    ///   `DeckStoreError` for a state file that cannot be read.
    public func loadDeck() throws -> LoadedDeck {
        var listed: (catalog: DeckCatalog, warnings: [String])
        var listing: DeckListing?
        // Only the name order streams: any other needs every picture listed (and, for time,
        // read) before the first card can be placed.
        if streamsListing, (sort ?? .name) == .name, case .paths(let paths, let recursive) = deck, store?.hasFile != true {
            let started = try DeckLoader.startListing(paths, recursive: recursive)
            listed = (started.catalog, started.warnings)
            listing = started.rest
        } else {
            listed = try DeckLoader.catalog(for: deck)
        }
        let outcome = try DeckLoader.restore(&listed.catalog, store: store)
        var warnings = listed.warnings + outcome.warnings
        if let saved = outcome.layout {
            if let distance = saved.cameraDistance, !Camera.eyeDistanceRange.contains(distance) {
                // The distance named on the command line wins: the line names the one used.
                warnings.append("the state file's camera distance \(distance) is outside \(Camera.eyeDistanceRange.lowerBound)…\(Camera.eyeDistanceRange.upperBound); using \(eyeDistance.map { "\($0)" } ?? "each layout's own")")
            }
            if let resolved = saved.resolved() {
                if !resolved.dropped.isEmpty {
                    warnings.append("the state file's options \(resolved.dropped.joined(separator: ", ")) are not options of layout \(saved.name) (or out of range); left out")
                }
            } else if saved.file == nil {
                // A layout file's layout is registered after this (`ViewerProgram`), which names
                // the file when it cannot be, and the layout shown then.
                warnings.append("the state file's layout '\(saved.name)' is not known (cardviewer layouts lists them); showing \(layout.name)")
            }
        }
        var loaded = LoadedDeck(catalog: listed.catalog, deck: outcome.deck, warnings: warnings,
                                needsSave: outcome.needsSave, savedLayout: outcome.layout, listing: listing)
        applySort(to: &loaded, restored: outcome.restored)
        return loaded
    }

    /// Puts a deck of pictures in its sort's order (`sort`): a fresh deck when the sort is not
    /// by name (the listing already is), a restored one only when the command line's sort
    /// differs from the state's (which keeps the user's manual order otherwise); the state is
    /// then saved soon with the new order and sort.
    func applySort(to loaded: inout LoadedDeck, restored: Bool) {
        let savedSort = loaded.savedLayout?.sort ?? .name
        loaded.sort = sort ?? (restored ? savedSort : .name)
        guard loaded.catalog.isPhotoDeck else { return }
        let changes = restored ? sort.map { $0 != savedSort } ?? false : loaded.sort != .name
        guard changes else { return }
        DeckSorting.sort(&loaded.deck, catalog: loaded.catalog, by: loaded.sort, saved: loaded.savedLayout?.culling,
                         store: Self.makeCullMarkStore())
        loaded.needsSave = true
        loaded.resorted = true
    }

    /// The layout to start in and its options: the command line's, with what the state file
    /// remembers where the command line is silent — its layout when `--layout` was not given,
    /// its options for that layout under the ones `--set` gives.
    public func startingLayout(restoring saved: SavedLayout?) -> (kind: LayoutKind, options: LayoutOptionValues?) {
        guard let saved, let resolved = saved.resolved() else { return (layout, layoutOptions) }
        guard !layoutNamedByUser || resolved.kind == layout else { return (layout, layoutOptions) }
        var values = resolved.values
        for (name, value) in layoutOptions?.overrides ?? [:] { try? values.set(name, to: value) }
        return (resolved.kind, values)
    }

    /// The scroll offset to start at: the command line's (`--offset`), else the state's when
    /// the state's layout is the one shown (an offset is in that layout's content points).
    public func startingOffset(restoring saved: SavedLayout?, kind: LayoutKind) -> Vec2 {
        guard !offsetNamedByUser, let saved, let restored = saved.offset, saved.name == kind.name else { return offset }
        return restored
    }

    /// The card current at start: a single file PATH's picture (the command line wins), else
    /// the state's current card when it is still in the deck; `nil`: the first card.
    public func startingCard(_ loaded: LoadedDeck) -> CardID? {
        if let picture = loaded.catalog.startPicture, let source = loaded.catalog.source(ofPicture: picture),
           let card = loaded.deck.cards.first(where: { $0.source == source }) {
            return card.id
        }
        guard let current = loaded.savedLayout?.currentCard, loaded.deck.index(of: CardID(current)) != nil else { return nil }
        return CardID(current)
    }

    /// The eye distance fixed for every layout, points: the command line's, else the state
    /// file's when it is in `Camera.eyeDistanceRange` and not the saved layout's own (a state
    /// from before layouts had their own distance may hold 500 for a carousel: that is the
    /// carousel's look, not a choice for every layout); `nil`: each layout's own.
    public func fixedEyeDistance(restoring saved: SavedLayout?) -> Double? {
        if let eyeDistance { return eyeDistance }
        guard let saved, let distance = saved.cameraDistance, Camera.eyeDistanceRange.contains(distance) else { return nil }
        let own = LayoutRegistry.shared.descriptor(named: saved.name)?.preferredEyeDistance
        return distance == own ? nil : distance
    }

    /// The eye distance to start with, points: the fixed one (`fixedEyeDistance`), else the
    /// starting layout's own.
    public func startingEyeDistance(restoring saved: SavedLayout?) -> Double {
        fixedEyeDistance(restoring: saved) ?? ViewerSession.preferredEyeDistance(of: startingLayout(restoring: saved).kind)
    }

    /// Assembles the viewer of `loaded` on `context`, which must be current on this thread.
    ///
    /// - Parameter viewport: the viewport in points (a window's size, which differs from its
    ///   drawable on HiDPI displays); `nil`: the drawable's size, one point per pixel.
    /// - Throws: `RenderError` when OpenGL 3.3 or a resource is not available.
    /// - Parameter prefetch: the first screen's pictures being prepared while the surface opened
    ///   (`startFirstScreenPrefetch`), for the same viewport.
    public func build(_ loaded: LoadedDeck, on context: GraphicsContext, viewport: Size? = nil,
                      prefetch: FirstScreenPrefetch? = nil) throws -> AssembledViewer {
        let pixels = context.drawableSize
        let session = makeSession(loaded, viewport: viewport ?? Size(width: Double(pixels.width), height: Double(pixels.height)))
        let renderer = try CardRenderer(context: context)
        renderer.compileAhead = compileAhead
        let pictures = try ViewerPictures(catalog: loaded.catalog, session: session, renderer: renderer, options: self.pictures,
                                          prefetch: prefetch, warn: warn)
        // Marks are read from the store in the background, the current card's neighbours first.
        session.attachCulling(store: Self.makeCullMarkStore(), saved: loaded.savedLayout?.culling,
                              readsFiles: loaded.catalog.isPhotoDeck) { [weak pictures] card in
            pictures?.catalog.cullingPaths(of: card) ?? []
        }
        let ranks = PictureRanks()
        session.pictureRanks = { [weak pictures] sort in
            guard let catalog = pictures?.catalog, catalog.isPhotoDeck, !catalog.pictures.isEmpty else { return nil }
            return ranks.ranks(in: catalog, by: sort)
        }
        let frame = ViewerFrameRenderer(session: session, renderer: renderer, pictures: pictures)
        let overlay = drawsOverlay ? try ViewerOverlay(context: context, waitsForFont: overlayWaitsForFont,
                                                       titleWorkshop: prefetch?.titleWorkshop) : nil
        return AssembledViewer(catalog: loaded.catalog, frame: frame, overlay: overlay)
    }

    /// The textures of `loaded`'s first frame in a framebuffer of `framebuffer` pixels showing
    /// `viewport` points: what `compileAhead` must compile for.
    public func firstFrameShapes(_ loaded: LoadedDeck, framebuffer: PixelSize, viewport: Size) -> CompileAhead.Shapes {
        ViewerPictures.firstFrameShapes(showsTitles: loaded.catalog.showsTitles, framebuffer: framebuffer, viewport: viewport,
                                        options: pictures)
    }

    /// Starts preparing the pictures of the first screen of `loaded` in a window of `viewport`
    /// points at one pixel per point, before the window opens (`FirstScreenPrefetch`): `build`
    /// given it then finds them ready. `nil` for a deck without picture files.
    public func startFirstScreenPrefetch(_ loaded: LoadedDeck, viewport: Size) -> FirstScreenPrefetch? {
        guard loaded.catalog.isPhotoDeck, !loaded.catalog.pictures.isEmpty else { return nil }
        let framebuffer = PixelSize(width: Int(viewport.width.rounded()), height: Int(viewport.height.rounded()))
        let cache = ViewerPictures.thumbnailCache(for: loaded.catalog, options: pictures, warn: warn)
        let session = makeSession(loaded, viewport: viewport)
        let predicted = FirstScreenPrefetch.predicted(session: session, catalog: loaded.catalog, framebuffer: framebuffer, cache: cache,
                                                      fullLayers: ViewerPictures.poolPlan(framebuffer: framebuffer, options: pictures).fullLayers)
        guard !predicted.loads.isEmpty else { return nil }
        return FirstScreenPrefetch(loads: predicted.loads, fullTier: predicted.fullTier, titles: predicted.titles,
                                   decoding: ViewerPictures.decoding(pictures), cache: cache)
    }

    /// The session of `loaded` at `viewport` points: the starting layout, offset, camera and
    /// current card restored as the command line and the state say.
    func makeSession(_ loaded: LoadedDeck, viewport: Size) -> ViewerSession {
        let start = startingLayout(restoring: loaded.savedLayout)
        let configuration = ViewerSession.Configuration(
            layout: start.kind, layoutOptions: start.options, viewport: viewport,
            ordering: ordering, offset: startingOffset(restoring: loaded.savedLayout, kind: start.kind), newCard: loaded.catalog.newCard, showsStartHint: showsStartHint,
            emptyDeckLines: emptyDeckLines)
        var configured = configuration
        configured.eyeDistance = fixedEyeDistance(restoring: loaded.savedLayout)
        configured.dropsAddPictures = loaded.catalog.isPhotoDeck
        let session = ViewerSession(deck: loaded.deck, configuration: configured)
        session.deckSort = loaded.sort
        if let id = startingCard(loaded) {
            // A state's own current card keeps the state's scroll; a picture named on the command
            // line (`cardviewer FILE`) is brought into view.
            let fromState = loaded.catalog.startPicture == nil && !offsetNamedByUser
                && loaded.savedLayout?.offset != nil && loaded.savedLayout?.name == start.kind.name && !loaded.resorted
            session.makeCurrent(id, revealing: !fromState)
        }
        return session
    }

    /// `loadDeck()`, its warnings to `warn`, then `build(_:on:viewport:)`.
    public func build(on context: GraphicsContext, viewport: Size? = nil) throws -> AssembledViewer {
        let loaded = try loadDeck()
        loaded.warnings.forEach(warn)
        return try build(loaded, on: context, viewport: viewport)
    }

    /// The store culling marks are read from and written to (SPEC §10): the one place it is made.
    /// XMP sidecars beside the pictures (`XMPSidecarStore`: `NAME.EXT.xmp`, read also from
    /// `NAME.xmp` and embedded XMP; docs/formats/xmp-sidecars.md). A deck without picture files
    /// never asks it (`attachCulling(readsFiles:)`): its marks live in the state.
    public static func makeCullMarkStore() -> any CullMarkStore {
        XMPSidecarStore()
    }

    /// Frames up to this many pixels are multisampled 4× offscreen; larger ones are not, to keep
    /// memory in bounds (a 16k × 16k frame would need 8 GiB with 4 samples).
    public static let multisampledPixelLimit = 4096 * 4096

    /// An offscreen surface of `size` points at `scale` pixels per point, multisampled 4× up to
    /// `multisampledPixelLimit` pixels (or `samples`, when given): `render` and headless replays.
    ///
    /// - Throws: `RenderError` when headless OpenGL 3.3 is not available.
    public static func offscreenSurface(size: Size, scale: Double = 1, samples: Int? = nil) throws -> EGLOffscreenContext {
        let pixels = framebufferSize(viewport: size, scale: scale)
        return try EGLOffscreenContext(size: pixels, samples: samples ?? offscreenSamples(pixels))
    }

    /// The framebuffer of a viewport of `viewport` points at `scale` pixels per point (a HiDPI
    /// scale; `--scale` of headless frames), pixels: each side × `scale`, rounded.
    public static func framebufferSize(viewport: Size, scale: Double = 1) -> PixelSize {
        let k = scale.isFinite && scale > 0 ? scale : 1
        return PixelSize(width: Int((viewport.width * k).rounded()), height: Int((viewport.height * k).rounded()))
    }

    /// The samples per pixel of an offscreen frame of `pixels`.
    public static func offscreenSamples(_ pixels: PixelSize) -> Int {
        pixels.width * pixels.height <= multisampledPixelLimit ? 4 : 1
    }
}
