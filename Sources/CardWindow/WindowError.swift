/// Why a window could not be opened: a failure at run time (exit status 1). One-line descriptions.
public enum WindowError: Error, CustomStringConvertible, Equatable {
    /// GLFW could not start: typically no display (no `DISPLAY`/`WAYLAND_DISPLAY`).
    case noDisplay(String)
    /// A display, but no window with an OpenGL 3.3 core context on it.
    case noGLContext(String)

    public var description: String {
        switch self {
        case let .noDisplay(detail): "cannot open a window: no display (\(detail))"
        case let .noGLContext(detail): "cannot open a window with an OpenGL 3.3 core context (\(detail))"
        }
    }
}
