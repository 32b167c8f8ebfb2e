import CardMath

extension ScrollPhysics {
    // MARK: Trackpad and wheel

    /// A trackpad (precise) scroll moved the content by `delta` points of offset: it tracks like
    /// a drag, rubber-banded past the ends, until `endPreciseScroll`.
    public mutating func scrollPrecise(by delta: Vec2) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        switch gesture {
        case .drag: return
        case .precise: break
        case .none, .wheel:
            if axes.contains(.horizontal) { x.beginTracking() }
            if axes.contains(.vertical) { y.beginTracking() }
            gesture = .precise(offsetStart: offset)
        }
        if let u = x.unconstrained { x.track(to: u + delta.x) }
        if let u = y.unconstrained { y.track(to: u + delta.y) }
    }

    /// The trackpad scroll stream ended with the offset moving at `velocity` points per second
    /// (the scroll recognizer's estimate): it is released like a drag.
    public mutating func endPreciseScroll(velocity: Vec2) {
        guard case .precise(let start) = gesture else { return }
        let v = finiteOr(velocity, .zero)
        release(velocity: Vec2(v.x * x.trackingSlope, v.y * y.trackingSlope), dragStart: start)
    }

    /// A mouse-wheel notch asks to move the offset by `delta` points: the offset animates there
    /// on a spring, clamped to the bounds (wheels do not rubber-band). Notches that arrive during
    /// the animation add up. A paging layout chooses the target as for a fling whose natural
    /// resting place is the notch's destination.
    public mutating func scrollWheel(by delta: Vec2) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        let base: Vec2
        switch gesture {
        case .drag, .precise: return
        case .wheel(let destination): base = destination
        case .none: base = Vec2(x.clamped(x.position), y.clamped(y.position))
        }
        let masked = Vec2(axes.contains(.horizontal) ? delta.x : 0, axes.contains(.vertical) ? delta.y : 0)
        var goal = Vec2(x.clamped(base.x + masked.x), y.clamped(base.y + masked.y))
        if let targetOffset {
            // The velocity whose natural deceleration travels the notch: v = k·distance.
            let k = x.deceleration(velocity: 0).decay
            let release = Release(current: offset, proposed: goal, velocity: (goal - base) * k, dragStart: base)
            goal = clampedTarget(targetOffset(release), proposed: goal)
        }
        gesture = .wheel(destination: goal)
        if axes.contains(.horizontal) { x.spring(to: goal.x, velocity: x.velocity) }
        if axes.contains(.vertical) { y.spring(to: goal.y, velocity: y.velocity) }
        if x.isResting && y.isResting { gesture = .none }
    }

    // MARK: Programmatic

    /// Moves to `target` (clamped to the bounds): on a spring from the current motion when
    /// `animated`, else at once. Ends any drag or scroll stream.
    public mutating func scroll(to target: Vec2, animated: Bool) {
        guard target.x.isFinite, target.y.isFinite else { return }
        gesture = .none
        let goal = Vec2(x.clamped(target.x), y.clamped(target.y))
        if axes.contains(.horizontal) {
            if animated { x.spring(to: goal.x, velocity: x.velocity) } else { x.rest(at: goal.x) }
        }
        if axes.contains(.vertical) {
            if animated { y.spring(to: goal.y, velocity: y.velocity) } else { y.rest(at: goal.y) }
        }
    }

    /// Stops all motion where it is (content past an end still springs back). Ends any drag.
    public mutating func stop() {
        gesture = .none
        if axes.contains(.horizontal) { x.stop() }
        if axes.contains(.vertical) { y.stop() }
    }

    // MARK: Release

    /// Lets go of a drag or scroll stream with the offset moving at `velocity`: decelerates (and
    /// bounces), or heads for the layout's target.
    mutating func release(velocity: Vec2, dragStart: Vec2) {
        gesture = .none
        let v = Vec2(axes.contains(.horizontal) ? velocity.x : 0, axes.contains(.vertical) ? velocity.y : 0)
        guard let targetOffset else {
            if axes.contains(.horizontal) { x.release(velocity: v.x) }
            if axes.contains(.vertical) { y.release(velocity: v.y) }
            return
        }
        let proposed = Vec2(x.clamped(x.deceleration(velocity: v.x).restingPosition),
                            y.clamped(y.deceleration(velocity: v.y).restingPosition))
        let release = Release(current: offset, proposed: proposed, velocity: v, dragStart: dragStart)
        let target = clampedTarget(targetOffset(release), proposed: proposed)
        if axes.contains(.horizontal) { x.release(velocity: v.x, target: target.x) }
        if axes.contains(.vertical) { y.release(velocity: v.y, target: target.y) }
    }

    /// A layout's target, clamped to the bounds; a non-finite component falls back to `proposed`.
    private func clampedTarget(_ target: Vec2, proposed: Vec2) -> Vec2 {
        Vec2(x.clamped(target.x.isFinite ? target.x : proposed.x),
             y.clamped(target.y.isFinite ? target.y : proposed.y))
    }
}
