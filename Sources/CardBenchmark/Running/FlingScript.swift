import CardLayout
import CardMath
import RealModule

/// The benchmark's scroll: a fling from the top of the content to the bottom, then one back,
/// in closed form so that every run (and every card count) scrolls the same way.
///
/// Each fling decelerates as a released scroll view does, exponentially:
/// `g(t) = (1 − e^{−k·t}) / (1 − e^{−k})` for t in 0…1 with `k = 4`, so it starts fast and lands
/// on the far end at about 2% of its starting speed. Frame `f` of `n` sits at
/// `u = f / (n − 1)`: the offset is `max·g(2u)` on the way down and `max·(1 − g(2u − 1))` on
/// the way back, along the layout's scroll axis (`max` is the layout's maximum offset). The
/// script visits every part of the content, so a frame at any position is measured.
public struct FlingScript: Hashable, Sendable {
    /// The largest offset along the scroll axis, points.
    public var maximum: Double
    /// The axis the offset moves along.
    public var axis: ScrollAxis
    /// The deceleration constant `k`.
    public var decay = 4.0
    /// How far the content moves per point the pointer drags (the layout's `dragMultiplier`: a
    /// carousel's `offsetMultiplier`, SPEC §8; 1 elsewhere): the replay drags the pointer
    /// `offset / dragMultiplier`.
    public var dragMultiplier = 1.0

    public init(maximum: Double, axis: ScrollAxis) {
        self.maximum = maximum.isFinite ? Swift.max(0, maximum) : 0
        self.axis = axis
    }

    /// The script for `layout` with `cardCount` cards in `viewport`.
    public init(layout: any CardLayout, viewport: Size, cardCount: Int) {
        let limit = layout.maximumOffset(viewport: viewport, cardCount: cardCount)
        let axis = layout.scrollAxis
        self.init(maximum: axis == .horizontal ? limit.x : limit.y, axis: axis)
        if layout.dragMultiplier > 0 { dragMultiplier = layout.dragMultiplier }
    }

    /// The eased fraction of one fling after fraction `t` (0…1) of its time.
    func fling(_ t: Double) -> Double {
        (1 - Double.exp(-decay * t)) / (1 - Double.exp(-decay))
    }

    /// The position along the axis at fraction `u` (0…1) of the script, points.
    public func position(at u: Double) -> Double {
        let u = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), 1)
        let along = u <= 0.5 ? fling(2 * u) : 1 - fling(2 * u - 1)
        return Swift.min(Swift.max(maximum * along, 0), maximum)
    }

    /// The scroll offset of frame `frame` of `frameCount`.
    public func offset(frame: Int, of frameCount: Int) -> Vec2 {
        let u = frameCount > 1 ? Double(frame) / Double(frameCount - 1) : 0
        let p = position(at: u)
        return axis == .horizontal ? Vec2(p, 0) : Vec2(0, p)
    }
}
