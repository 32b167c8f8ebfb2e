import CardEvents

/// The heads-up display (`H`, SPEC §7): the layout, the ordering and the cards visible; the
/// pictures in view and their memory; frames per second, frame time and layout time while
/// frames are drawn, or "at rest" with the last numbers when nothing moves (nothing is drawn
/// then, so there is nothing to measure). It measures whether it shows or not, so its first
/// numbers are ready when it opens.
final class HUDView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session);
    /// held without reference counting, as it is read many times a frame.
    unowned(unsafe) let session: ViewerSession
    /// True while the HUD shows.
    private(set) var isOpen = false
    /// The frame timings it publishes.
    private var statistics = FrameStatistics()
    /// Whether anything moved at the last frame: the numbers are measured while it does and
    /// say "at rest" when it stops.
    private var wasMoving = false

    init(session: ViewerSession) {
        self.session = session
    }

    var keyTable: KeyTable { KeyTable([KeyTable.Section("HUD", keyWidth: 10, [.row(keys: "H", action: "HUD on/off")])]) }

    func handleKey(_ event: KeyEvent) -> Bool { toggle(on: event) }

    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool { toggle(on: event) }

    /// `H` shows or hides it.
    private func toggle(on event: KeyEvent) -> Bool {
        guard event.key == .character("h") else { return false }
        isOpen.toggle()
        session.refreshOverlay()
        return true
    }

    /// Records a frame's timings; while frames are drawn (`moving`) the shown numbers change
    /// every `FrameStatistics.refreshInterval`.
    func recordFrame(interval: Double?, layoutSeconds: Double, moving: Bool) {
        statistics.record(interval: interval, layoutSeconds: layoutSeconds)
        if moving, statistics.refresh(at: session.time), isOpen { session.refreshOverlay() }
    }

    /// Starts measuring when a motion begins and publishes the last numbers when it stops.
    func overlayDidAdvance(moving: Bool) -> Bool {
        guard moving != wasMoving else { return false }
        wasMoving = moving
        if moving { statistics.beginMotion(at: session.time) } else { statistics.publish(at: session.time) }
        return isOpen
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        if isOpen { panels.append(OverlayPanel(lines: lines(), placement: .bottomLeft)) }
    }

    /// The HUD's text.
    func lines() -> [String] {
        let measured = statistics.publications > 0
        let numbers = "\(fixed(statistics.framesPerSecond, 1)) fps  \(fixed(statistics.frameSeconds * 1000, 2)) ms/frame  layout \(fixed(statistics.layoutSeconds * 1e6, 0)) us"
        let timing: String
        if wasMoving {
            timing = measured ? numbers : "measuring..."
        } else {
            timing = measured ? "at rest, last: " + numbers : "at rest: nothing drawn to measure"
        }
        var lines = ["\(session.layoutKind.rawValue)  \(session.ordering.rawValue) ordering  \(session.visibleCardCount)/\(session.deck.count) cards visible"]
        if let pictures = pictureLine() { lines.append(pictures) }
        lines.append(timing)
        return lines
    }

    /// The pictures in view with their pictures while loading, and the picture memory in use;
    /// `nil` for a deck without pictures.
    private func pictureLine() -> String? {
        let s = session.pictureStatus
        guard s.total > 0 else { return nil }
        let megabytes = { (bytes: Int) in String((bytes + (1 << 19)) >> 20) }
        var line = "pictures \(s.readyInView)/\(s.inView) in view, \(s.distinctLoaded) loaded of \(s.total)"
        if s.unreadable > 0 { line += ", \(s.unreadable) unreadable" }
        return line + "  textures \(megabytes(s.residentBytes))/\(megabytes(s.poolBytes)) MB"
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
