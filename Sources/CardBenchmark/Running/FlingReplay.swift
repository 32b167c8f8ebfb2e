import CardEvents
import CardInteraction
import CardMath
import CardViewerCore

/// The benchmark's scripted fling as input: a `ReplayScript` of pointer events that the
/// scrolling scenario feeds to a `ViewerSession` through `ReplayPlayer` — exactly the path a
/// replay's (and a window's) events take.
///
/// The pointer goes down a little past the gesture recognizer's slop from the viewport's center
/// and moves to the center (so the pan begins there, with the content still at offset 0), then
/// drags the content through the fling's positions (`FlingScript`), one move per frame at 60 Hz:
/// the warm-up's fling compressed into its frames, then the measured one. A drag tracks the finger 1:1, so the scroll offset follows
/// the script exactly whatever the deck's size; released inertia could not cross a
/// 10,000-card deck (1.6 million points of pages) in a few seconds, and the script must visit
/// all of it. The pointer goes up after the last frame.
enum FlingReplay {
    /// The script for `warmup` + `measured` frames of `fling` in `viewport`.
    static func script(_ fling: FlingScript, warmup: Int, measured: Int, viewport: Size) -> ReplayScript {
        let step = ReplayScript.frameStep
        let start = Vec2(viewport.width / 2, viewport.height / 2)
        let along = fling.axis == .horizontal ? Vec2(1, 0) : Vec2(0, 1)
        let slop = GestureRecognizer.Configuration().slop + 1
        var events: [ViewerEvent] = [.pointer(PointerEvent(.down, position: start + along * slop, time: 0)),
                                     .pointer(PointerEvent(.move, position: start, time: step / 4))]
        events.reserveCapacity(warmup + measured + 2)
        let total = warmup + measured
        for frame in 1..<max(total, 1) {
            let offset = frame < warmup ? fling.offset(frame: frame, of: warmup) : fling.offset(frame: frame - warmup, of: measured)
            // Dragging the finger up (or left) moves the content the other way: offset grows.
            events.append(.pointer(PointerEvent(.move, position: start - offset / fling.dragMultiplier, time: Double(frame) * step)))
        }
        let end = Double(total) * step
        events.append(.pointer(PointerEvent(.up, position: start, time: end)))
        return ReplayScript(events: events, end: Double(max(total - 1, 0)) * step)
    }
}
