import CardMath
import CardRendering
import CardViewerFrame
import CardWindow

/// Where the viewer draws: a GLFW window, or an offscreen EGL framebuffer (headless replays).
enum ViewerSurface {
    case window(GLFWWindowContext)
    case offscreen(EGLOffscreenContext)

    /// A window, unless `--headless`; a replay without a display falls back to offscreen.
    ///
    /// - Throws: `ViewerFailure.runtime` when there is no display (pointing to `render`) or no
    ///   OpenGL 3.3.
    static func open(_ options: ViewerOptions, replay: Bool) throws -> ViewerSurface {
        if options.headless { return try offscreen(options.size) }
        do {
            return .window(try GLFWWindowContext(title: "CardViewer", size: options.size))
        } catch WindowError.noDisplay where replay {
            return try offscreen(options.size)
        } catch let error as WindowError {
            if case .noDisplay = error {
                throw ViewerFailure.runtime("\(error); to draw without a display, use `cardviewer render --out FILE.png` "
                                            + "(or `cardviewer run --replay FILE --headless`)")
            }
            throw ViewerFailure.runtime(error.description)
        }
    }

    static func offscreen(_ size: Size) throws -> ViewerSurface {
        do {
            return .offscreen(try ViewerBuilder.offscreenSurface(size: size))
        } catch let error as RenderError {
            throw ViewerFailure(error)
        }
    }

    var context: GraphicsContext {
        switch self {
        case .window(let window): window
        case .offscreen(let context): context
        }
    }

    /// The viewport in points: the window's size, or the offscreen frame's.
    var viewport: Size {
        switch self {
        case .window(let window): window.viewportSize
        case .offscreen(let context): Size(width: Double(context.drawableSize.width), height: Double(context.drawableSize.height))
        }
    }

    /// Brings an offscreen framebuffer to the session's viewport (a replay's resize); a window
    /// is resized by its user.
    func match(viewport: Size) throws {
        guard case .offscreen(let context) = self, !viewport.isEmpty else { return }
        let pixels = PixelSize(width: Int(viewport.width.rounded()), height: Int(viewport.height.rounded()))
        guard pixels != context.drawableSize else { return }
        try context.resize(to: pixels, samples: ViewerBuilder.offscreenSamples(pixels))
    }
}
