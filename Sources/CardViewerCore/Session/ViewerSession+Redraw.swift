import CardEvents
import CardInteraction

/// The redraw policy's half in the session (SPEC §7): what the session reports so that a
/// window draws every frame that differs from the last one drawn — the resting frame after
/// every motion included — and nothing while nothing changes.
///
/// - `needsFrames`: something moves by itself; draw frame after frame.
/// - `needsDisplay`: the screen is behind the session (an event, a redraw request, motion
///   since the last `prepareFrame()`, its last step included); draw one frame.
/// - `nextDeadline`: when something will change without input (a long press, a fade); sleep
///   no longer than that.
extension ViewerSession {
    /// How long a window should wait for events before its next frame, seconds, at its clock's
    /// `now`: 0 (only poll) while anything moves or a frame is owed; until `nextDeadline`;
    /// `nil` (until an event arrives) at rest. When nothing can be drawn (`canDraw` false: the
    /// window is minimised), motion goes on at a frame's pace and an owed frame waits for the
    /// window to come back (its resize event).
    public func waitBeforeNextFrame(now: Double, canDraw: Bool) -> Double? {
        if needsFrames { return canDraw ? 0 : 1.0 / 60 }
        if needsDisplay, canDraw { return 0 }
        guard let deadline = nextDeadline else { return nil }
        return max(deadline - now, 0.001)
    }

    /// Whether `event` can change what the screen shows. Everything does but a bare pointer
    /// move (no button held: hovering), which only records where the pointer is — the window
    /// need not draw a frame for each of those.
    func changesDisplay(_ event: ViewerEvent) -> Bool {
        if case .pointer(let pointer) = event, pointer.kind == .move, !recognizer.isPressed { return false }
        return true
    }

    /// Whether `event` is the user doing something (a button or key going down, a scroll): the
    /// first one dismisses the start hint. Hovering, releases, resizes and redraws are not.
    func isInput(_ event: ViewerEvent) -> Bool {
        switch event {
        case .pointer(let pointer): pointer.kind == .down
        case .scroll: true
        case .key(let key): key.isDown
        case .drop: true
        case .resize, .close, .redraw: false
        }
    }
}
