import CardEvents
import CardInteraction
import CardLayout

/// One view of the viewer (SPEC §10: the layout view, the photo view, the options panel, the
/// help, the HUD): a small type that owns its state, answers its own keys, says which keys those
/// are (`keyTable`, what the help draws) and what it draws (overlay panels; a view that shows
/// cards changes the frame's cards).
///
/// The session is the coordinator: it keeps the views in one list, top first
/// (`ViewerSession.views`), and routes each event through it — raw pointer and scroll events
/// and keys to the open views from the top, recognized gestures to the top open view that takes
/// gestures, keys no open view used to the closed views (a closed view answers only the key
/// that opens it). It never asks which layout or view is showing. A new view is one folder with
/// a type that conforms, and one entry in that list.
///
/// Every requirement has a default that does nothing, so a view implements only what it does.
/// Views are classes that keep an unowned reference to the session they belong to (the deck,
/// the clock, the current card and the shared services live there).
protocol ViewerView: AnyObject {
    /// True while the view shows (the layout view always does).
    var isOpen: Bool { get }

    /// The view's keys and gestures, as the help shows them while the view is the top one.
    var keyTable: KeyTable { get }

    /// True when the view, while open, shows instead of the views under it and takes the
    /// pointer's gestures (the layout view; the photo view over it).
    var takesGestures: Bool { get }

    /// True when the view, while it is the top open one, keeps the keys every view shares
    /// (culling's) from acting: the options panel.
    var blocksSharedKeys: Bool { get }

    /// A key while the view is open and every open view above it left it; true when used.
    func handleKey(_ event: KeyEvent) -> Bool

    /// A key that no open view used, while the view is closed: true when it opened the view.
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool

    /// A key while the help shows this view's table (the view is the top open one under the
    /// help): the layout view's picker keys; true when used.
    func handleKeyUnderHelp(_ event: KeyEvent) -> Bool

    /// A pointer event before gesture recognition, while the view is open: true when the view
    /// took it (a press on the options panel never reaches the cards).
    func handlePointer(_ pointer: PointerEvent) -> Bool

    /// A wheel or trackpad event before gesture recognition, while the view is open: true when
    /// the view took it.
    func handleScroll(_ scroll: ScrollEvent) -> Bool

    /// A recognized gesture, while the view is the top open one that `takesGestures`.
    func handleGesture(_ gesture: GestureEvent)

    /// The session's clock moved (events, frames): finish what is due by now.
    func clockDidMove()

    /// Once per drawn frame, with the time since the last one, seconds.
    func frameDidAdvance(by dt: Double)

    /// The viewport changed (a resize): the session's scene has the new size.
    func viewportDidChange()

    /// True while the view moves by itself (a flight, an append): the window draws frame after
    /// frame.
    var needsFrames: Bool { get }

    /// True while the view changes the frame's cards (`decorate`), so the frame cannot be
    /// written straight from the layout (the bulk path).
    var changesFrame: Bool { get }

    /// Changes the frame's cards, as laid out and animated, to what the view shows.
    func decorate(_ cards: inout [CardAttributes])

    /// Appends the view's overlay panels, in drawing order.
    func appendPanels(to panels: inout [OverlayPanel])

    /// Once per frame, after the clock moved, with whether anything moves by itself: true when
    /// the view's panels changed (the HUD switching to "at rest").
    func overlayDidAdvance(moving: Bool) -> Bool

    /// The layout view switched to another layout (`switched`), or its layout was reloaded.
    func layoutDidChange(switched: Bool)
}

extension ViewerView {
    var takesGestures: Bool { false }
    var blocksSharedKeys: Bool { false }
    func handleKey(_ event: KeyEvent) -> Bool { false }
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool { false }
    func handleKeyUnderHelp(_ event: KeyEvent) -> Bool { false }
    func handlePointer(_ pointer: PointerEvent) -> Bool { false }
    func handleScroll(_ scroll: ScrollEvent) -> Bool { false }
    func handleGesture(_ gesture: GestureEvent) {}
    func clockDidMove() {}
    func frameDidAdvance(by dt: Double) {}
    func viewportDidChange() {}
    var needsFrames: Bool { false }
    var changesFrame: Bool { false }
    func decorate(_ cards: inout [CardAttributes]) {}
    func appendPanels(to panels: inout [OverlayPanel]) {}
    func overlayDidAdvance(moving: Bool) -> Bool { false }
    func layoutDidChange(switched: Bool) {}
}
