import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The layout view's keys (SPEC §2 and §10): 1–9 and 0 the registry's first ten layouts, L the
/// next layout and Shift+L the previous one (every layout, however many; the help's picker names
/// a key for each), Z ordering, A append, Delete or Backspace delete under the pointer (else the
/// current card), U undo, `+` and `-` card size, Esc dismiss/cancel; the arrows move the current
/// card, Enter and Space open it; Page Up/Down, Home/End scroll; the rest goes to the layout
/// (`[` and `]`: the wheel's radius). O, ?, H belong to the views they open, F, Q and S to every
/// view. Keys whose effect may not show confirm themselves with a message (SPEC §7).
extension LayoutView {
    func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .character(let c) where c.isASCII && c.isNumber:
            guard let kind = LayoutRegistry.shared.kind(forKey: c) else {
                session.showMessage("no layout on key \(c)")
                return true
            }
            switchLayout(to: kind)
        case .character("l"):
            let registry = LayoutRegistry.shared
            switchLayout(to: event.modifiers.contains(.shift) ? registry.kind(before: kind) : registry.kind(after: kind))
        case .character("z"):
            let ordering: RenderOrdering = session.ordering == .depth ? .zindex : .depth
            session.ordering = ordering
            session.showMessage(ordering == .zindex ? "ordering: zindex (Core Animation)" : "ordering: depth (depth buffer)")
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
            if appendSequence == nil { dismiss() }
        case .enter, .space:
            openCurrentCard()
        case .left, .right, .up, .down:
            moveCurrentCard(event.key)
        case .pageUp, .pageDown, .home, .end:
            keyboardScroll(event.key)
        default:
            return handleLayoutKey(event.key)
        }
        return true
    }

    /// A key for the layout itself (`[` and `]`: the wheel's radius): its effect's message, and
    /// a state save when it changed the layout's options. Not during an append.
    private func handleLayoutKey(_ key: Key) -> Bool {
        guard appendSequence == nil, let effect = controller.handleKey(key, in: &session.scene) else { return false }
        if effect.changesOptions { session.layoutRevision += 1 }
        if let message = effect.message { session.showMessage(message) }
        return true
    }

    /// Arrow keys move like a wheel notch (a page or a card in paging layouts), Page Up/Down by
    /// a viewport less 80 points, Home and End to the ends.
    func keyboardScroll(_ key: Key) {
        guard appendSequence == nil, controller.highlightedCard == nil, !controller.isInteracting else { return }
        let viewport = session.scene.viewport
        let vertical = controller.scrollAxis == .vertical
        let extent = vertical ? viewport.height : viewport.width
        let page = max(extent - 80, 40)
        let step: Double
        switch key {
        case .left, .up: step = -60
        case .right, .down: step = 60
        case .pageUp: step = -page
        case .pageDown: step = page
        case .home:
            session.scene.physics.scroll(to: .zero, animated: true)
            return
        default:
            let end = controller.maximumOffset(viewport: viewport, cardCount: session.scene.deck.count)
            session.scene.physics.scroll(to: controller.settledOffset(end, in: session.scene.context), animated: true)
            return
        }
        controller.scrollWheel(by: vertical ? Vec2(0, step) : Vec2(step, 0), in: &session.scene)
    }
}
