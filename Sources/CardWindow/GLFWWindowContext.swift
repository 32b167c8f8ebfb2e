import CGLFW
import CardMath
import CardRendering

/// A GLFW window with an OpenGL 3.3 core (forward-compatible) context, vsync on: a
/// `GraphicsContext` for the renderer and a source of `WindowEvent`s for the application.
///
/// The viewport in points is the window size (GLFW screen coordinates); the drawable is the
/// framebuffer in pixels, larger on HiDPI displays and 0 × 0 while minimised. One window per
/// process (GLFW is initialised with it and terminated when it closes); use it on the main thread.
public final class GLFWWindowContext: GraphicsContext {
    private let window: OpaquePointer
    private let events: EventQueue
    /// The driver behind the window's context.
    public let info: GLInfo

    /// Opens a window of `size` points titled `title` and makes its context current.
    ///
    /// - Parameter visible: false keeps the window hidden (tests).
    /// - Throws: `WindowError.noDisplay` when GLFW cannot start, `.noGLContext` when it cannot
    ///   create an OpenGL 3.3 core context (or the context reports an older version).
    public init(title: String, size: Size, visible: Bool = true) throws {
        guard glfwInit() == GLFW_TRUE else {
            let detail = Self.lastError() ?? "GLFW could not initialise"
            throw WindowError.noDisplay(detail)
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SAMPLES, 4)
        glfwWindowHint(GLFW_DEPTH_BITS, 24)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        let width = Int32(clamping: Int(max(1, min(size.width.isFinite ? size.width : 1, 16_384))))
        let height = Int32(clamping: Int(max(1, min(size.height.isFinite ? size.height : 1, 16_384))))
        guard let window = glfwCreateWindow(width, height, title, nil, nil) else {
            let detail = Self.lastError() ?? "glfwCreateWindow failed"
            glfwTerminate()
            throw WindowError.noGLContext(detail)
        }
        self.window = window
        glfwMakeContextCurrent(window)
        let info = GLInfo.current()
        guard info.supportsGL33 else {
            glfwDestroyWindow(window)
            glfwTerminate()
            throw WindowError.noGLContext("the driver offers only \(info.version)")
        }
        self.info = info
        glfwSwapInterval(1)
        events = EventQueue()
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(events).toOpaque())
        installCallbacks()
    }

    deinit {
        glfwSetWindowUserPointer(window, nil)
        glfwDestroyWindow(window)
        glfwTerminate()
    }

    /// GLFW's description of its last error, if any.
    private static func lastError() -> String? {
        var description: UnsafePointer<CChar>?
        guard glfwGetError(&description) != GLFW_NO_ERROR, let description else { return nil }
        return String(cString: description)
    }

    // MARK: GraphicsContext

    public func makeCurrent() throws { glfwMakeContextCurrent(window) }

    public var drawableSize: PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    public var framebuffer: UInt32 { 0 }

    /// Swaps the buffers (waits for vsync).
    public func present() { glfwSwapBuffers(window) }

    // MARK: Window

    /// The window's size in points: the viewport the layouts see (0 × 0 while minimised).
    public var viewportSize: Size {
        var width: Int32 = 0, height: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        return Size(width: Double(max(0, width)), height: Double(max(0, height)))
    }

    /// True once the user asked to close the window (or `close()` was called).
    public var shouldClose: Bool { glfwWindowShouldClose(window) == GLFW_TRUE }

    /// Asks the window to close; the event loop ends.
    public func close() { glfwSetWindowShouldClose(window, GLFW_TRUE) }

    /// Waits for at least one event (at most `timeout` seconds when given; `0` only polls) and
    /// returns the events since the last call.
    public func nextEvents(timeout: Double? = nil) -> [WindowEvent] {
        switch timeout {
        case nil: glfwWaitEvents()
        case let t? where t <= 0: glfwPollEvents()
        case let t?: glfwWaitEventsTimeout(t)
        }
        return events.drain()
    }

    private func installCallbacks() {
        glfwSetScrollCallback(window) { window, dx, dy in
            EventQueue.of(window)?.append(.scroll(Vec2(dx, dy)))
        }
        glfwSetCursorPosCallback(window) { window, x, y in
            EventQueue.of(window)?.append(.pointerMoved(Vec2(x, y)))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, let window else { return }
            var x = 0.0, y = 0.0
            glfwGetCursorPos(window, &x, &y)
            let point = Vec2(x, y)
            EventQueue.of(window)?.append(action == GLFW_PRESS ? .pointerDown(point) : .pointerUp(point))
        }
        glfwSetKeyCallback(window) { window, key, _, action, _ in
            guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
            EventQueue.of(window)?.append(.key(WindowKey(glfwKey: key)))
        }
        glfwSetFramebufferSizeCallback(window) { window, _, _ in EventQueue.of(window)?.append(.resized) }
        glfwSetWindowSizeCallback(window) { window, _, _ in EventQueue.of(window)?.append(.resized) }
        glfwSetWindowCloseCallback(window) { window in EventQueue.of(window)?.append(.closeRequested) }
        glfwSetWindowRefreshCallback(window) { window in EventQueue.of(window)?.append(.resized) }
    }
}

/// Events gathered by GLFW's C callbacks (which cannot capture context) through the window's
/// user pointer.
private final class EventQueue {
    private var events: [WindowEvent] = []

    func append(_ event: WindowEvent) { events.append(event) }

    func drain() -> [WindowEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    static func of(_ window: OpaquePointer?) -> EventQueue? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<EventQueue>.fromOpaque(pointer).takeUnretainedValue()
    }
}

extension WindowKey {
    init(glfwKey key: Int32) {
        switch key {
        case GLFW_KEY_ESCAPE: self = .escape
        case GLFW_KEY_Q: self = .q
        case GLFW_KEY_UP: self = .up
        case GLFW_KEY_DOWN: self = .down
        case GLFW_KEY_LEFT: self = .left
        case GLFW_KEY_RIGHT: self = .right
        case GLFW_KEY_PAGE_UP: self = .pageUp
        case GLFW_KEY_PAGE_DOWN: self = .pageDown
        case GLFW_KEY_HOME: self = .home
        case GLFW_KEY_END: self = .end
        default: self = .other(key)
        }
    }
}
