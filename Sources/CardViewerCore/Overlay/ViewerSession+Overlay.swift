import CardLayout

extension ViewerSession {
    /// The key and mouse help (?), as shown on screen and in the README.
    public static let helpLines = [
        "Keys",
        "  1-5        pages, tasks, slidebox, grid, wheel",
        "  Z          ordering: zindex / depth",
        "  A          append a card",
        "  Delete     delete the card under the pointer",
        "  U          undo the last delete",
        "  Esc        dismiss / cancel",
        "  [ ]        wheel radius smaller / larger",
        "  S          save a screenshot",
        "  H          HUD (fps, frame and layout time)",
        "  ?          this help",
        "  Q          quit",
        "  arrows, Page Up/Down, Home/End   scroll",
        "Mouse and trackpad",
        "  drag, flick      scroll with inertia",
        "  wheel, two-finger scroll",
        "  click            open a card / close it (pages, tasks)",
        "  drag left        delete a page (pages)",
        "  drag up          delete the front photo (slidebox)",
        "  press and hold   lift a card, drag to reorder (grid)",
    ]

    /// Rebuilds `overlayPanels` from the HUD and help switches and the current numbers.
    func refreshOverlay() {
        var panels: [OverlayPanel] = []
        if showsHUD { panels.append(OverlayPanel(lines: hudLines(), placement: .topLeft)) }
        if showsHelp { panels.append(OverlayPanel(lines: Self.helpLines, placement: .center)) }
        guard panels != overlayPanels else { return }
        overlayPanels = panels
        overlayRevision += 1
    }

    /// fps, frame time, layout µs, cards visible/total, ordering, layout name.
    func hudLines() -> [String] {
        [
            "\(controller.kind.rawValue)  \(ordering.rawValue) ordering  \(visibleCardCount)/\(scene.deck.count) cards visible",
            "\(fixed(statistics.framesPerSecond, 1)) fps  \(fixed(statistics.frameSeconds * 1000, 2)) ms/frame  layout \(fixed(statistics.layoutSeconds * 1e6, 0)) us",
        ]
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
