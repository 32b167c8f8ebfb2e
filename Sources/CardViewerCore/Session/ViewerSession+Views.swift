import CardCulling
import CardInteraction
import CardLayout
import CardMath

/// What the glue and the tests read of the views, and ask of them, through the session: each
/// answer comes from the view that owns it.
extension ViewerSession {
    // MARK: The layout view

    /// The layout shown.
    public var layoutKind: LayoutKind { layout.kind }
    /// The card shown open: a highlighted page or an open task card.
    public var highlightedCard: CardID? { layout.controller.highlightedCard }
    /// The card lifted by a finger (the grid's long press), if any.
    public var liftedCard: CardID? { layout.controller.liftedCard }
    /// The layout's `radius` option as shown (the wheel's, which `[` and `]` change), points.
    public var wheelRadius: Double { layout.optionValues["radius"] }
    /// True while an append (A) is on its way.
    public var isAppending: Bool { layout.isAppending }
    /// The current layout's option values: its defaults, what the user set (`--set`, the
    /// state, the options panel), and what the layout changed itself (the wheel's radius keys).
    public var layoutOptionValues: LayoutOptionValues { layout.optionValues }
    /// The error of the last layout file reload, shown at the bottom of the window until the
    /// next good reload; `nil` when there is none.
    public var layoutReloadError: String? { layout.reloadError }

    /// Layout `kind` was (re)registered with a new descriptor (a layout file reloaded, under the
    /// name `previous` had): shown in place of the old version, animated (`LayoutView`).
    public func layoutReloaded(_ kind: LayoutKind, replacing previous: LayoutKind? = nil) {
        layout.layoutReloaded(kind, replacing: previous)
    }

    /// A layout file reload failed: the last good layout stays, and `message` shows until the
    /// next good reload.
    public func layoutReloadFailed(_ message: String) {
        layout.layoutReloadFailed(message)
    }

    /// The layout switched (`switched`) or its file was reloaded: every view hears of it.
    func layoutDidChange(switched: Bool) {
        var index = 0
        while index < views.count {
            views[index].layoutDidChange(switched: switched)
            index += 1
        }
    }

    /// The current layout's controller (tests).
    var controller: any LayoutController { layout.controller }

    /// The deck index of the card under the viewport's center, else the first card on screen.
    func anchorIndex() -> Int { layout.anchorIndex() }

    // MARK: The current card

    /// The current card (SPEC §10): the one the arrows move, Enter and Space open, the window's
    /// title names and the state keeps; its deck id. `nil` while the deck is empty.
    public var currentCardID: CardID? { layout.currentCardID }
    /// Grows when the current card changes (the window's title follows it).
    public var currentCardRevision: Int { layout.currentCardRevision }
    /// The current card's index in the deck (SPEC §10), `nil` while the deck is empty or none
    /// is current yet.
    public var currentCardIndex: Int? { layout.currentCardIndex }
    /// The card that carries the focus ring now: the current card after a key or a click, while
    /// the layouts show (not in the photo view); `nil` otherwise.
    public var focusedCard: CardID? { layout.showsFocusRing && !photo.isOpen && !compare.isOpen ? layout.currentCardID : nil }

    /// Makes the card with `id` current (the state restoring it, `cardviewer FILE`, a test) and,
    /// when `revealing`, brings it into view, at once (at start) or `animated`; a state that
    /// restores its scroll position too passes `revealing: false`, so the scroll stays where it
    /// was left. An id not in the deck leaves the current card unchanged and returns false.
    @discardableResult
    public func makeCurrent(_ id: CardID, animated: Bool = false, revealing: Bool = true) -> Bool {
        layout.makeCurrent(id, animated: animated, revealing: revealing)
    }

    // MARK: The photo view

    /// The card whose picture the photo view shows, `nil` while the layout shows (SPEC §10).
    public var photoCard: CardID? { photo.shown?.card }
    /// Where the photo view's picture lies: fit, zoom and pan (viewport and picture points).
    public var photoGeometry: PhotoGeometry? { photo.shown?.geometry }
    /// The cards next to the one shown, whose pictures the pipeline keeps ready at full
    /// resolution so that next and previous are instant: previous then next.
    public var photoNeighbors: (previous: CardID?, next: CardID?) { photo.neighbors }
    /// The picture whose tiles the pipeline makes ahead while the photo view is zoomed in: the
    /// neighbour in the last step's direction, under the burst lock (SPEC §13); else `nil`.
    public var photoTilesAheadCard: CardID? { photo.tilesAheadCard }
    /// The burst lock (`Shift+Z`): stepping keeps the zoom between pictures of one size.
    public var photoLocksZoom: Bool { photo.locksZoom }
    /// The photo view's zoom as it shows it (`100 %`, and what was decoded when the picture is
    /// shown past it), `nil` while the view is closed or flying.
    public var photoZoomLabel: String? { photo.zoomLabel }
    /// True while the photo view shows its picture's clipping warnings (`G`, with the histogram).
    public var showsClipping: Bool { histogram.isOpen }
    /// True while the photo view shows focus peaking over its picture (`K`).
    public var showsPeaking: Bool { photo.isOpen && photo.showsPeaking }

    /// Opens card `id` whole: it flies from its place to the picture fitted in the window; it
    /// becomes current. False when it is not in the deck or something else holds the screen.
    @discardableResult
    public func openPhoto(_ id: CardID) -> Bool { photo.open(id) }

    /// Back to the layout: the picture flies back to its card, which becomes current.
    public func closePhoto() { photo.close() }

    // MARK: The overlays

    /// The heads-up display is shown (H).
    public var showsHUD: Bool { hud.isOpen }
    /// The key help is shown (?).
    public var showsHelp: Bool { help.isOpen }
    /// True while the options panel is open.
    public var showsOptionsPanel: Bool { options.isOpen }
    /// The options panel's state while it is open (tests).
    var optionsPanel: OptionsPanel? { options.panel }
    /// The option picked in the open panel, if any.
    public var pickedOption: LayoutOption? { options.pickedOption }
    /// Where the options panel is drawn now, viewport points; `nil` while it is closed.
    var optionsPanelFrame: OverlayFrame? { options.frame }

    /// The layout view's keys and gestures as the help shows them.
    public static var helpLines: [String] { LayoutView.keyTable(current: nil).lines }
    /// The photo view's keys and gestures.
    public static var photoViewHelpLines: [String] { PhotoView.keys.lines }
    /// The layout view's keys (not its picker or mouse), one line for `run --help`.
    public static var layoutKeySummary: String { LayoutView.keyTable(current: nil).rowSummary(of: ["Keys"]) }
    /// The photo view's keys and gestures, one line for `run --help`.
    public static var photoViewKeySummary: String { PhotoView.keys.rowSummary() }
    /// The options panel's keys.
    public static var optionsPanelHelpLines: [String] { OptionsPanelView.keys.lines }

    /// The key that picks the layout at `position` of the registry while the help shows.
    static func pickerKey(forPosition position: Int) -> Character? { LayoutView.pickerKey(forPosition: position) }

    /// The help's list of layouts with the key that picks each (`LayoutView.pickerLines`).
    static func layoutPickerLines(_ names: [String], current: String? = nil, width: Int = 66) -> [String] {
        LayoutView.pickerLines(names, current: current, width: width)
    }

    /// `text` cut into lines of at most `width` characters, at spaces where it can.
    static func wrapped(_ text: String, width: Int) -> [String] { MessageText.wrapped(text, width: width) }
}
