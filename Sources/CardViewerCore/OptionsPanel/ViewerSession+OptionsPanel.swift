import CardEvents
import CardInteraction
import CardLayout
import CardMath

/// The options panel (SPEC §10): `O` opens it over the current layout; Up/Down pick an option,
/// Left/Right change it (Shift: ×10), Backspace sets it back to its default, a horizontal drag
/// or a wheel over a row changes that row, `O` or Esc closes it. Every change rebuilds the
/// layout with the new values and animates the cards there, keeping the card at the centre in
/// view; the values are the state file's `"layout"` options.
extension ViewerSession {
    /// True while the options panel is open.
    public var showsOptionsPanel: Bool { optionsPanel != nil }

    /// The current layout's option values: its defaults, what the user set (`--set`, the
    /// state, the panel), and what the layout changed itself (the wheel's radius keys).
    public var layoutOptionValues: LayoutOptionValues {
        controller.optionValues(layoutOptions[controller.kind] ?? controller.kind.descriptor.defaultValues)
    }

    /// The option picked in the open panel, if any.
    public var pickedOption: LayoutOption? {
        guard let panel = optionsPanel else { return nil }
        let options = controller.kind.descriptor.options
        return options.indices.contains(panel.picked) ? options[panel.picked] : nil
    }

    /// How long the cards take to follow a changed option, seconds.
    static let optionChangeTiming = AnimationTiming(duration: 0.25, curve: .easeInOut)

    /// Opens the panel (closing the help), or closes it.
    func toggleOptionsPanel() {
        if optionsPanel == nil {
            optionsPanel = OptionsPanel()
            showsHelp = false
        } else {
            optionsPanel = nil
        }
        refreshOverlay()
    }

    /// The panel's share of the keys while it is open; false for keys it leaves to the viewer.
    func handleOptionsPanelKey(_ event: KeyEvent) -> Bool {
        guard var panel = optionsPanel else { return false }
        let count = controller.kind.descriptor.options.count
        let large = event.modifiers.contains(.shift) ? OptionStepping.largeStepFactor : 1
        switch event.key {
        case .escape, .character("o"):
            optionsPanel = nil
            refreshOverlay()
        case .up, .down:
            guard count > 0 else { return true }
            panel.picked = min(max(panel.picked + (event.key == .up ? -1 : 1), 0), count - 1)
            panel.drag = nil
            optionsPanel = panel
            refreshOverlay()
        case .left, .right:
            stepPickedOption(by: event.key == .left ? -large : large)
        case .backspace:
            guard let option = pickedOption else { return true }
            var values = layoutOptionValues
            values.reset(option.name)
            applyLayoutOptions(values)
        case .pageUp, .pageDown, .home, .end, .delete, .enter, .space:
            break  // nothing under the panel (SPEC §10's table): no scrolling, deleting or opening
        default:
            return false
        }
        return true
    }

    /// Moves the picked option `steps` steps (`OptionStepping`), live.
    func stepPickedOption(by steps: Double) {
        guard let option = pickedOption else { return }
        let values = layoutOptionValues
        setOption(option, to: OptionStepping.value(values[option.name], of: option, movedBy: steps))
    }

    /// Sets `option` of the current layout to `value` (checked), rebuilding the layout when it
    /// changed.
    func setOption(_ option: LayoutOption, to value: Double) {
        var values = layoutOptionValues
        guard values[option.name] != value, (try? values.set(option.name, to: value)) != nil else { return }
        applyLayoutOptions(values)
    }

    /// Shows the current layout with `values`: a new controller over the layout they make, the
    /// card at the centre kept where it was, every card animating to its new place.
    func applyLayoutOptions(_ values: LayoutOptionValues) {
        guard !isMinimised, values != layoutOptionValues else { return }
        rebuildLayout(controller.kind, values: values, timing: Self.optionChangeTiming)
    }

    /// Replaces the controller by a new one of `kind` with `values` (the current layout with new
    /// options, or a reloaded layout file): the card at the centre keeps its place on screen and
    /// every card animates to where the new layout puts it over `timing`.
    func rebuildLayout(_ kind: LayoutKind, values: LayoutOptionValues, timing: AnimationTiming) {
        finishAppendAtOnce()
        let anchor = anchorIndex()
        let old = scene.snapshot(controller)
        controller.cancelInteraction(in: &scene)
        layoutOptions[kind] = values
        let next = Self.makeController(kind, options: values)
        // The card at the centre keeps its place on screen: the offset stays as far from the
        // offset that shows that card as it was, then settles (a paging layout on a page).
        let context = LayoutContext(viewport: scene.viewport, cardCount: scene.deck.count)
        let along = scene.physics.offset - old.controller.offset(showing: anchor, in: context)
        let offset = next.settledOffset(next.offset(showing: anchor, in: context) + along, in: context)
        scene.physics = ViewerScene.makePhysics(for: next, viewport: scene.viewport, cardCount: scene.deck.count, offset: offset)
        scene.animateRelayout(from: old, to: next, timing: timing)
        controller = next
        layoutRevision += 1
        refreshOverlay()
    }

    /// The panel's text for the current layout, or `nil` while it is closed.
    func optionsPanelLines() -> [String]? {
        guard let panel = optionsPanel else { return nil }
        let descriptor = controller.kind.descriptor
        return OptionsPanel.lines(layout: descriptor.name, options: descriptor.options, values: layoutOptionValues,
                                  picked: panel.picked)
    }

    /// Where the panel is drawn now, viewport points; `nil` while it is closed.
    var optionsPanelFrame: OverlayFrame? {
        guard optionsPanel != nil, let index = overlayPanels.firstIndex(where: { $0.placement == .topRight }) else { return nil }
        return OverlayFrame.frames(for: overlayPanels, viewport: scene.viewport)[index]
    }

    /// The option whose row is at `point` on the open panel, by index.
    private func optionRow(at point: Vec2) -> Int? {
        guard let frame = optionsPanelFrame, frame.contains(point),
              let panel = overlayPanels.first(where: { $0.placement == .topRight }),
              let row = frame.row(at: point.y, lineCount: panel.lines.count) else { return nil }
        let index = row - OptionsPanel.headerLines
        return controller.kind.descriptor.options.indices.contains(index) ? index : nil
    }

    /// A press on the panel picks the row under it and starts a drag that changes the picked
    /// value by one step per `OptionStepping.dragPointsPerStep` points to the right (a flag: on
    /// to the right, off to the left); the press and its drag never reach the cards. Returns
    /// true when the panel took the event.
    func handleOptionsPanelPointer(_ pointer: PointerEvent) -> Bool {
        guard var panel = optionsPanel else { return false }
        switch pointer.kind {
        case .down:
            guard let frame = optionsPanelFrame, frame.contains(pointer.position) else { return false }
            if let row = optionRow(at: pointer.position) { panel.picked = row }
            let start = pickedValue(panel.picked)
            panel.drag = (pointer.position.x, start ?? 0)
            optionsPanel = panel
            refreshOverlay()
            return true
        case .move:
            guard let drag = panel.drag else { return false }
            let options = controller.kind.descriptor.options
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
            optionsPanel = panel
            return true
        }
    }

    /// A wheel over the panel changes the row under the pointer, a step a notch (up: larger);
    /// it never scrolls the cards under the panel. Returns true when the panel took it.
    func handleOptionsPanelScroll(_ scroll: ScrollEvent) -> Bool {
        guard var panel = optionsPanel, let frame = optionsPanelFrame, frame.contains(scene.pointer) else { return false }
        if let row = optionRow(at: scene.pointer), row != panel.picked {
            panel.picked = row
            panel.wheel = 0
        }
        panel.wheel += scroll.delta.y
        let steps = panel.wheel.rounded(.towardZero)
        panel.wheel -= steps
        optionsPanel = panel
        refreshOverlay()
        if steps != 0 { stepPickedOption(by: steps) }
        return true
    }

    /// The value of the option at `index` of the current layout.
    private func pickedValue(_ index: Int) -> Double? {
        let options = controller.kind.descriptor.options
        return options.indices.contains(index) ? layoutOptionValues[options[index].name] : nil
    }
}
