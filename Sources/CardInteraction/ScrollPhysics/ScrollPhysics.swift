import CardMath

/// Scroll physics as people know them from UIScrollView, on one or both axes: a drag follows the
/// pointer 1:1 and rubber-bands past the ends; a release keeps its velocity and decelerates at
/// UIKit's normal rate (`Deceleration`); past an end it bounces back on a critically damped
/// spring (`CriticallyDampedSpring`); a layout that pages or snaps chooses the target offset
/// (`targetOffset`), reached exactly by a spring (or by the natural deceleration when it rests
/// there anyway); trackpad scrolls track like a drag, wheel notches animate by a spring.
///
/// Offsets are content offsets in points (the content point at the viewport's top-left);
/// pointer positions viewport points; velocities points per second; `step` takes seconds.
/// The motion is deterministic: closed-form segments switched at exact instants, so the same
/// inputs give the same trajectory. Non-finite inputs are ignored.
///
/// Wiring to `GestureRecognizer`'s events: `.pointerDown` → `stop()` (a touch catches a fling);
/// `.pan` began → `beginDrag(at: pan.position, pressedAt: pan.startPosition)` (no jump by the slop), changed → `drag(to:)`,
/// ended → `endDrag(pointerVelocity: pan.velocity)`, cancelled → `cancelDrag()`; `.scroll` wheel →
/// `scrollWheel(by: offsetDelta)`, precise began/changed → `scrollPrecise(by:)`, ended →
/// `endPreciseScroll(velocity:)`. Then every frame `step(dt)` and lay out at `offset`.
public struct ScrollPhysics: Sendable {
    /// Which axes move.
    public let axes: Axes
    public let configuration: Configuration
    /// A paging or snapping layout's choice of where a release ends; `nil` scrolls freely.
    public var targetOffset: TargetOffset?

    var x: AxisMotion
    var y: AxisMotion
    var gesture: Gesture = .none

    enum Gesture: Sendable {
        case none
        /// A pointer drag: where the pointer and the unconstrained offset were when it began, and
        /// the offset the release reports as the drag's start (the press's, see `beginDrag`).
        case drag(pointerStart: Vec2, unconstrainedStart: Vec2, offsetStart: Vec2)
        /// A trackpad scroll stream, begun at `offsetStart`.
        case precise(offsetStart: Vec2)
        /// Wheel notches on their way to `destination`.
        case wheel(destination: Vec2)
    }

    /// - Parameters:
    ///   - viewport: the viewport in points; its extent on each axis is the rubber band's `d`.
    ///   - minimumOffset, maximumOffset: the resting offsets allowed on each axis.
    ///   - offset: the starting offset; one past an end springs back from the first step.
    public init(axes: Axes, viewport: Size, minimumOffset: Vec2 = .zero, maximumOffset: Vec2,
                offset: Vec2 = .zero, configuration: Configuration = Configuration(),
                targetOffset: TargetOffset? = nil) {
        self.axes = axes
        self.configuration = configuration
        self.targetOffset = targetOffset
        let lo = finiteOr(minimumOffset, .zero), hi = finiteOr(maximumOffset, lo), start = finiteOr(offset, lo)
        x = AxisMotion(position: start.x, lower: lo.x, upper: hi.x, extent: viewport.width.isFinite ? viewport.width : 0,
                       configuration: configuration)
        y = AxisMotion(position: start.y, lower: lo.y, upper: hi.y, extent: viewport.height.isFinite ? viewport.height : 0,
                       configuration: configuration)
        x.setBounds(lower: x.lower, upper: x.upper, extent: x.extent)
        y.setBounds(lower: y.lower, upper: y.upper, extent: y.extent)
    }

    /// The offset now, points.
    public var offset: Vec2 { Vec2(x.position, y.position) }
    /// The offset's velocity now, points per second.
    public var velocity: Vec2 { Vec2(x.velocity, y.velocity) }
    /// True when nothing moves and no drag or scroll stream is in progress.
    public var isSettled: Bool {
        if case .none = gesture { x.isResting && y.isResting } else { false }
    }
    /// True while a pointer drag is in progress.
    public var isDragging: Bool { if case .drag = gesture { true } else { false } }
    /// True while a trackpad scroll stream is in progress (between its first delta and its end).
    public var isTrackingPreciseScroll: Bool { if case .precise = gesture { true } else { false } }
    /// The lowest resting offset on each axis.
    public var minimumOffset: Vec2 { Vec2(x.lower, y.lower) }
    /// The highest resting offset on each axis.
    public var maximumOffset: Vec2 { Vec2(x.upper, y.upper) }
    /// Where a spring, snap or wheel animation is heading; the offset itself when at rest.
    public var destination: Vec2 { Vec2(x.destination ?? x.position, y.destination ?? y.position) }

    /// New bounds or viewport (content size changed, window resized). Content past a new end
    /// springs back; a drag in progress continues against the new bounds.
    public mutating func setBounds(viewport: Size, minimumOffset: Vec2 = .zero, maximumOffset: Vec2) {
        let lo = finiteOr(minimumOffset, .zero), hi = finiteOr(maximumOffset, lo)
        x.setBounds(lower: lo.x, upper: hi.x, extent: viewport.width.isFinite ? viewport.width : 0)
        y.setBounds(lower: lo.y, upper: hi.y, extent: viewport.height.isFinite ? viewport.height : 0)
    }

    /// Advances time by `dt` seconds; a negative or non-finite `dt` is ignored.
    public mutating func step(_ dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        if axes.contains(.horizontal) { x.step(dt) }
        if axes.contains(.vertical) { y.step(dt) }
        if case .wheel = gesture, x.isResting, y.isResting { gesture = .none }
    }

    // MARK: Pointer drags

    /// A drag begins with the pointer at `pointer` (viewport points). Whatever moved stops.
    ///
    /// - Parameter pressedAt: where the button went down, when the drag was recognized only
    ///   after the pointer moved past a slop: the content does not jump by the slop, but the
    ///   release's `dragStart` is where the offset would have been had it followed the pointer
    ///   from the press, so a layout's paging threshold measures the whole drag (SlideBox pages
    ///   from 30 points of drag, slop included, as the seed's scroll view does).
    public mutating func beginDrag(at pointer: Vec2, pressedAt: Vec2? = nil) {
        guard pointer.x.isFinite, pointer.y.isFinite else { return }
        if axes.contains(.horizontal) { x.beginTracking() }
        if axes.contains(.vertical) { y.beginTracking() }
        let u = Vec2(x.unconstrained ?? x.position, y.unconstrained ?? y.position)
        var start = offset
        if let pressedAt, pressedAt.x.isFinite, pressedAt.y.isFinite {
            // The content moves against the pointer: the slop's movement, undone.
            let slop = pointer - pressedAt
            if axes.contains(.horizontal) { start.x += slop.x }
            if axes.contains(.vertical) { start.y += slop.y }
        }
        gesture = .drag(pointerStart: pointer, unconstrainedStart: u, offsetStart: start)
    }

    /// The pointer moved to `pointer`: the content follows it 1:1 (the offset moves against
    /// the pointer), rubber-banded past the ends.
    public mutating func drag(to pointer: Vec2) {
        guard pointer.x.isFinite, pointer.y.isFinite, case .drag(let p0, let u0, _) = gesture else { return }
        let u = u0 - (pointer - p0)
        x.track(to: u.x)
        y.track(to: u.y)
    }

    /// The pointer let go, moving at `pointerVelocity` (viewport points per second, e.g. the pan
    /// recognizer's estimate). The content keeps the velocity it had: the pointer's, reversed,
    /// times the rubber band's slope when past an end.
    public mutating func endDrag(pointerVelocity: Vec2) {
        guard case .drag(_, _, let start) = gesture else { return }
        let v = finiteOr(pointerVelocity, .zero)
        release(velocity: Vec2(-v.x * x.trackingSlope, -v.y * y.trackingSlope), dragStart: start)
    }

    /// The drag was cancelled: let go without velocity (a paging layout still snaps).
    public mutating func cancelDrag() { endDrag(pointerVelocity: .zero) }
}

/// `v` where both components are finite, else `fallback`.
func finiteOr(_ v: Vec2, _ fallback: Vec2) -> Vec2 {
    v.x.isFinite && v.y.isFinite ? v : fallback
}
