import CardFiles
import CardInteraction
import CardLayout

/// The overlay: each view's panels, drawn from the bottom of the list up, then what the session
/// itself says at the bottom of the window (the thumbnails' progress, the last message, the
/// start hint), which every view shares.
extension ViewerSession {
    /// The start hint, at the bottom of the first screen.
    public static let hintLines = ["Press ? to see the keys"]

    /// What an empty deck shows by default.
    public static let emptyDeckLines = ["No cards", "A adds one, U brings back the last deleted one"]

    /// Rebuilds `overlayPanels` from the views and the session's own texts, as they are at the
    /// session's time; a change asks for a frame.
    func refreshOverlay() {
        var panels: [OverlayPanel] = []
        var index = views.count - 1
        while index >= 0 {
            views[index].appendPanels(to: &panels)
            index -= 1
        }
        let time = scene.time
        // While a filter is on, its counts stay on screen, lowest (SPEC §10).
        if let indicator = culling.filterIndicator { panels.append(OverlayPanel(lines: [indicator], placement: .bottomCenter)) }
        if let progress = pictureStatus.progressLine { panels.append(OverlayPanel(lines: [progress], placement: .bottomCenter)) }
        if let message { panels.append(OverlayPanel(lines: message.lines, placement: .bottomCenter, opacity: message.opacity(at: time))) }
        if let hint { panels.append(OverlayPanel(lines: hint.lines, placement: .bottomCenter, opacity: hint.opacity(at: time))) }
        guard panels != overlayPanels else { return }
        overlayPanels = panels
        overlayRevision += 1
        needsDisplay = true
    }

    /// Asks for a frame at the next chance although nothing in the session changed: what
    /// the renderer left out of the last one can now be drawn (`CompileAhead`).
    public func requestFrame() {
        needsDisplay = true
    }

    /// Shows `text` for a moment at the bottom of the window, replacing the last message: the
    /// confirmation of an action without a visible effect (S, Z, U…).
    public func showMessage(_ text: String) {
        showMessage(text, timing: TransientText.messageTiming)
    }

    /// Shows `text` as `showMessage` does, held and faded as `timing` says, seconds.
    func showMessage(_ text: String, timing: (hold: Double, fade: Double)) {
        // A message may name a file whose name is not UTF-8: its bytes are shown as U+FFFD.
        message = TransientText(lines: [PathBytes.displayed(text)], holdSeconds: timing.hold, fadeSeconds: timing.fade,
                                shownAt: scene.time)
        refreshOverlay()
    }

    /// The message on screen, if any (tests and the glue read it).
    public var messageText: String? { message?.lines.joined(separator: "\n") }

    /// True while the hint or a message fades: frames must be drawn.
    var isFadingText: Bool {
        (hint?.isFading(at: scene.time) ?? false) || (message?.isFading(at: scene.time) ?? false)
    }

    /// The hint fades at the first input (or goes at once if it never showed).
    func dismissHint() {
        guard hint != nil else { return }
        if hint?.fadeStart == nil { hint = nil } else { hint?.dismiss(at: scene.time) }
        refreshOverlay()
    }

    /// Per frame, after the clock moved: starts the hint's clock, drops texts that are over,
    /// follows fades, and lets each view bring its panels up to date (the HUD between measuring
    /// and "at rest", the empty deck's panel). Costs nothing (no allocation) when none of these
    /// changes.
    func updateOverlay() {
        let time = scene.time
        var changed = false
        hint?.show(at: time)
        if hint?.isOver(at: time) == true {
            hint = nil
            changed = true
        }
        if message?.isOver(at: time) == true {
            message = nil
            changed = true
        }
        let moving = needsFrames
        var index = 0
        while index < views.count {
            if views[index].overlayDidAdvance(moving: moving) { changed = true }
            index += 1
        }
        if changed || isFadingText { refreshOverlay() }
    }
}

/// One-line texts for messages and panels.
enum MessageText {
    /// `text` cut to `limit` characters with "...", for a one-line message.
    static func shortened(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 3)) + "..."
    }

    /// A path cut to `limit` characters from its start ("...": the folder's own name, at its
    /// end, is what tells one destination from another).
    static func pathTail(_ path: String, limit: Int = 40) -> String {
        path.count <= limit ? path : "..." + String(path.suffix(limit - 3))
    }

    /// `text` cut into lines of at most `width` characters, at spaces where it can.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let window = rest.prefix(width)
            let cut = window.lastIndex(of: " ").map { rest.index(after: $0) } ?? window.endIndex
            var line = rest[..<cut]
            while line.last == " " { line.removeLast() }
            lines.append(String(line))
            rest = rest[cut...]
        }
        if !rest.isEmpty || lines.isEmpty { lines.append(String(rest)) }
        return lines
    }
}
