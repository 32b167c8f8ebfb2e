import CardRendering
import CardWindow

/// The window is a target the renderer can draw into. Declared here, in the glue, so that the
/// window target knows no renderer and the renderer no window (sokol's app/gfx split): the window
/// already has everything `GraphicsContext` asks for.
extension GLFWWindowContext: GraphicsContext {}
