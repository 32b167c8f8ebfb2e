import CardEvents
import CardPixels

/// The histogram with clipping warnings (SPEC §13, `G` in the photo view): a panel at the
/// bottom right with the luminance and R, G, B histograms of the picture shown and the share of
/// its pixels blown and crushed, and those pixels tinted over the picture (the renderer's
/// clipping variant, `ViewerSession.showsClipping`). `G` shows and hides both; they stay on
/// from picture to picture and across closing and opening the photo view. Costs nothing while
/// hidden: `session.pictureHistogram` (which starts the background count) is asked only while
/// it shows, and the frame's program has no clipping code. A count that arrives later changes
/// the panel, which `overlayDidAdvance` notices.
final class HistogramView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session).
    unowned(unsafe) let session: ViewerSession
    /// True after `G` turned the histogram on (it shows while the photo view does).
    private(set) var isOn = false
    /// Whether the panel was drawn last and the histogram it showed, to notice when they change
    /// (a step, a count arriving) without building the panel again.
    private var shownOpen = false
    private var shownHistogram: PictureHistogram?

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool { isOn && session.photo.isOpen }

    /// The histogram's keys, as the help lists them while it is the top view.
    static let keys = KeyTable([
        KeyTable.Section("Histogram (G)", keyWidth: 6, [
            .row(keys: "G", action: "hide the histogram and clipping warnings"),
            .row(keys: "K", action: "focus peaking on / off"),
            .row(keys: "?", action: "this help"),
        ]),
    ])

    var keyTable: KeyTable { Self.keys }

    /// `G` (without Ctrl or Alt) in the photo view shows the histogram and the warnings.
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        guard Self.isToggle(event), session.photo.isOpen else { return false }
        isOn = true
        session.showMessage("histogram on: blown pixels red, crushed pixels blue")
        session.needsDisplay = true
        return true
    }

    /// `G` hides them; every other key goes on to the photo view under it.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard Self.isToggle(event) else { return false }
        isOn = false
        session.showMessage("histogram off")
        session.needsDisplay = true
        return true
    }

    static func isToggle(_ event: KeyEvent) -> Bool {
        event.key == .character("g") && event.modifiers.isDisjoint(with: [.control, .alt])
    }

    /// The histogram of the picture shown, once counted; nil while hidden or counting.
    var histogram: PictureHistogram? {
        guard isOpen, let card = session.photo.shown?.card else { return nil }
        return session.pictureHistogram?(card)
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        shownOpen = isOpen
        shownHistogram = histogram
        if shownOpen { panels.append(HistogramPanel.panel(shownHistogram)) }
    }

    /// A step or a count arriving changed the panel: the overlay is rebuilt. O(bins) while open,
    /// nothing while hidden.
    func overlayDidAdvance(moving: Bool) -> Bool { (isOpen || shownOpen) && (isOpen != shownOpen || histogram != shownHistogram) }
}
