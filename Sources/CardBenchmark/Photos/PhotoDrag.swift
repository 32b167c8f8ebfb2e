import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardViewerCore

/// A finger held on the viewport dragging the content along the layout's scroll axis, as
/// pointer events into the session (the path a window's and a replay's input take). It goes
/// down a little past the gesture recognizer's slop from the viewport's centre and moves to the
/// centre, so the pan begins there with the content where it was (as `FlingReplay` does); then
/// the content follows the finger 1:1, so `move(to:)` puts it at an exact offset, however far.
/// The finger is lifted only after holding still (no inertia), so the content stays where it
/// was put (tasks snaps to its nearest card); it is lifted before any wait, as a user's is: a
/// finger held on the glass keeps the controller interacting.
struct PhotoDrag {
    let axis: ScrollAxis
    let center: Vec2
    private(set) var isPressed = false
    /// The content's offset along the axis when the pan began, points.
    private(set) var base = 0.0

    init(layout: LayoutKind, viewport: Size) {
        axis = layout.makeLayout().scrollAxis
        center = Vec2(viewport.width / 2, viewport.height / 2)
    }

    private var along: Vec2 { axis == .horizontal ? Vec2(1, 0) : Vec2(0, 1) }

    /// Puts the finger down at the session's time `time` (seconds) and starts the pan, the
    /// content where it is.
    mutating func press(_ session: ViewerSession, time: Double) {
        base = axis == .horizontal ? session.offset.x : session.offset.y
        let slop = GestureRecognizer.Configuration().slop + 1
        session.handle(.pointer(PointerEvent(.down, position: center + along * slop, time: time)))
        session.handle(.pointer(PointerEvent(.move, position: center, time: time + 0.001)))
        isPressed = true
    }

    /// Moves the finger so that the content's offset along the axis is `offset` points, at
    /// `time`, and advances the session to it.
    func move(_ session: ViewerSession, to offset: Double, time: Double) {
        // Dragging the finger up (or left) moves the content the other way: the offset grows.
        session.handle(.pointer(PointerEvent(.move, position: center - along * (offset - base), time: time)))
        session.advance(to: time)
    }

    /// Holds still for a few frames at `offset` (the velocity dies down; well short of a long
    /// press), then lifts the finger. Returns the session's time after it.
    @discardableResult
    mutating func release(_ session: ViewerSession, at offset: Double, time: Double) -> Double {
        let step = ReplayScript.frameStep
        for k in 1...6 { move(session, to: offset, time: time + Double(k) * step) }
        session.handle(.pointer(PointerEvent(.up, position: center - along * (offset - base), time: time + 7 * step)))
        session.advance(to: time + 7 * step)
        isPressed = false
        return time + 7 * step
    }

    /// Drags the content to `offset` and lets go: press, move, hold still, lift.
    mutating func place(_ session: ViewerSession, at offset: Double, time: Double) {
        press(session, time: time)
        move(session, to: offset, time: time + ReplayScript.frameStep)
        release(session, at: offset, time: time + ReplayScript.frameStep)
    }

    /// The length of a screen along the axis, points.
    static func screenLength(_ layout: LayoutKind, viewport: Size) -> Double {
        layout.makeLayout().scrollAxis == .horizontal ? viewport.width : viewport.height
    }

    /// The largest offset along the axis for the first `cards` cards, points.
    static func maximumOffset(_ layout: LayoutKind, viewport: Size, cards: Int) -> Double {
        let made = layout.makeLayout()
        let limit = made.maximumOffset(viewport: viewport, cardCount: cards)
        let value = made.scrollAxis == .horizontal ? limit.x : limit.y
        return value.isFinite ? max(value, 0) : 0
    }
}
