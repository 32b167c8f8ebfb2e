import CardMath

/// What happened in a window since the last look, in the order it happened.
///
/// Positions are window points (GLFW's screen coordinates: top-left origin, +y down), the same
/// space as the viewport the layouts see.
public enum WindowEvent: Equatable, Sendable {
    /// Mouse wheel or trackpad scroll, in wheel steps (GLFW's units); +y means up/away.
    case scroll(Vec2)
    /// The primary (left) button went down at a point.
    case pointerDown(Vec2)
    /// The pointer moved to a point (with or without a button down).
    case pointerMoved(Vec2)
    /// The primary button went up at a point.
    case pointerUp(Vec2)
    /// A key was pressed (or auto-repeated).
    case key(WindowKey)
    /// The window or its framebuffer changed size (0 × 0 while minimised).
    case resized
    /// The user asked to close the window.
    case closeRequested
}

/// The keys the viewer reacts to.
public enum WindowKey: Equatable, Sendable {
    case escape
    case q
    case up, down, left, right
    case pageUp, pageDown, home, end
    /// Any other key, by its GLFW key code.
    case other(Int32)
}
