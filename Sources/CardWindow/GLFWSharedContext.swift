import CGLFW
import CardMath

/// A hidden window's OpenGL context that shares objects with the viewer's window
/// (`GLFWWindowContext.makeSharedContext`): a context another thread can make current (it is
/// current on one thread at a time) while the window's stays current on the main thread.
/// Its framebuffer is 1 × 1 and never shown. Close it on the main thread (GLFW destroys
/// windows there), after the thread using it has let it go.
public final class GLFWSharedContext: @unchecked Sendable {
    private var window: OpaquePointer?

    init(window: OpaquePointer) {
        self.window = window
    }

    /// Makes the context current on the calling thread.
    public func makeCurrent() throws {
        guard let window else { throw WindowError.noGLContext("the shared context is closed") }
        glfwMakeContextCurrent(window)
    }

    /// Releases the context from the calling thread.
    public func releaseCurrent() { glfwMakeContextCurrent(nil) }

    /// The hidden framebuffer: 1 × 1 pixel (0 × 0 once closed).
    public var drawableSize: PixelSize {
        guard let window else { return PixelSize(width: 0, height: 0) }
        var width: Int32 = 0, height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// The window's own framebuffer.
    public var framebuffer: UInt32 { 0 }

    /// Nothing is shown.
    public func present() {}

    /// Destroys the hidden window and its context; main thread only. The objects it shares
    /// live on in the window's context.
    public func close() {
        guard let window else { return }
        glfwDestroyWindow(window)
        self.window = nil
    }
}
