import CardInteraction
import CardLayout
import CardMath

/// Switching layouts and changing a layout's options: every card animates from where it is to
/// where the new layout puts it, and the user's place stays in view. A layout file that changes
/// under the viewer (SPEC §9) is shown the same way, the options the user set kept where the
/// new version still has them; a broken save keeps the last good layout and puts the error on
/// screen until a good one arrives.
extension LayoutView {
    /// How long a layout switch animates.
    static let switchTiming = AnimationTiming(duration: 0.5, curve: .easeInOut)
    /// How long the cards take to follow a changed option, seconds.
    static let optionChangeTiming = AnimationTiming(duration: 0.25, curve: .easeInOut)

    /// The current layout's option values: its defaults, what the user set (`--set`, the
    /// state, the options panel), and what the layout changed itself (the wheel's radius keys).
    var optionValues: LayoutOptionValues {
        controller.optionValues(layoutOptions[kind] ?? kind.descriptor.defaultValues)
    }

    /// The layout shown and its options, for the state file.
    var savedLayout: SavedLayout { SavedLayout(kind, values: optionValues) }

    /// Switches to another layout: every card animates from where it is to where the new
    /// layout puts it, and the current card (when on screen, else the card nearest the
    /// viewport's center) stays in view; the camera's eye distance moves to the new layout's
    /// over the same time; a message names the layout now on (`layout: grid`).
    func switchLayout(to next: LayoutKind) {
        guard next != kind, !session.isMinimized else { return }
        finishAppendAtOnce()
        // The current card stays in view (and current) when it is on screen; else the card at
        // the centre, where the user has scrolled to.
        let anchor = currentCardIndex.flatMap { session.scene.isOnScreen($0, with: controller) ? $0 : nil } ?? anchorIndex()
        let old = session.scene.snapshot(controller)
        controller.cancelInteraction(in: &session.scene)
        parked[kind] = controller
        var incoming = parked.removeValue(forKey: next) ?? ControllerTable.controller(for: next, options: layoutOptions[next])
        incoming.cancelInteraction(in: &session.scene)
        let viewport = session.scene.viewport, count = session.scene.deck.count
        let start = LayoutContext(viewport: viewport, cardCount: count)
        session.scene.physics = ViewerScene.makePhysics(for: incoming, viewport: viewport, cardCount: count,
                                                        offset: incoming.offset(showing: anchor, in: start))
        session.scene.animateRelayout(from: old, to: incoming, timing: Self.switchTiming)
        // The camera moves to the new layout's eye distance with the cards (unless one is fixed).
        session.scene.animateEyeDistance(to: session.eyeDistance(for: next), timing: Self.switchTiming)
        controller = incoming
        session.layoutRevision += 1
        session.layoutDidChange(switched: true)
        session.showMessage("layout: \(next.name)", timing: TransientText.layoutNameTiming)
    }

    /// The deck index of the card under the viewport's center, else the first card on screen.
    func anchorIndex() -> Int {
        let center = session.scene.viewport.vector / 2
        if let id = session.scene.hitTest(center, with: controller), let index = session.scene.deck.index(of: id) { return index }
        var cards: [CardAttributes] = []
        session.scene.presentedCards(of: controller, into: &cards)
        let first = cards.filter { !$0.isHidden && $0.alpha > 0 }.compactMap { session.scene.deck.index(of: $0.id) }.min()
        return first ?? 0
    }

    /// Sets `option` of the current layout to `value` (checked), rebuilding the layout when it
    /// changed.
    func setOption(_ option: LayoutOption, to value: Double) {
        var values = optionValues
        guard values[option.name] != value, (try? values.set(option.name, to: value)) != nil else { return }
        applyOptions(values)
    }

    /// Shows the current layout with `values`: a new controller over the layout they make, the
    /// card at the centre kept where it was, every card animating to its new place.
    func applyOptions(_ values: LayoutOptionValues) {
        guard !session.isMinimized, values != optionValues else { return }
        rebuild(kind, values: values, timing: Self.optionChangeTiming)
    }

    /// Replaces the controller by a new one of `next` with `values` (the current layout with new
    /// options, or a reloaded layout file): the card at the centre keeps its place on screen and
    /// every card animates to where the new layout puts it over `timing`.
    func rebuild(_ next: LayoutKind, values: LayoutOptionValues, timing: AnimationTiming) {
        finishAppendAtOnce()
        let anchor = anchorIndex()
        let old = session.scene.snapshot(controller)
        controller.cancelInteraction(in: &session.scene)
        layoutOptions[next] = values
        let incoming = ControllerTable.controller(for: next, options: values)
        // The card at the centre keeps its place on screen: the offset stays as far from the
        // offset that shows that card as it was, then settles (a paging layout on a page).
        let viewport = session.scene.viewport, count = session.scene.deck.count
        let context = LayoutContext(viewport: viewport, cardCount: count)
        let along = session.scene.physics.offset - old.controller.offset(showing: anchor, in: context)
        let offset = incoming.settledOffset(incoming.offset(showing: anchor, in: context) + along, in: context)
        session.scene.physics = ViewerScene.makePhysics(for: incoming, viewport: viewport, cardCount: count, offset: offset)
        session.scene.animateRelayout(from: old, to: incoming, timing: timing)
        controller = incoming
        session.layoutRevision += 1
        session.refreshOverlay()
    }

    /// Layout `reloaded` was (re)registered with a new descriptor — a layout file reloaded,
    /// under the name `previous` had (the same, or another when the file renamed its layout). If
    /// either is shown, the new version replaces it, animated; the options the user set for it
    /// carry over where the new version accepts them. Clears a reload error.
    func layoutReloaded(_ reloaded: LayoutKind, replacing previous: LayoutKind? = nil) {
        let old = previous ?? reloaded
        var values = reloaded.descriptor.defaultValues
        for (name, value) in (layoutOptions[old]?.overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
            try? values.set(name, to: value)
        }
        layoutOptions[old] = nil
        layoutOptions[reloaded] = values.overrides.isEmpty ? nil : values
        parked[old] = nil
        parked[reloaded] = nil
        reloadError = nil
        if kind == old || kind == reloaded, !session.isMinimized {
            rebuild(reloaded, values: values, timing: Self.switchTiming)
            session.scene.animateEyeDistance(to: session.eyeDistance(for: reloaded), timing: Self.switchTiming)
            session.layoutDidChange(switched: false)
        }
        session.refreshOverlay()
    }

    /// A reload failed (the file is broken or gone): the last good layout stays, and `message`
    /// (`FILE:LINE:COLUMN: …`) shows until the next good reload.
    func layoutReloadFailed(_ message: String) {
        reloadError = message
        session.refreshOverlay()
    }
}
