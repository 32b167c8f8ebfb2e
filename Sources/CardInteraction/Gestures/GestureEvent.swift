import CardEvents
import CardMath

/// What the recognizers report, in order, for the viewer to switch over.
///
/// Positions are viewport points, times seconds, velocities points per second.
public enum GestureEvent: Hashable, Sendable {
    /// A button went down: the moment to stop a fling (UIScrollView stops on touch-down).
    case pointerDown(position: Vec2, button: PointerButton, time: Double)
    /// A short press that barely moved.
    case tap(TapGesture)
    /// A drag that moved past the slop (any direction; `axis` is its dominant axis).
    case pan(PanGesture)
    /// A fast release of a pan along its locked axis; follows the pan's `ended`.
    case swipe(SwipeGesture)
    /// A press held still for the long-press duration, then dragged until release.
    case longPress(LongPressGesture)
    /// Wheel notches and trackpad scroll streams.
    case scroll(ScrollGesture)
    /// A key went down or up (after any gesture it cancelled).
    case key(KeyEvent)
}

/// Where a continuous gesture is.
public enum GesturePhase: Hashable, Sendable {
    case began, changed, ended, cancelled
}

/// A screen axis.
public enum GestureAxis: Hashable, Sendable {
    case horizontal, vertical
}

/// A short press with little movement.
public struct TapGesture: Hashable, Sendable {
    /// Where the button went up.
    public var position: Vec2
    public var button: PointerButton
    /// When the button went up.
    public var time: Double
    /// 1 for a single tap, 2 for the second tap of a double tap (a double-click), and so on:
    /// taps of one button that each end within `doubleTapInterval` of the previous one, near it.
    public var count: Int

    public init(position: Vec2, button: PointerButton, time: Double, count: Int = 1) {
        self.position = position
        self.button = button
        self.time = time
        self.count = count
    }
}

/// A drag, reported from the moment it moved past the slop.
public struct PanGesture: Hashable, Sendable {
    public var phase: GesturePhase
    public var button: PointerButton
    /// Where the button went down.
    public var startPosition: Vec2
    /// Where the pointer is now.
    public var position: Vec2
    /// The pointer's velocity, estimated from its recent samples (zero if it came to rest).
    public var velocity: Vec2
    /// The axis that dominated when the pan began (|Δx| ≥ |Δy| is horizontal): the direction lock.
    public var axis: GestureAxis
    public var time: Double

    public init(phase: GesturePhase, button: PointerButton, startPosition: Vec2, position: Vec2, velocity: Vec2,
                axis: GestureAxis, time: Double) {
        self.phase = phase
        self.button = button
        self.startPosition = startPosition
        self.position = position
        self.velocity = velocity
        self.axis = axis
        self.time = time
    }

    /// The movement since the button went down (includes the slop).
    public var translation: Vec2 { position - startPosition }
    /// The movement along the locked axis only; zero across it.
    public var lockedTranslation: Vec2 {
        axis == .horizontal ? Vec2(translation.x, 0) : Vec2(0, translation.y)
    }
}

/// The direction of a swipe.
public enum SwipeDirection: Hashable, Sendable {
    case left, right, up, down

    public var axis: GestureAxis { self == .left || self == .right ? .horizontal : .vertical }
}

/// A pan released fast along its locked axis.
public struct SwipeGesture: Hashable, Sendable {
    /// By the sign of the release velocity along the locked axis.
    public var direction: SwipeDirection
    public var button: PointerButton
    public var startPosition: Vec2
    /// Where it was released.
    public var position: Vec2
    /// The release velocity along the locked axis (signed, points per second).
    public var speed: Double
    public var time: Double

    public init(direction: SwipeDirection, button: PointerButton, startPosition: Vec2, position: Vec2, speed: Double,
                time: Double) {
        self.direction = direction
        self.button = button
        self.startPosition = startPosition
        self.position = position
        self.speed = speed
        self.time = time
    }
}

/// A long press: `began` when it fires (the pointer held still long enough), then `changed` on
/// every move, `ended` on release, `cancelled` by a pointer cancel or Esc.
public struct LongPressGesture: Hashable, Sendable {
    public var phase: GesturePhase
    public var button: PointerButton
    /// Where the pointer was when the long press fired.
    public var startPosition: Vec2
    public var position: Vec2
    public var velocity: Vec2
    public var time: Double

    public init(phase: GesturePhase, button: PointerButton, startPosition: Vec2, position: Vec2, velocity: Vec2,
                time: Double) {
        self.phase = phase
        self.button = button
        self.startPosition = startPosition
        self.position = position
        self.velocity = velocity
        self.time = time
    }

    /// The movement since the long press fired.
    public var translation: Vec2 { position - startPosition }
}

/// A scroll, converted to scroll-offset points (positive: the offset increases, the content
/// moves up/left).
public struct ScrollGesture: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// One or more wheel notches: a discrete step, to animate.
        case wheel
        /// A trackpad stream: began, changed…, ended (after a short pause in the deltas).
        case precise(GesturePhase)
    }

    public var kind: Kind
    /// The offset change, points; zero on a precise stream's `ended`.
    public var offsetDelta: Vec2
    /// The offset's velocity in the stream, points per second (zero for wheels).
    public var velocity: Vec2
    /// The pointer's last known position, viewport points.
    public var position: Vec2
    public var time: Double

    public init(kind: Kind, offsetDelta: Vec2, velocity: Vec2, position: Vec2, time: Double) {
        self.kind = kind
        self.offsetDelta = offsetDelta
        self.velocity = velocity
        self.position = position
        self.time = time
    }
}
