import CardFiles
import CardInteraction
import CardLayout

extension ViewerSession {
    /// The key and mouse help (?), as shown on screen: the layouts and the keys that pick them
    /// while it shows come from the registry (`layoutPickerLines`), and each layout adds its own
    /// keys and gestures (`LayoutBehaviour.helpLines`).
    public static var helpLines: [String] { helpLines(current: nil) }

    /// The help with `current` marked in its list of layouts.
    static func helpLines(current: LayoutKind?) -> [String] {
        let layouts = LayoutRegistry.shared.all
        var lines = ["Layouts (press a key to switch; * shown)"]
        lines += layoutPickerLines(layouts.map(\.name), current: current?.name)
        lines += [
            "Keys",
            "  L, Shift+L next / previous layout",
            "  O          options of the layout (arrows change them)",
            "  Z          ordering: zindex / depth",
            "  A          append a card (again: queue more)",
            "  Delete, U  delete the card under the pointer / undo it",
            "  P, X, Ctrl+0..5  pick / reject (toggles), stars",
            "  V          filter: all / picks only / rejects hidden",
            "  Esc        dismiss / cancel",
            "  S          save a screenshot",
            "  F, F11     fullscreen on/off",
            "  +, -       larger / smaller cards (grid, carousels)",
            "  H          HUD (fps, frame and layout time)",
            "  ?          this help",
            "  Q          quit",
            "  arrows     move the current card",
            "  Enter, Space   open the current card whole",
            "  Page Up/Down, Home/End   scroll",
            "Mouse and trackpad",
            "  drag, flick      scroll with inertia",
            "  wheel, two-finger scroll",
        ]
        lines += wrappedList("  click            open a card / close it (", tapLayouts(layouts), indent: 19, closing: ")")
        lines.append("  double-click     open the card under the pointer")
        lines += [
            "  click in a fling stop it (nothing opens)",
        ]
        // Each layout's own lines, once each (the carousels share theirs).
        var seen = Set<String>()
        for line in layouts.flatMap(\.behaviour.helpLines) where seen.insert(line).inserted { lines.append(line) }
        return lines
    }

    /// The layouts in which a click opens a card and whose own help lines do not say what a
    /// click does (the carousels' do), for the help: "pages, tasks".
    private static func tapLayouts(_ layouts: [LayoutDescriptor]) -> [String] {
        layouts.filter { layout in
            layout.behaviour.tap != .nothing && !layout.behaviour.helpLines.contains { $0.contains("click") }
        }.map(\.name)
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

    /// `prefix` and the names separated by commas, wrapped before 57 characters onto lines
    /// indented by `indent` spaces, then `closing`.
    static func wrappedList(_ prefix: String, _ names: [String], indent: Int, closing: String = "") -> [String] {
        var lines: [String] = []
        var current = prefix
        for (i, name) in names.enumerated() {
            let piece = (i == 0 ? "" : ", ") + name
            if current.count + piece.count > 56, i > 0 {
                lines.append(current + ",")
                current = String(repeating: " ", count: indent) + name
            } else {
                current += piece
            }
        }
        lines.append(current + closing)
        return lines
    }

    /// The start hint, at the bottom of the first screen.
    public static let hintLines = ["Press ? to see the keys"]

    /// What an empty deck shows by default.
    public static let emptyDeckLines = ["No cards", "A adds one, U brings back the last deleted one"]

    /// Rebuilds `overlayPanels` from the HUD and help switches, the empty deck, the hint and the
    /// message, as they are at the session's time; a change asks for a frame.
    func refreshOverlay() {
        var panels: [OverlayPanel] = []
        let time = scene.time
        if showsHUD { panels.append(OverlayPanel(lines: hudLines(), placement: .topLeft)) }
        if let lines = optionsPanelLines() { panels.append(OverlayPanel(lines: lines, placement: .topRight)) }
        showsEmptyDeckPanel = scene.deck.count == 0 && !showsHelp
        if showsHelp {
            panels.append(OverlayPanel(lines: currentViewHelpLines(), placement: .center))
        } else if showsEmptyDeckPanel {
            panels.append(OverlayPanel(lines: filteredEmptyLines ?? emptyDeckLines, placement: .center))
        }
        if let reloadError {
            let lines = Self.wrapped("layout file: " + reloadError, width: 70) + ["the last good layout stays"]
            panels.append(OverlayPanel(lines: lines, placement: .bottomCenter))
        }
        if let progress = pictureStatus.progressLine { panels.append(OverlayPanel(lines: [progress], placement: .bottomCenter)) }
        if let message { panels.append(OverlayPanel(lines: message.lines, placement: .bottomCenter, opacity: message.opacity(at: time))) }
        if let hint { panels.append(OverlayPanel(lines: hint.lines, placement: .bottomCenter, opacity: hint.opacity(at: time))) }
        guard panels != overlayPanels else { return }
        overlayPanels = panels
        overlayRevision += 1
        needsDisplay = true
    }

    /// Shows `text` for a moment at the bottom of the window, replacing the last message: the
    /// confirmation of an action without a visible effect (S, Z, U…).
    public func showMessage(_ text: String) {
        // A message may name a file whose name is not UTF-8: its bytes are shown as U+FFFD.
        message = TransientText(lines: [PathBytes.displayed(text)], holdSeconds: TransientText.messageTiming.hold,
                                fadeSeconds: TransientText.messageTiming.fade, shownAt: scene.time)
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
    /// follows fades, switches the HUD between measuring and "at rest" (publishing the last
    /// numbers when the motion stops), and shows or hides the empty deck's panel. Costs nothing
    /// (no allocation) when none of these changes.
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
        if moving != wasMoving {
            wasMoving = moving
            if moving { statistics.beginMotion(at: time) } else { statistics.publish(at: time) }
            if showsHUD { changed = true }
        }
        if (scene.deck.count == 0 && !showsHelp) != showsEmptyDeckPanel { changed = true }
        if changed || isFadingText { refreshOverlay() }
    }

    /// The HUD: layout, ordering, cards visible/total; the pictures in view and their memory;
    /// fps, frame time and layout µs while
    /// frames are drawn, or "at rest" with the last numbers when nothing moves (nothing is
    /// drawn then, so there is nothing to measure).
    func hudLines() -> [String] {
        let measured = statistics.publications > 0
        let numbers = "\(fixed(statistics.framesPerSecond, 1)) fps  \(fixed(statistics.frameSeconds * 1000, 2)) ms/frame  layout \(fixed(statistics.layoutSeconds * 1e6, 0)) us"
        let timing: String
        if wasMoving {
            timing = measured ? numbers : "measuring..."
        } else {
            timing = measured ? "at rest, last: " + numbers : "at rest: nothing drawn to measure"
        }
        var lines = ["\(controller.kind.rawValue)  \(ordering.rawValue) ordering  \(visibleCardCount)/\(scene.deck.count) cards visible"]
        if let pictures = pictureHUDLine() { lines.append(pictures) }
        lines.append(timing)
        return lines
    }

    /// `value` with `digits` decimals (no Foundation formatting needed).
    private func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return "\(value)" }
        let whole = Int(scaled) / Int(scale), fraction = Int(scaled) % Int(scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let padded = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: max(0, digits - padded.count)) + padded
    }
}
