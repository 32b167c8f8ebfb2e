// EGL through libepoxy's `epoxy_egl…` pointers (the EGL twin of GL.swift). `@preconcurrency`:
// those pointers are C globals, which Swift 6 would otherwise refuse as shared mutable state.
@preconcurrency import CEpoxy
import CardMath
import CardPixels

/// A headless OpenGL 3.3 core context with an offscreen framebuffer: no display, no window.
///
/// Uses Mesa's surfaceless EGL platform (works without a GPU through llvmpipe), falling back to
/// the default EGL display elsewhere. The context is created without an `EGLConfig`
/// (`EGL_KHR_no_config_context`) and made current without a surface
/// (`EGL_KHR_surfaceless_context`); frames go into an `OffscreenFramebuffer`.
///
/// The EGL display is process-wide and stays initialised (terminating it would destroy the
/// contexts of every other user); each context is destroyed with its owner.
public final class EGLOffscreenContext: GraphicsContext {
    private let display: EGLDisplay
    private let context: EGLContext
    private var target: OffscreenFramebuffer
    /// The driver behind this context.
    public let info: GLInfo

    /// Creates the context and makes it current, with a `size` framebuffer of `samples` samples
    /// per pixel (clamped to what the driver supports; 1 = no multisampling).
    ///
    /// - Throws: `RenderError.noEGLDisplay`, `.noGLContext` or `.glVersionTooOld` when headless
    ///   OpenGL 3.3 is not available; framebuffer errors as `OffscreenFramebuffer.init`.
    public init(size: PixelSize, samples: Int = 1) throws {
        display = try Self.openDisplay()
        guard epoxy_eglBindAPI!(EGLenum(EGL_OPENGL_API)) != 0 else {
            throw RenderError.noGLContext("eglBindAPI(EGL_OPENGL_API) failed: \(Self.lastError())")
        }
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        ]
        // EGL_NO_CONFIG_KHR is a null config.
        guard let context = epoxy_eglCreateContext!(display, nil, nil, attributes) else {
            throw RenderError.noGLContext("eglCreateContext failed: \(Self.lastError())")
        }
        self.context = context
        guard epoxy_eglMakeCurrent!(display, nil, nil, context) != 0 else {
            let reason = Self.lastError()
            _ = epoxy_eglDestroyContext!(display, context)
            throw RenderError.noGLContext("eglMakeCurrent without a surface failed: \(reason)")
        }
        do {
            info = try GLInfo.requireGL33()
            target = try OffscreenFramebuffer(size: size, samples: samples)
        } catch {
            _ = epoxy_eglMakeCurrent!(display, nil, nil, nil)
            _ = epoxy_eglDestroyContext!(display, context)
            throw error
        }
    }

    deinit {
        if epoxy_eglMakeCurrent!(display, nil, nil, context) != 0 { target.delete() }
        _ = epoxy_eglMakeCurrent!(display, nil, nil, nil)
        _ = epoxy_eglDestroyContext!(display, context)
    }

    /// Mesa's surfaceless platform when the client offers it, else the default display; initialised.
    private static func openDisplay() throws -> EGLDisplay {
        let clientExtensions = epoxy_eglQueryString!(nil, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let extensions = Set(clientExtensions.split(separator: " ").map(String.init))
        var display: EGLDisplay?
        var tried: [String] = []
        if extensions.contains("EGL_EXT_platform_base"), extensions.contains("EGL_MESA_platform_surfaceless") {
            display = epoxy_eglGetPlatformDisplayEXT!(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
            tried.append("Mesa surfaceless platform")
            if let candidate = display, !initialize(candidate) { display = nil }
        }
        if display == nil {
            display = epoxy_eglGetDisplay!(nil)
            tried.append("default display")
            if let candidate = display, !initialize(candidate) { display = nil }
        }
        guard let display else {
            throw RenderError.noEGLDisplay("tried \(tried.joined(separator: ", ")): \(lastError())")
        }
        return display
    }

    private static func initialize(_ display: EGLDisplay) -> Bool {
        var major: EGLint = 0, minor: EGLint = 0
        return epoxy_eglInitialize!(display, &major, &minor) != 0
    }

    /// The last EGL error by name.
    private static func lastError() -> String {
        let code = epoxy_eglGetError!()
        let names: [EGLint: String] = [
            EGL_SUCCESS: "no EGL error", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS",
            EGL_BAD_ALLOC: "EGL_BAD_ALLOC", EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
            EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
            EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER", EGL_BAD_SURFACE: "EGL_BAD_SURFACE",
        ]
        return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
    }

    // MARK: GraphicsContext

    public func makeCurrent() throws {
        guard epoxy_eglMakeCurrent!(display, nil, nil, context) != 0 else {
            throw RenderError.noGLContext("eglMakeCurrent failed: \(Self.lastError())")
        }
    }

    public var drawableSize: PixelSize { target.size }

    public var framebuffer: UInt32 { target.drawFramebuffer }

    /// Waits until the frame is finished.
    public func present() { target.finish() }

    // MARK: Offscreen

    /// Samples per pixel of the framebuffer (1: no multisampling).
    public var samples: Int { target.samples }

    /// Replaces the framebuffer with one of a new size and sample count.
    public func resize(to size: PixelSize, samples: Int) throws {
        try makeCurrent()
        target.delete()
        do {
            target = try OffscreenFramebuffer(size: size, samples: samples)
        } catch {
            target = try OffscreenFramebuffer(size: PixelSize(width: 0, height: 0), samples: 1)  // holds nothing
            throw error
        }
    }

    /// The last frame as an image, top row first, multisampling resolved.
    public func readPixels() throws -> RGBAImage {
        try makeCurrent()
        return try target.readPixels()
    }
}
