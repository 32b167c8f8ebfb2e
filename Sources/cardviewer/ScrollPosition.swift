import CardMath

/// The scroll offset of the `run` window: moved by the mouse wheel and by dragging, always
/// clamped to the content (0…maximum on each axis). No inertia yet; that is the interaction
/// module's job.
struct ScrollPosition {
    /// The offset, content points.
    private(set) var offset: Vec2
    /// The largest offset the content allows.
    private(set) var maximum: Vec2
    /// Points scrolled per wheel step.
    var pointsPerWheelStep = 60.0
    /// Where a drag started: the pointer and the offset at that moment.
    private var dragStart: (pointer: Vec2, offset: Vec2)?

    init(offset: Vec2, maximum: Vec2) {
        self.maximum = Vec2(max(0, maximum.x), max(0, maximum.y))
        self.offset = .zero
        self.offset = clamped(offset)
    }

    /// A new content size (resize, other card count): the offset stays inside.
    mutating func setMaximum(_ maximum: Vec2) {
        self.maximum = Vec2(max(0, maximum.x), max(0, maximum.y))
        offset = clamped(offset)
    }

    /// A wheel turn of `steps` (+y: up, toward the start). A content that scrolls only
    /// horizontally takes the vertical wheel too.
    mutating func wheel(_ steps: Vec2) {
        var delta = -steps * pointsPerWheelStep
        if maximum.y == 0, maximum.x > 0, delta.x == 0 { delta = Vec2(delta.y, 0) }
        offset = clamped(offset + delta)
    }

    mutating func beginDrag(at pointer: Vec2) { dragStart = (pointer, offset) }

    /// The content follows the pointer 1:1.
    mutating func drag(to pointer: Vec2) {
        guard let start = dragStart else { return }
        offset = clamped(start.offset - (pointer - start.pointer))
    }

    mutating func endDrag() { dragStart = nil }

    /// Moves by `delta` points (keys).
    mutating func move(by delta: Vec2) { offset = clamped(offset + delta) }

    private func clamped(_ p: Vec2) -> Vec2 {
        Vec2(clamp(p.x, 0, maximum.x), clamp(p.y, 0, maximum.y))
    }
}
