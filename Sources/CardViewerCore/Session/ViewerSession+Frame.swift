import CardLayout

/// The frame the coordinator hands out: the layout view's cards as laid out and animated, then
/// changed by every view that changes them (the photo view), bottom first.
extension ViewerSession {
    /// Lays out the frame at the session's time into `frameCards`.
    ///
    /// - Complexity: O(k) for k visible cards; no allocation once warm while nothing animates
    ///   off the visible list.
    public func prepareFrame() {
        layout.present(into: &frameCards)
        var index = views.count - 1
        while index >= 0 {
            if views[index].changesFrame { views[index].decorate(&frameCards) }
            index -= 1
        }
        frameLaidOut(visibleCards: Self.drawnCount(frameCards))
    }

    /// Whether the cards `prepareFrame()` laid out may hold exact coplanar ties, so the packer
    /// searches for them (`CardLayout.mayTieCoplanarCards`, `BulkInstancePacker.pack(cards:)`):
    /// the current layout's answer for its own frames; always while cards animate between two
    /// states (a relayout, a layout switch, an edit) or a view changes the frame's cards, which
    /// no layout placed. The bulk path asks the layout itself.
    ///
    /// - Complexity: O(v), v the open views; no allocation.
    public var frameMayTieCoplanarCards: Bool {
        scene.animator.isAnimating || viewsChangeFrame || layout.controller.mayTieCoplanarCards
    }

    /// True while a view changes the frame's cards: the frame cannot be written straight from
    /// the layout (`writeBulkRecords`).
    var viewsChangeFrame: Bool {
        var index = 0
        while index < views.count {
            if views[index].changesFrame { return true }
            index += 1
        }
        return false
    }

    /// Records that the frame at the session's time was laid out (by `prepareFrame()` or the
    /// bulk path) with `count` cards visible: the screen is no longer behind.
    func frameLaidOut(visibleCards count: Int) {
        if count != visibleCardCount {
            visibleCardCount = count
            if hud.isOpen { refreshOverlay() }
        }
        needsDisplay = false
    }

    /// How many cards of `cards` are drawn (not hidden, not transparent).
    static func drawnCount(_ cards: [CardAttributes]) -> Int {
        var count = 0
        var index = 0
        while index < cards.count {
            if !cards[index].isHidden, cards[index].alpha > 0 { count += 1 }
            index += 1
        }
        return count
    }

    /// Records how long the last frame took, for the HUD: `interval` from the previous frame's
    /// start (`nil` for the first frame after the viewer slept: a pause is no frame time),
    /// `layoutSeconds` for `prepareFrame()`. While frames are drawn the HUD's numbers change
    /// every `FrameStatistics.refreshInterval`.
    public func recordFrame(interval: Double?, layoutSeconds: Double) {
        hud.recordFrame(interval: interval, layoutSeconds: layoutSeconds, moving: needsFrames)
    }
}
