/// What the current OpenGL context is: version, renderer and vendor strings.
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

    /// Queries the context that is current on this thread.
    public static func current() -> GLInfo {
        let strings = GL().driverStrings()
        let (major, minor) = parseVersion(strings.version)
        return GLInfo(version: strings.version, renderer: strings.renderer, vendor: strings.vendor,
                      major: major, minor: minor)
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
