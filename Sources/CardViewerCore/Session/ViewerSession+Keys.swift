import CardEvents
import CardInteraction
import CardLayout
import CardMath

extension ViewerSession {
    /// The keys (SPEC §2 and §10, and the viewer's help): 1–9 and 0 the registry's first ten
    /// layouts, L the next layout and Shift+L the previous one (every layout, however many; the
    /// help's picker names a key for each), O the options panel (which takes the arrows,
    /// Backspace and Esc while it is open), Z ordering, A append, Delete or
    /// Backspace delete under the pointer (else the current card), U undo, Esc dismiss/cancel,
    /// S screenshot, H HUD, ? help (the current view's keys), Q quit; the arrows move the
    /// current card, Enter and Space open it (the photo view, which takes the keys while it
    /// shows); Page Up/Down, Home/End scroll; the rest goes to the layout (`[` and `]`: the
    /// wheel's radius). Keys whose effect may not show confirm themselves
    /// with a message (SPEC §7): Z, U, A when queued, Delete with no card under the pointer,
    /// the wheel's radius; S's message comes from the glue once the file is written.
    func handleKey(_ event: KeyEvent) {
        guard event.isDown else { return }
        if Self.isFullscreenKey(event) {
            // Every view (SPEC §10's key table): the layouts, the options panel, the help.
            fullscreenRequests += 1
            return
        }
        if handleCullKey(event) { return }  // P, X, Ctrl+0…5, V: the layout and photo views alike
        if photoView != nil, handlePhotoKey(event) { return }
        if showsHelp, event.key == .escape {
            showsHelp = false
            refreshOverlay()
            return
        }
        if handleOptionsPanelKey(event) || handleLayoutPickerKey(event) { return }
        switch event.key {
        case .character("q"):
            quit()
        case .character(let c) where c.isASCII && c.isNumber:
            guard let kind = LayoutRegistry.shared.kind(forKey: c) else {
                showMessage("no layout on key \(c)")
                return
            }
            switchLayout(to: kind)
        case .character("l"):
            let registry = LayoutRegistry.shared
            switchLayout(to: event.modifiers.contains(.shift) ? registry.kind(before: controller.kind) : registry.kind(after: controller.kind))
        case .character("o"):
            toggleOptionsPanel()
        case .character("z"):
            ordering = ordering == .depth ? .zindex : .depth
            showMessage(ordering == .zindex ? "ordering: zindex (Core Animation)" : "ordering: depth (depth buffer)")
        case .character("a"):
            startAppend()
        case .delete, .backspace:
            deleteUnderPointer()
        case .character("+"), .character("="):
            resizeCards(larger: true)
        case .character("-"):
            resizeCards(larger: false)
        case .character("u"):
            undoDelete()
        case .escape:
            if showsHelp {
                showsHelp = false
                refreshOverlay()
            } else if appendSequence == nil {
                _ = controller.dismiss(in: &scene)
            }
        case .character("s"):
            screenshotRequests += 1
        case .character("h"):
            showsHUD.toggle()
            refreshOverlay()
        case .character("?"), .character("/"):
            showsHelp.toggle()  // the current view's table: layout, photo view or options panel
            refreshOverlay()
        case .enter, .space:
            openCurrentCard()
        case .left, .right, .up, .down:
            moveCurrentCard(event.key)
        case .pageUp, .pageDown, .home, .end:
            keyboardScroll(event.key)
        default:
            guard appendSequence == nil else { return }
            let radius = wheelRadius
            guard controller.handleKey(event.key, in: &scene), controller is WheelController else { return }
            layoutRevision += 1
            let limit = wheelRadius == radius ? (radius >= WheelController.radiusRange.upperBound ? " (the largest)" : " (the smallest)") : ""
            showMessage("wheel radius \(Int(wheelRadius.rounded())) points" + limit)
        }
    }

    /// `F` (without Ctrl or Alt) and `F11`: fullscreen on or off.
    static func isFullscreenKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .character("f"): event.modifiers.isDisjoint(with: [.control, .alt])
        case .function(11): true
        default: false
        }
    }

    /// Arrow keys move like a wheel notch (a page or a card in paging layouts), Page Up/Down by
    /// a viewport less 80 points, Home and End to the ends.
    func keyboardScroll(_ key: Key) {
        guard appendSequence == nil, controller.highlightedCard == nil, !controller.isInteracting else { return }
        let vertical = controller.scrollAxis == .vertical
        let extent = vertical ? scene.viewport.height : scene.viewport.width
        let page = max(extent - 80, 40)
        let step: Double
        switch key {
        case .left, .up: step = -60
        case .right, .down: step = 60
        case .pageUp: step = -page
        case .pageDown: step = page
        case .home:
            scene.physics.scroll(to: .zero, animated: true)
            return
        default:
            let end = controller.maximumOffset(viewport: scene.viewport, cardCount: scene.deck.count)
            scene.physics.scroll(to: controller.settledOffset(end, in: scene.context), animated: true)
            return
        }
        controller.scrollWheel(by: vertical ? Vec2(0, step) : Vec2(step, 0), in: &scene)
    }

    /// Deletes the card under the pointer, else the current card when it shows its focus ring
    /// (SPEC §10; a card the user cannot see marked is never deleted); its file, if any, stays.
    func deleteUnderPointer() {
        guard appendSequence == nil, !controller.isInteracting, !isMinimised else { return }
        guard let id = scene.hitTest(scene.pointer, with: controller) ?? (showsFocusRing ? currentCardID : nil) else {
            showMessage("no card under the pointer to delete")
            return
        }
        ViewerEditing.delete(id, controller: &controller, scene: &scene)
        refreshOverlay()
    }

    /// Restores the last deleted card, and says which (or that there is none).
    func undoDelete() {
        guard appendSequence == nil, !controller.isInteracting, !isMinimised else { return }
        let title = scene.deck.undoableDeletion?.card.title
        if ViewerEditing.undoDelete(controller: &controller, scene: &scene) {
            if cullFilter != .all { refilter(animated: true) }  // back in the deck, shown if the filter admits it
            showMessage("undo: \"\(Self.shortened(title ?? "card"))\" is back")
        } else {
            showMessage("nothing to undo")
        }
    }

    /// `text` cut to `limit` characters with "...", for a one-line message.
    static func shortened(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 3)) + "..."
    }

    /// Switches to another layout: every card animates from where it is to where the new
    /// layout puts it, and the current card (when on screen, else the card nearest the
    /// viewport's center) stays in view.
    func switchLayout(to kind: LayoutKind) {
        guard kind != controller.kind, !isMinimised else { return }
        finishAppendAtOnce()
        // The current card stays in view (and current) when it is on screen; else the card at
        // the centre, where the user has scrolled to.
        let anchor = currentCardIndex.flatMap { scene.isOnScreen($0, with: controller) ? $0 : nil } ?? anchorIndex()
        let old = scene.snapshot(controller)
        controller.cancelInteraction(in: &scene)
        parked[controller.kind] = controller
        var next = parked.removeValue(forKey: kind) ?? Self.makeController(kind, options: layoutOptions[kind])
        next.cancelInteraction(in: &scene)
        let start = LayoutContext(viewport: scene.viewport, cardCount: scene.deck.count)
        scene.physics = ViewerScene.makePhysics(for: next, viewport: scene.viewport, cardCount: scene.deck.count,
                                                offset: next.offset(showing: anchor, in: start))
        scene.animateRelayout(from: old, to: next, timing: Self.layoutSwitchTiming)
        controller = next
        layoutRevision += 1
        optionsPanel?.picked = 0
        optionsPanel?.drag = nil
        refreshOverlay()
    }

    /// How long a layout switch animates.
    static let layoutSwitchTiming = AnimationTiming(duration: 0.5, curve: .easeInOut)

    /// The deck index of the card under the viewport's center, else the first card on screen.
    func anchorIndex() -> Int {
        let center = scene.viewport.vector / 2
        if let id = scene.hitTest(center, with: controller), let index = scene.deck.index(of: id) { return index }
        var cards: [CardAttributes] = []
        scene.presentedCards(of: controller, into: &cards)
        let first = cards.filter { !$0.isHidden && $0.alpha > 0 }.compactMap { scene.deck.index(of: $0.id) }.min()
        return first ?? 0
    }
}
