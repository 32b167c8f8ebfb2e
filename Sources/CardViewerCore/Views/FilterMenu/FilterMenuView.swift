import CardCulling
import CardEvents
import CardPictureFolders

/// The filter menu (`Shift+V`, SPEC §10 and §13): the filters `V` does not cycle through — rejects
/// only, at least N stars, a colour label — and those it does, one key each, and the deck's sorts,
/// in the middle of the window. A key picks the filter (or the sort) and closes the menu (the
/// cards the filter hides leave the layout, animated, as with `V`; a sort moves the cards to
/// their new places); `Esc` or `Shift+V` closes it unchanged. While it is open the culling
/// keys do nothing (its digits are the menu's), and it is drawn over the layouts and the photo
/// view alike: the photo view's next picture obeys the filter too.
final class FilterMenuView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session).
    unowned(unsafe) let session: ViewerSession
    /// True while the menu shows.
    private(set) var isOpen = false

    init(session: ViewerSession) {
        self.session = session
    }

    var blocksSharedKeys: Bool { isOpen }

    /// The menu's keys, as it shows them and the help lists them.
    static let keys = KeyTable([
        KeyTable.Section("Filter (Shift+V)", keyWidth: 6, [
            .row(keys: "1-5", action: "at least 1 ... 5 stars (rejects hidden)"),
            .row(keys: "6-9", action: "red, yellow, green, blue label"),
            .row(keys: "P", action: "picks only"),
            .row(keys: "X", action: "rejects hidden"),
            .row(keys: "R", action: "rejects only"),
            .row(keys: "0, A", action: "all pictures"),
        ]),
        KeyTable.Section("Sort", keyWidth: 6, [
            .row(keys: "N", action: "by name"),
            .row(keys: "T", action: "by capture time"),
            .row(keys: "S", action: "by rating (stars)"),
            .row(keys: "B", action: "by file size (bytes)"),
            .row(keys: "Esc", action: "close, unchanged"),
        ]),
    ])

    var keyTable: KeyTable { Self.keys }

    /// The filter `event` picks in the menu, or nil for a key that is not one of its choices.
    static func filter(for event: KeyEvent) -> CullFilter? {
        guard event.modifiers.isDisjoint(with: [.control, .alt]), case .character(let c) = event.key else { return nil }
        switch c {
        case "1"..."5": return .starsAtLeast(Int(String(c)) ?? 1)
        case "6"..."9": return .label(ColorLabels.named[(Int(String(c)) ?? 6) - 6].label)
        case "p": return .picksOnly
        case "x": return .rejectsHidden
        case "r": return .rejectsOnly
        case "0", "a": return .all
        default: return nil
        }
    }

    /// The sort `event` picks in the menu, or nil for a key that is not one of its sorts.
    static func sort(for event: KeyEvent) -> PictureSort? {
        guard event.modifiers.isDisjoint(with: [.control, .alt]), case .character(let c) = event.key else { return nil }
        switch c {
        case "n": return .name
        case "t": return .time
        case "s": return .rating
        case "b": return .size
        default: return nil
        }
    }

    /// `Shift+V` opens it (closing the help and the options panel).
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        guard event.key == .character("v"), event.modifiers.contains(.shift),
              event.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        isOpen = true
        session.help.close()
        session.options.close()
        session.refreshOverlay()
        return true
    }

    /// A choice sets the filter and closes the menu; `Esc`, `V` close it; the keys that move or
    /// open (arrows, Page keys, Enter, Space, Delete) do nothing under it; others go on (`F`,
    /// `Q`, `?`).
    func handleKey(_ event: KeyEvent) -> Bool {
        guard isOpen else { return false }
        if let filter = Self.filter(for: event) {
            close()
            session.culling.setFilter(filter)
            return true
        }
        if let sort = Self.sort(for: event) {
            close()
            session.culling.sort(by: sort)
            return true
        }
        switch event.key {
        case .escape, .character("v"):
            close()
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .space, .backspace, .delete:
            break
        default:
            return false
        }
        return true
    }

    /// Closes the menu.
    func close() {
        guard isOpen else { return }
        isOpen = false
        session.refreshOverlay()
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        guard isOpen else { return }
        panels.append(OverlayPanel(lines: Self.keys.lines + ["", "now: \(session.culling.filter.title), sorted by \(SessionCulling.sortTitle(session.deckSort))"], placement: .center))
    }
}
