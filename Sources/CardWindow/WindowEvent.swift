import CardInteraction
import CardMath

/// What happened in a window, in the order it happened, as plain values: the pointer, scroll
/// and key events of `CardInteraction` (timestamped with the window's clock, `time`), plus the
/// window's own events. GLFW's callbacks only translate; they decide nothing.
///
/// Positions are window points (GLFW's screen coordinates: top-left origin, +y down), the same
/// space as the viewport the layouts see.
public enum WindowEvent: Equatable, Sendable {
    /// A button went down or up, or the pointer moved.
    case pointer(PointerEvent)
    /// Mouse wheel or trackpad scroll, in wheel steps (GLFW's units; +y means up/away).
    /// Deltas that are not whole steps are marked precise (trackpads, smooth wheels).
    case scroll(ScrollEvent)
    /// A key went down (or, for scrolling keys and brackets, repeated) or up.
    case key(KeyEvent)
    /// The window or its framebuffer changed size (0 × 0 while minimised).
    case resized
    /// The window's contents need drawing again (exposed).
    case refresh
    /// The user asked to close the window.
    case closeRequested
}
