import CardEvents

/// The info panel (SPEC §13, `I` in the photo view): the picture's file name, its index in the
/// deck, pixel and file size, the zoom, the EXIF's camera settings and its marks, at the top
/// right over the picture (where the zoom label sits otherwise: the panel says the zoom too, so
/// the label gives way). `I` shows and hides it; it stays on from picture to picture and across
/// closing and opening the photo view, and costs nothing while hidden: its lines are made, and
/// `session.pictureDetails` asked (which starts the background read of the camera settings),
/// only while it is open. Settings that arrive later change its lines, which
/// `overlayDidAdvance` notices.
final class InfoView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session).
    unowned(unsafe) let session: ViewerSession
    /// True after `I` turned the panel on (it shows while the photo view does).
    private(set) var isOn = false
    /// The lines drawn last, to notice when they change (a step, a zoom, details arriving).
    private var shownLines: [String]?

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool { isOn && session.photo.isOpen }

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
