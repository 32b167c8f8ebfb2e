import CGLFW
import CardEvents
import CardMath

/// A GLFW window with an OpenGL 3.3 core (forward-compatible) context, vsync on: a context the
/// renderer can draw into (the application declares it a `GraphicsContext`; this target knows
/// no renderer) and a source of `ViewerEvent`s for the application.
///
/// The viewport is in points, the drawable (the framebuffer) in pixels, larger on HiDPI displays
/// and 0 × 0 while minimised. GLFW's screen coordinates are points on macOS and Wayland, but
/// pixels on X11 (where the content scale comes from `Xft.dpi`): `ScreenScale` turns them into
/// points either way, for the window's size and the cursor's positions. One window per process
/// (GLFW is initialised with it and terminated when it closes); use it on the main thread.
public final class GLFWWindowContext {
    private let window: OpaquePointer
    private let events: EventQueue
    /// Where the window was, and its size, before it went fullscreen (screen coordinates).
    private var windowedFrame: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// The OpenGL version of the window's context (major, minor), as GLFW reports it.
    public let contextVersion: (major: Int, minor: Int)

    /// Opens a window of `size` points titled `title` and makes its context current: on X11,
    /// `size` × the monitor's content scale pixels (`GLFW_SCALE_TO_MONITOR`).
    ///
    /// - Parameter visible: false keeps the window hidden (tests).
    /// - Throws: `WindowError.noDisplay` when GLFW cannot start, `.noGLContext` when it cannot
    ///   create an OpenGL 3.3 core context (or the context reports an older version).
    public init(title: String, size: Size, visible: Bool = true) throws {
        guard glfwInit() == GLFW_TRUE else {
            let detail = Self.lastError() ?? "GLFW could not initialise"
            throw WindowError.noDisplay(detail)
        }
        Self.setHints(visible: visible)
        let width = Int32(clamping: Int(max(1, min(size.width.isFinite ? size.width : 1, 16_384))))
        let height = Int32(clamping: Int(max(1, min(size.height.isFinite ? size.height : 1, 16_384))))
        guard let window = glfwCreateWindow(width, height, title, nil, nil) else {
            let detail = Self.lastError() ?? "glfwCreateWindow failed"
            glfwTerminate()
            throw WindowError.noGLContext(detail)
        }
        self.window = window
        glfwMakeContextCurrent(window)
        let version = (major: Int(glfwGetWindowAttrib(window, GLFW_CONTEXT_VERSION_MAJOR)),
                       minor: Int(glfwGetWindowAttrib(window, GLFW_CONTEXT_VERSION_MINOR)))
        guard version >= (3, 3) else {
            glfwDestroyWindow(window)
            glfwTerminate()
            throw WindowError.noGLContext("the driver offers only OpenGL \(version.major).\(version.minor)")
        }
        contextVersion = version
        glfwSwapInterval(1)
        events = EventQueue()
        events.scale = ScreenScale(of: window)
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(events).toOpaque())
        installCallbacks()
    }

    /// The hints of every window this process opens (`init`, `makeSharedContext`): one
    /// framebuffer configuration, so that programs compiled in one context suit the other.
    private static func setHints(visible: Bool) {
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        // One sample per pixel: the card shader antialiases the cards' edges and corners itself
        // (distance-field coverage), and 4× multisampling cost two buffers of 16 bytes a pixel
        // (32 MiB at 1280×800 on llvmpipe, in system memory; docs/BENCHMARKS.md).
        glfwWindowHint(GLFW_SAMPLES, 0)
        glfwWindowHint(GLFW_DEPTH_BITS, 24)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
    }

    /// A hidden 1 × 1 window whose context shares objects (programs, textures, buffers) with this
    /// window's and has its framebuffer configuration: where another thread compiles programs
    /// for this window (`CompileAhead`). Its title names no viewer (window lists and searches
    /// by name or class never take it for the viewer's). Call on the main thread, as `close()`
    /// on the result.
    ///
    /// - Throws: `WindowError.noGLContext` when GLFW cannot create it.
    public func makeSharedContext() throws -> GLFWSharedContext {
        Self.setHints(visible: false)
        guard let hidden = glfwCreateWindow(1, 1, "compiling shaders", nil, window) else {
            throw WindowError.noGLContext(Self.lastError() ?? "glfwCreateWindow failed")
        }
        return GLFWSharedContext(window: hidden)
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

    // MARK: Drawing (what `GraphicsContext` asks for)

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
    public var viewportSize: Size { EventQueue.viewport(of: window, scale: events.scale) }

    /// The window's content scale (GLFW's: the monitor's, `Xft.dpi` / 96 on X11), pixels per
    /// point, and how many points one screen coordinate is (`ScreenScale`).
    public var screenScale: ScreenScale { events.scale }

    /// True once the user asked to close the window (or `close()` was called).
    public var shouldClose: Bool { glfwWindowShouldClose(window) == GLFW_TRUE }

    /// Sets the window's title (UTF-8), as the window manager shows it.
    public func setTitle(_ title: String) { glfwSetWindowTitle(window, title) }

    /// Brings the window forward for the user: restored when minimised, shown, given the input
    /// focus where the window manager allows it, and its attention flag raised (the taskbar
    /// flashes where the focus was refused). A picture opened from the desktop while it runs.
    public func raise() {
        if glfwGetWindowAttrib(window, GLFW_ICONIFIED) == GLFW_TRUE { glfwRestoreWindow(window) }
        glfwShowWindow(window)
        glfwFocusWindow(window)
        glfwRequestWindowAttention(window)
    }

    /// Wakes the event loop of the window's thread from any thread: a `pollEvents` waiting
    /// returns (with no event). Does nothing before the window opens or after it closed.
    public static func wakeEventLoop() { glfwPostEmptyEvent() }

    /// Asks the window to close; the event loop ends.
    public func close() { glfwSetWindowShouldClose(window, GLFW_TRUE) }

    /// True while the window is fullscreen on a monitor.
    public var isFullscreen: Bool { glfwGetWindowMonitor(window) != nil }

    /// Fullscreen on or off (`F`, `F11`): on, the window covers the monitor it is on (the one
    /// holding its centre, else the primary one) at that monitor's current video mode, so the
    /// screen is not switched to another mode; off, it goes back to the position and size it had
    /// before, in screen coordinates. The size change reaches the application as a resize event.
    public func toggleFullscreen() {
        if isFullscreen {
            let unit = events.scale.screenCoordinatesPerPoint
            let frame = windowedFrame ?? (x: 80, y: 80, width: Int32((1280 * unit).rounded()), height: Int32((800 * unit).rounded()))
            glfwSetWindowMonitor(window, nil, frame.x, frame.y, frame.width, frame.height, GLFW_DONT_CARE)
            return
        }
        guard let monitor = currentMonitor(), let mode = glfwGetVideoMode(monitor)?.pointee else { return }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        glfwGetWindowPos(window, &x, &y)
        glfwGetWindowSize(window, &width, &height)
        windowedFrame = (x, y, max(width, 1), max(height, 1))
        glfwSetWindowMonitor(window, monitor, 0, 0, mode.width, mode.height, mode.refreshRate)
    }

    /// The monitor whose area holds the window's centre, else the primary monitor.
    private func currentMonitor() -> OpaquePointer? {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        glfwGetWindowPos(window, &x, &y)
        glfwGetWindowSize(window, &width, &height)
        let cx = x + width / 2, cy = y + height / 2
        var count: Int32 = 0
        if let monitors = glfwGetMonitors(&count) {
            for index in 0..<Int(max(count, 0)) {
                guard let monitor = monitors[index], let mode = glfwGetVideoMode(monitor)?.pointee else { continue }
                var mx: Int32 = 0, my: Int32 = 0
                glfwGetMonitorPos(monitor, &mx, &my)
                if cx >= mx, cx < mx + mode.width, cy >= my, cy < my + mode.height { return monitor }
            }
        }
        return glfwGetPrimaryMonitor()
    }

    /// Seconds on GLFW's clock: the time stamped on this window's events.
    public var time: Double { glfwGetTime() }

    /// Waits for events (at most `timeout` seconds when given; `0` only polls; `nil` waits for
    /// at least one) and hands each to `body`, in order. Keeps its buffer between calls, so a
    /// frame with no events allocates nothing.
    public func pollEvents(timeout: Double? = nil, _ body: (ViewerEvent) -> Void) {
        switch timeout {
        case nil: glfwWaitEvents()
        case let t? where t <= 0: glfwPollEvents()
        case let t?: glfwWaitEventsTimeout(t)
        }
        events.drain(body)
    }

    /// Waits like `pollEvents(timeout:_:)` and returns the events since the last call.
    public func nextEvents(timeout: Double? = nil) -> [ViewerEvent] {
        var out: [ViewerEvent] = []
        pollEvents(timeout: timeout) { out.append($0) }
        return out
    }

    private func installCallbacks() {
        glfwSetScrollCallback(window) { window, dx, dy in
            let precise = dx != dx.rounded() || dy != dy.rounded()
            EventQueue.of(window)?.append(.scroll(ScrollEvent(delta: Vec2(dx, dy), time: glfwGetTime(), isPrecise: precise)))
        }
        glfwSetCursorPosCallback(window) { window, x, y in
            guard let events = EventQueue.of(window) else { return }
            events.append(.pointer(PointerEvent(.move, position: events.scale.points(x, y), time: glfwGetTime())))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, mods in
            guard let window, action == GLFW_PRESS || action == GLFW_RELEASE, let events = EventQueue.of(window) else { return }
            var x = 0.0, y = 0.0
            glfwGetCursorPos(window, &x, &y)
            let kind: PointerEvent.Kind = action == GLFW_PRESS ? .down : .up
            var modifiers: KeyModifiers = []
            if mods & GLFW_MOD_SHIFT != 0 { modifiers.insert(.shift) }
            if mods & GLFW_MOD_CONTROL != 0 { modifiers.insert(.control) }
            if mods & GLFW_MOD_ALT != 0 { modifiers.insert(.alt) }
            events.append(.pointer(PointerEvent(kind, position: events.scale.points(x, y), time: glfwGetTime(),
                                                                button: PointerButton(glfwButton: button), modifiers: modifiers)))
        }
        // Caps Lock and Num Lock reported with every key (GLFW 3.3): Caps Lock makes culling's
        // marks move on.
        glfwSetInputMode(window, GLFW_LOCK_KEY_MODS, GLFW_TRUE)
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            let mapped = Key(glfwKey: key, shifted: mods & GLFW_MOD_SHIFT != 0)
            // Repeats only for keys where holding means "more" (scrolling, the wheel's radius).
            guard action != GLFW_REPEAT || mapped.repeats else { return }
            var modifiers: KeyModifiers = []
            if mods & GLFW_MOD_SHIFT != 0 { modifiers.insert(.shift) }
            if mods & GLFW_MOD_CONTROL != 0 { modifiers.insert(.control) }
            if mods & GLFW_MOD_ALT != 0 { modifiers.insert(.alt) }
            if mods & GLFW_MOD_CAPS_LOCK != 0 { modifiers.insert(.capsLock) }
            EventQueue.of(window)?.append(.key(KeyEvent(key: mapped, isDown: action != GLFW_RELEASE, time: glfwGetTime(),
                                                        modifiers: modifiers)))
        }
        // Both sizes: the framebuffer's alone changes when the window moves to a screen of another
        // scale (macOS, Wayland); the content scale's callback when the scale itself changes
        // (the points of a window of the same pixels change on X11).
        glfwSetFramebufferSizeCallback(window) { window, _, _ in EventQueue.of(window)?.appendResize(of: window) }
        glfwSetWindowSizeCallback(window) { window, _, _ in EventQueue.of(window)?.appendResize(of: window) }
        glfwSetWindowContentScaleCallback(window) { window, _, _ in EventQueue.of(window)?.appendResize(of: window) }
        glfwSetWindowCloseCallback(window) { window in EventQueue.of(window)?.append(.close(time: glfwGetTime())) }
        // Exposed (uncovered, restored) or focus changed: compositors and window managers may
        // have dropped or dimmed the contents, and the frame is drawn again.
        glfwSetWindowRefreshCallback(window) { window in EventQueue.of(window)?.append(.redraw(time: glfwGetTime())) }
        glfwSetWindowFocusCallback(window) { window, _ in EventQueue.of(window)?.append(.redraw(time: glfwGetTime())) }
        // Files or folders dropped on the window: their paths, as UTF-8 (a path that is not
        // UTF-8 arrives with U+FFFD and is then reported as missing).
        glfwSetDropCallback(window) { window, count, paths in
            guard let paths, count > 0 else { return }
            let dropped = (0..<Int(count)).compactMap { paths[$0].map { String(cString: $0) } }
            EventQueue.of(window)?.append(.drop(paths: dropped, time: glfwGetTime()))
        }
    }
}

/// Events gathered by GLFW's C callbacks (which cannot capture context) through the window's
/// user pointer.
private final class EventQueue {
    private var events: [ViewerEvent] = []
    /// The window's scale, as of the last resize (cursor positions are turned into points by it).
    var scale = ScreenScale()

    func append(_ event: ViewerEvent) { events.append(event) }

    /// A resize to the window's size in points now (0 × 0 while minimised), after measuring
    /// the window's scale again.
    func appendResize(of window: OpaquePointer?) {
        guard let window else { return }
        let measured = ScreenScale(of: window)
        // Minimised (no framebuffer): the last scale stays, for the cursor and the restore.
        if measured.isMeasured { scale = measured }
        append(.resize(Self.viewport(of: window, scale: scale), time: glfwGetTime()))
    }

    /// The window's size in points at `scale` (0 × 0 while minimised).
    static func viewport(of window: OpaquePointer, scale: ScreenScale) -> Size {
        var width: Int32 = 0, height: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        return scale.points(Size(width: Double(max(0, width)), height: Double(max(0, height))))
    }

    /// Hands every queued event to `body` and empties the queue, keeping its storage.
    func drain(_ body: (ViewerEvent) -> Void) {
        var index = 0
        // Callbacks during `body` (none expected) would append; they are seen in this drain.
        while index < events.count {
            body(events[index])
            index += 1
        }
        events.removeAll(keepingCapacity: true)
    }

    static func of(_ window: OpaquePointer?) -> EventQueue? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<EventQueue>.fromOpaque(pointer).takeUnretainedValue()
    }
}

extension PointerButton {
    init(glfwButton button: Int32) {
        switch button {
        case GLFW_MOUSE_BUTTON_LEFT: self = .primary
        case GLFW_MOUSE_BUTTON_RIGHT: self = .secondary
        case GLFW_MOUSE_BUTTON_MIDDLE: self = .middle
        default: self = .other(Int(button))
        }
    }
}

extension Key {
    /// The key for a GLFW key code (US layout positions, as GLFW reports them): letters and
    /// digits (main row and keypad) as their lowercase characters, `/` with Shift as `?`.
    init(glfwKey key: Int32, shifted: Bool) {
        switch key {
        case GLFW_KEY_ESCAPE: self = .escape
        case GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER: self = .enter
        case GLFW_KEY_SPACE: self = .space
        case GLFW_KEY_TAB: self = .tab
        case GLFW_KEY_BACKSPACE: self = .backspace
        case GLFW_KEY_DELETE: self = .delete
        case GLFW_KEY_LEFT: self = .left
        case GLFW_KEY_RIGHT: self = .right
        case GLFW_KEY_UP: self = .up
        case GLFW_KEY_DOWN: self = .down
        case GLFW_KEY_PAGE_UP: self = .pageUp
        case GLFW_KEY_PAGE_DOWN: self = .pageDown
        case GLFW_KEY_HOME: self = .home
        case GLFW_KEY_END: self = .end
        case GLFW_KEY_SLASH: self = .character(shifted ? "?" : "/")
        case GLFW_KEY_LEFT_BRACKET: self = .character("[")
        case GLFW_KEY_RIGHT_BRACKET: self = .character("]")
        // `+` (`=`) and `-`: zoom in the photo and compare views, card size in the layouts.
        case GLFW_KEY_EQUAL: self = .character(shifted ? "+" : "=")
        case GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT: self = .character("-")
        case GLFW_KEY_KP_ADD: self = .character("+")
        case GLFW_KEY_A...GLFW_KEY_Z:
            self = .character(Character(Unicode.Scalar(UInt8(key - GLFW_KEY_A) + UInt8(ascii: "a"))))
        case GLFW_KEY_0...GLFW_KEY_9:
            self = .character(Character(Unicode.Scalar(UInt8(key - GLFW_KEY_0) + UInt8(ascii: "0"))))
        case GLFW_KEY_F1...GLFW_KEY_F25: self = .function(Int(key - GLFW_KEY_F1) + 1)
        case GLFW_KEY_KP_0...GLFW_KEY_KP_9:
            self = .character(Character(Unicode.Scalar(UInt8(key - GLFW_KEY_KP_0) + UInt8(ascii: "0"))))
        default: self = .other(Int(key))
        }
    }

    /// Whether holding the key down repeats it.
    var repeats: Bool {
        switch self {
        case .left, .right, .up, .down, .pageUp, .pageDown, .character("["), .character("]"): true
        default: false
        }
    }
}
