import CardEvents
import CardInteraction
import CardLayout
import CardMath

/// The options panel (`O`, SPEC §10), at the top right over the layouts: Up/Down pick an
/// option, Left/Right change it (Shift: ×10), Backspace sets it back to its default, a
/// horizontal drag or a wheel over a row changes that row, `O` or Esc closes it. Every change
/// goes to the layout view, which rebuilds the layout with the new values and animates the
/// cards there; the values are the state file's `"layout"` options. While it is open the
/// culling keys do nothing, and nothing under it scrolls, deletes or opens from the keys.
final class OptionsPanelView: ViewerView {
    /// The session that owns this, and outlives it (it is reachable only through the session);
    /// held without reference counting, as it is read many times a frame.
    unowned(unsafe) let session: ViewerSession
    /// The panel while it is open: the picked row, a drag over it.
    private(set) var panel: OptionsPanel?

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool { panel != nil }
    var blocksSharedKeys: Bool { true }

    /// The options panel's keys (O).
    static let keys = KeyTable([
        KeyTable.Section("Options panel (O)", keyWidth: 18, [
            .row(keys: "Up, Down", action: "pick an option"),
            .row(keys: "Left, Right", action: "change it (Shift: x10)"),
            .row(keys: "Backspace", action: "reset it to its default"),
            .row(keys: "wheel", action: "change the option under the pointer"),
            .row(keys: "drag", action: "change the option under the pointer"),
            .row(keys: "O, Esc", action: "close"),
            .row(keys: "?", action: "this help"),
        ]),
    ])

    var keyTable: KeyTable { Self.keys }

    /// The layout shown.
    private var kind: LayoutKind { session.layout.kind }

    /// The option picked in the open panel, if any.
    var pickedOption: LayoutOption? {
        guard let panel else { return nil }
        let options = kind.descriptor.options
        return options.indices.contains(panel.picked) ? options[panel.picked] : nil
    }

    /// `O` opens it (closing the help).
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        guard event.key == .character("o") else { return false }
        panel = OptionsPanel()
        session.help.close()
        session.refreshOverlay()
        return true
    }

    /// Closes the panel (O, Esc, the photo view opening).
    func close() {
        guard panel != nil else { return }
        panel = nil
        session.refreshOverlay()
    }

    /// The panel's keys while it is open; false for the keys it leaves to the views under it.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard var panel else { return false }
        let count = kind.descriptor.options.count
        let large = event.modifiers.contains(.shift) ? OptionStepping.largeStepFactor : 1
        switch event.key {
        case .escape, .character("o"):
            close()
        case .up, .down:
            guard count > 0 else { return true }
            panel.picked = min(max(panel.picked + (event.key == .up ? -1 : 1), 0), count - 1)
            panel.drag = nil
            self.panel = panel
            session.refreshOverlay()
        case .left, .right:
            stepPickedOption(by: event.key == .left ? -large : large)
        case .backspace:
            guard let option = pickedOption else { return true }
            var values = session.layout.optionValues
            values.reset(option.name)
            session.layout.applyOptions(values)
        case .pageUp, .pageDown, .home, .end, .delete, .enter, .space:
            break  // nothing under the panel (SPEC §10's table): no scrolling, deleting or opening
        default:
            return false
        }
        return true
    }

    /// The layout switched or was reloaded: the picked row stays within its options (the first
    /// one after a switch), and a drag in progress ends.
    func layoutDidChange(switched: Bool) {
        guard var panel else { return }
        panel.picked = switched ? 0 : min(panel.picked, max(0, kind.descriptor.options.count - 1))
        panel.drag = nil
        self.panel = panel
    }

    /// Moves the picked option `steps` steps (`OptionStepping`), live.
    private func stepPickedOption(by steps: Double) {
        guard let option = pickedOption else { return }
        let values = session.layout.optionValues
        setOption(option, to: OptionStepping.value(values[option.name], of: option, movedBy: steps))
    }

    /// Sets `option` of the current layout to `value` (checked), rebuilding the layout when it
    /// changed.
    private func setOption(_ option: LayoutOption, to value: Double) {
        session.layout.setOption(option, to: value)
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        guard let panel else { return }
        let descriptor = kind.descriptor
        let lines = OptionsPanel.lines(layout: descriptor.name, options: descriptor.options,
                                       values: session.layout.optionValues, picked: panel.picked)
        var shown = OverlayPanel(lines: lines, placement: .topRight)
        // Off the cards' number badges where there is room (in the smaller font if need be):
        // pages puts the top card's at the window's top-right corner.
        // Laid out here (the bulk path leaves `frameCards` unfilled); only when the panel's
        // lines change, never per frame.
        var cards: [CardAttributes] = []
        session.layout.present(into: &cards)
        shown.keepsClearOf = BadgeArea.screenRects(of: cards, offset: session.offset, camera: session.camera)
        panels.append(shown)
    }

    // MARK: Pointer

    /// Where the panel is drawn now, viewport points; `nil` while it is closed.
    var frame: OverlayFrame? {
        let panels = session.overlayPanels
        guard panel != nil, let index = panels.firstIndex(where: { $0.placement == .topRight }) else { return nil }
        return OverlayFrame.frames(for: panels, viewport: session.viewport)[index]
    }

    /// The option whose row is at `point` on the open panel, by index.
    private func optionRow(at point: Vec2) -> Int? {
        guard let frame, frame.contains(point),
              let shown = session.overlayPanels.first(where: { $0.placement == .topRight }),
              let row = frame.row(at: point.y, lineCount: shown.lines.count) else { return nil }
        let index = row - OptionsPanel.headerLines
        return kind.descriptor.options.indices.contains(index) ? index : nil
    }

    /// A press on the panel picks the row under it and starts a drag that changes the picked
    /// value by one step per `OptionStepping.dragPointsPerStep` points to the right (a flag: on
    /// to the right, off to the left); the press and its drag never reach the cards. Returns
    /// true when the panel took the event.
    func handlePointer(_ pointer: PointerEvent) -> Bool {
        guard var panel else { return false }
        switch pointer.kind {
        case .down:
            guard let frame, frame.contains(pointer.position) else { return false }
            if let row = optionRow(at: pointer.position) { panel.picked = row }
            let start = pickedValue(panel.picked)
            panel.drag = (pointer.position.x, start ?? 0)
            self.panel = panel
            session.refreshOverlay()
            return true
        case .move:
            guard let drag = panel.drag else { return false }
            let options = kind.descriptor.options
            guard options.indices.contains(panel.picked) else { return true }
            let option = options[panel.picked]
            let distance = pointer.position.x - drag.startX
            let steps = (distance / OptionStepping.dragPointsPerStep).rounded(.towardZero)
            let value: Double
            if option.kind == .flag {
                value = steps > 0 ? 1 : steps < 0 ? 0 : drag.startValue
            } else {
                value = OptionStepping.value(drag.startValue, of: option, movedBy: steps)
            }
            setOption(option, to: value)
            return true
        case .up, .cancel:
            guard panel.drag != nil else { return false }
            panel.drag = nil
            self.panel = panel
            return true
        }
    }

    /// A wheel over the panel changes the row under the pointer, a step a notch (up: larger);
    /// it never scrolls the cards under the panel. Returns true when the panel took it.
    func handleScroll(_ scroll: ScrollEvent) -> Bool {
        let pointer = session.scene.pointer
        guard var panel, let frame, frame.contains(pointer) else { return false }
        if let row = optionRow(at: pointer), row != panel.picked {
            panel.picked = row
            panel.wheel = 0
        }
        panel.wheel += scroll.delta.y
        let steps = panel.wheel.rounded(.towardZero)
        panel.wheel -= steps
        self.panel = panel
        session.refreshOverlay()
        if steps != 0 { stepPickedOption(by: steps) }
        return true
    }

    /// The value of the option at `index` of the current layout.
    private func pickedValue(_ index: Int) -> Double? {
        let options = kind.descriptor.options
        return options.indices.contains(index) ? session.layout.optionValues[options[index].name] : nil
    }
}
