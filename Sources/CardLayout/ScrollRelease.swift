import CardMath

/// The axis a layout scrolls along.
public enum ScrollAxis: String, Sendable, Hashable, CaseIterable {
    /// Content scrolls up and down: the offset's y changes (pages, tasks, grid).
    case vertical
    /// Content scrolls left and right: the offset's x changes (slidebox, wheel).
    case horizontal

    /// The component of `v` along this axis.
    @inlinable public func component(of v: Vec2) -> Double {
        self == .vertical ? v.y : v.x
    }
}

/// What a layout is told when the user lets go of a scroll: the input to
/// `CardLayout.targetOffset(for:in:)`, UIKit's
/// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` with the drag's start.
///
/// All offsets are scroll offsets in content points (the content point at the viewport's
/// top-left corner); the velocity is the scroll offset's rate of change in points per second
/// (positive: the offset grows, the content moves up or left).
public struct ScrollRelease: Hashable, Sendable {
    /// The offset when the finger lifted.
    public var current: Vec2
    /// Where free deceleration would stop (before any clamping to the content).
    public var proposed: Vec2
    /// The offset's velocity at release, points per second.
    public var velocity: Vec2
    /// The offset when the drag began; for a pointer drag recognized past a slop, where it
    /// would have been at the press had it followed the pointer from there (so thresholds
    /// measure the whole drag).
    public var dragStart: Vec2

    public init(current: Vec2, proposed: Vec2, velocity: Vec2 = .zero, dragStart: Vec2? = nil) {
        self.current = current
        self.proposed = proposed
        self.velocity = velocity
        self.dragStart = dragStart ?? current
    }
}
