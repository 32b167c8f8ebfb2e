import CardEvents

/// The info panel (SPEC §13, `I` in the photo view): the picture's file name, its index in the
/// deck, pixel and file size, the zoom, the EXIF's camera settings and its marks, at the top
/// right over the picture (where the zoom label sits otherwise: the panel says the zoom too, so
/// the label gives way). `I` shows and hides it; it stays on from picture to picture and across
/// closing and opening the photo view, and costs nothing while hidden: its lines are made, and
/// `session.pictureDetails` asked (which starts the background read of the camera settings),
/// only while it is open. Settings that arrive later change its lines, which
/// `overlayDidAdvance` notices. In fullscreen, where nothing else names the picture, the panel
/// also shows for `flashSeconds` after each step and after opening (`pictureDidChange`).
final class InfoView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session).
    unowned(unsafe) let session: ViewerSession
    /// True after `I` turned the panel on (it shows while the photo view does).
    private(set) var isOn = false
    /// The lines drawn last, to notice when they change (a step, a zoom, details arriving).
    private var shownLines: [String]?
    /// Until when (session seconds) the panel shows after a step in fullscreen; nil: no flash.
    private(set) var flashEnd: Double?

    /// How long the panel shows after a step in fullscreen, seconds.
    static let flashSeconds = 1.0

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool { (isOn || isFlashing) && session.photo.isOpen }

    /// True during the second after a step in fullscreen.
    private var isFlashing: Bool { flashEnd.map { session.time < $0 } ?? false }

    /// The photo view showed another picture (a step, opening): in fullscreen with the panel
    /// off, it shows for `flashSeconds`.
    func pictureDidChange() {
        guard session.isFullscreen, !isOn else { return }
        flashEnd = session.time + Self.flashSeconds
        session.refreshOverlay()
    }

    /// The flash ended: the panel leaves the overlay.
    func clockDidMove() {
        guard let end = flashEnd, session.time >= end else { return }
        flashEnd = nil
        shownLines = nil
        session.refreshOverlay()
    }

    /// The panel's keys, as the help lists them while it is the top view.
    static let keys = KeyTable([
        KeyTable.Section("Info panel (I)", keyWidth: 6, [
            .row(keys: "I", action: "hide the info panel"),
            .row(keys: "?", action: "this help"),
        ]),
    ])

    var keyTable: KeyTable { Self.keys }

    /// `I` (without Ctrl or Alt) in the photo view shows the panel.
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        guard Self.isToggle(event), session.photo.isOpen else { return false }
        isOn = true
        session.refreshOverlay()
        return true
    }

    /// `I` hides it; every other key goes on to the photo view under it.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard Self.isToggle(event) else { return false }
        if !isOn, isFlashing {  // I during a flash keeps the panel on
            isOn = true
            flashEnd = nil
            session.refreshOverlay()
            return true
        }
        isOn = false
        shownLines = nil
        session.refreshOverlay()
        return true
    }

    static func isToggle(_ event: KeyEvent) -> Bool {
        event.key == .character("i") && event.modifiers.isDisjoint(with: [.control, .alt])
    }

    /// The panel's lines for the picture shown now; nil while hidden.
    var lines: [String]? {
        guard isOpen, let card = session.photo.shown?.card else { return nil }
        let deck = session.scene.deck
        return InfoPanel.lines(details: session.pictureDetails?(card), index: deck.index(of: card), count: deck.count,
                               zoom: session.photo.zoomLabel, mark: session.culling.mark(of: card))
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        shownLines = lines
        if let shownLines { panels.append(OverlayPanel(lines: shownLines, placement: .topRight)) }
    }

    /// A step, a zoom, a mark, a picture's size or its camera settings arriving changed the
    /// lines: the overlay is rebuilt.
    func overlayDidAdvance(moving: Bool) -> Bool { isOpen && lines != shownLines }
}
