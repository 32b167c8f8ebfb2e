import CardMath
import Foundation

/// What the current OpenGL context is: version, renderer and vendor strings, and the largest
/// frame it can draw.
public struct GLInfo: Hashable, Sendable, CustomStringConvertible {
    /// `GL_VERSION`, e.g. "4.5 (Core Profile) Mesa 22.3.6".
    public var version: String
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var renderer: String
    /// `GL_VENDOR`.
    public var vendor: String
    /// Major and minor version numbers parsed from `version`.
    public var major: Int
    public var minor: Int
    /// `GL_MAX_VIEWPORT_DIMS`: the largest viewport, pixels (every frame is one viewport).
    public var maximumViewport: PixelSize
    /// `GL_MAX_RENDERBUFFER_SIZE`, pixels a side: bounds offscreen frames (their colour and depth
    /// are renderbuffers).
    public var maximumRenderbufferSize: Int
    /// `GL_MAX_TEXTURE_SIZE`, pixels a side: bounds every frame, since depth peeling draws into
    /// frame-sized textures and the opened card is textured at the frame's resolution.
    public var maximumTextureSize: Int

    public init(version: String, renderer: String, vendor: String, major: Int, minor: Int,
                maximumViewport: PixelSize, maximumRenderbufferSize: Int, maximumTextureSize: Int) {
        self.version = version
        self.renderer = renderer
        self.vendor = vendor
        self.major = major
        self.minor = minor
        self.maximumViewport = maximumViewport
        self.maximumRenderbufferSize = maximumRenderbufferSize
        self.maximumTextureSize = maximumTextureSize
    }

    /// Queries the context that is current on this thread. The size limits are lowered to
    /// `simulatedMaximumSizeVariable` when that is set (tests of the refusal on drivers whose
    /// limits are larger than `--size` allows).
    public static func current() -> GLInfo {
        let gl = GL()
        let strings = gl.driverStrings()
        let (major, minor) = parseVersion(strings.version)
        let limits = gl.limits()
        var info = GLInfo(version: strings.version, renderer: strings.renderer, vendor: strings.vendor,
                          major: major, minor: minor, maximumViewport: gl.maximumViewport(),
                          maximumRenderbufferSize: limits.maxRenderbufferSize, maximumTextureSize: limits.maxTextureSize)
        if let text = ProcessInfo.processInfo.environment[simulatedMaximumSizeVariable], let simulated = Int(text), simulated > 0 {
            info.maximumViewport = PixelSize(width: min(info.maximumViewport.width, simulated),
                                             height: min(info.maximumViewport.height, simulated))
            info.maximumRenderbufferSize = min(info.maximumRenderbufferSize, simulated)
            info.maximumTextureSize = min(info.maximumTextureSize, simulated)
        }
        return info
    }

    /// For tests: a number of pixels that every size limit of `current()` is lowered to, so a
    /// driver with smaller limits than the one at hand can be simulated (real drivers allow
    /// 16384 or more, beyond `--size`'s own 8192).
    public static let simulatedMaximumSizeVariable = "CARDVIEWER_SIMULATE_GL_MAXIMUM_SIZE"

    /// A size limit of the driver: its GL name and value, pixels.
    public struct SizeLimit: Hashable, Sendable {
        public var name: String
        public var value: Int

        public init(name: String, value: Int) {
            self.name = name
            self.value = value
        }
    }

    /// The first of the driver's limits that a frame of `size` pixels is beyond, or nil when it
    /// fits: for an `offscreen` frame `GL_MAX_RENDERBUFFER_SIZE`, then `GL_MAX_VIEWPORT_DIMS`
    /// (each side against its own) and `GL_MAX_TEXTURE_SIZE`.
    public func limit(exceededBy size: PixelSize, offscreen: Bool) -> SizeLimit? {
        if offscreen, size.longerSide > maximumRenderbufferSize {
            return SizeLimit(name: "GL_MAX_RENDERBUFFER_SIZE", value: maximumRenderbufferSize)
        }
        if size.width > maximumViewport.width {
            return SizeLimit(name: "GL_MAX_VIEWPORT_DIMS", value: maximumViewport.width)
        }
        if size.height > maximumViewport.height {
            return SizeLimit(name: "GL_MAX_VIEWPORT_DIMS", value: maximumViewport.height)
        }
        if size.longerSide > maximumTextureSize {
            return SizeLimit(name: "GL_MAX_TEXTURE_SIZE", value: maximumTextureSize)
        }
        return nil
    }

    /// Throws `RenderError.beyondDriverLimit` when a frame of `size` pixels is beyond a limit of
    /// the current context (`limit(exceededBy:offscreen:)`).
    static func requireFrame(_ size: PixelSize, offscreen: Bool) throws {
        if let limit = current().limit(exceededBy: size, offscreen: offscreen) {
            throw RenderError.beyondDriverLimit(size: size, limit: limit.name, value: limit.value)
        }
    }

    /// The "major.minor" prefix of a `GL_VERSION` string; (0, 0) when there is none.
    static func parseVersion(_ text: String) -> (Int, Int) {
        let numbers = text.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// True for OpenGL 3.3 or later.
    public var supportsGL33: Bool { (major, minor) >= (3, 3) }

    /// Throws `RenderError.glVersionTooOld` unless the current context is OpenGL 3.3 or later.
    public static func requireGL33() throws -> GLInfo {
        let info = current()
        guard info.supportsGL33 else {
            throw RenderError.glVersionTooOld(found: info.version.isEmpty ? "no version string" : info.version)
        }
        return info
    }

    public var description: String { "\(renderer) — OpenGL \(version)" }
}
