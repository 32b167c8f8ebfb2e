import CardMath
import CardRendering
import CardViewerFrame
import CardWindow

/// Where the viewer draws: a GLFW window, or an offscreen EGL framebuffer (headless replays).
enum ViewerSurface {
    case window(GLFWWindowContext)
    case offscreen(OffscreenSurface)

    /// A window, unless `--headless`; a replay without a display falls back to offscreen.
    ///
    /// - Throws: `ViewerFailure.runtime` when there is no display (pointing to `render`) or no
    ///   OpenGL 3.3.
    static func open(_ options: ViewerOptions, replay: Bool) throws -> ViewerSurface {
        if options.headless { return try offscreen(options.size, scale: options.scale) }
        do {
            return .window(try GLFWWindowContext(title: "CardViewer", size: options.size))
        } catch WindowError.noDisplay where replay {
            return try offscreen(options.size, scale: options.scale)
        } catch let error as WindowError {
            if case .noDisplay = error {
                throw ViewerFailure.runtime("\(error); to draw without a display, use `cardviewer render --out FILE.png` "
                                            + "(or `cardviewer run --replay FILE --headless`)")
            }
            throw ViewerFailure.runtime(error.description)
        }
    }

    /// An offscreen frame of `size` points at `scale` pixels per point.
    static func offscreen(_ size: Size, scale: Double = 1) throws -> ViewerSurface {
        do {
            return .offscreen(OffscreenSurface(context: try ViewerBuilder.offscreenSurface(size: size, scale: scale),
                                               viewport: size, scale: scale))
        } catch let error as RenderError {
            throw ViewerFailure(error)
        }
    }

    var context: GraphicsContext {
        switch self {
        case .window(let window): window
        case .offscreen(let surface): surface.context
        }
    }

    /// The viewport in points: the window's size, or the offscreen frame's.
    var viewport: Size {
        switch self {
        case .window(let window): window.viewportSize
        case .offscreen(let surface): surface.viewport
        }
    }

    /// The drawable's pixels per viewport point: the window's content scale, or `--scale`.
    var pixelsPerPoint: Double {
        switch self {
        case .window(let window): window.screenScale.contentScale
        case .offscreen(let surface): surface.scale
        }
    }

    /// Brings an offscreen framebuffer to the session's viewport (a replay's resize), at its
    /// scale; a window is resized by its user.
    func match(viewport: Size) throws {
        guard case .offscreen(let surface) = self, !viewport.isEmpty else { return }
        try surface.match(viewport: viewport)
    }
}

/// An offscreen framebuffer that shows a viewport of `viewport` points at `scale` pixels per
/// point (`--scale`; 1 unless asked).
final class OffscreenSurface {
    let context: EGLOffscreenContext
    /// The viewport the framebuffer shows, points.
    private(set) var viewport: Size
    /// Pixels per point.
    let scale: Double

    init(context: EGLOffscreenContext, viewport: Size, scale: Double) {
        self.context = context
        self.viewport = viewport
        self.scale = scale
    }

    /// Resizes the framebuffer to `viewport` points × the scale.
    func match(viewport: Size) throws {
        self.viewport = viewport
        let pixels = ViewerBuilder.framebufferSize(viewport: viewport, scale: scale)
        guard pixels != context.drawableSize else { return }
        try context.resize(to: pixels, samples: ViewerBuilder.offscreenSamples(pixels))
    }
}
