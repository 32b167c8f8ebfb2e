import CardMath

/// Where frames go: an OpenGL 3.3 core context and the framebuffer it draws into.
///
/// The renderer draws into any context without knowing whether it is a window or an offscreen
/// target (sokol's split: graphics knows no window). Implemented by `EGLOffscreenContext` here
/// and by the GLFW window context in `CardWindow`.
///
/// Contexts are bound to one thread at a time; not `Sendable`.
public protocol GraphicsContext: AnyObject {
    /// Makes this context current on the calling thread.
    func makeCurrent() throws

    /// The size of the drawable in device pixels, which can exceed the viewport in points on
    /// HiDPI displays; 0 × 0 while a window is minimised.
    var drawableSize: PixelSize { get }

    /// The framebuffer object frames are drawn into: 0 for a window's default framebuffer.
    var framebuffer: UInt32 { get }

    /// Shows the finished frame: swaps a window's buffers; offscreen, waits for the frame.
    func present()
}
