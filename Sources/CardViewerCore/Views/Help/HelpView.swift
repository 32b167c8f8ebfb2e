import CardEvents

/// The key help (`?`, SPEC §10: one key table per view): the table of the view under it, in
/// the middle of the window — the layout view's, the photo view's, the options panel's. `?`
/// or Esc closes it. While it shows, the view under it may take keys from it (the layout
/// view's picker: a layout's key switches to it and closes the help).
final class HelpView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session);
    /// held without reference counting, as it is read many times a frame.
    unowned(unsafe) let session: ViewerSession
    /// True while the help shows.
    private(set) var isOpen = false

    init(session: ViewerSession) {
        self.session = session
    }

    var keyTable: KeyTable {
        KeyTable([KeyTable.Section("Help", keyWidth: 10, [.row(keys: "?, Esc", action: "close the help")])])
    }

    /// `?` (or `/`) and Esc close it.
    func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .escape, .character("?"), .character("/"):
            close()
            return true
        default:
            return false
        }
    }

    /// `?` (or `/`) opens it.
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .character("?"), .character("/"):
            isOpen = true
            session.refreshOverlay()
            return true
        default:
            return false
        }
    }

    /// Closes the help (a layout picked from it, the options panel opening).
    func close() {
        guard isOpen else { return }
        isOpen = false
        session.refreshOverlay()
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        guard isOpen, let shown = session.viewUnderHelp else { return }
        panels.append(OverlayPanel(lines: shown.keyTable.lines, placement: .center))
    }
}
