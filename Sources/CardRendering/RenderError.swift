import CardMath

/// Why rendering could not start or go on: a failure at run time (the CLI's exit status 1).
///
/// Every description is one line, so it can be printed as an error message as it is; multi-line
/// driver logs are joined with "; ".
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// No EGL display for headless rendering (no Mesa surfaceless platform, no default display).
    case noEGLDisplay(String)
    /// A display, but no OpenGL 3.3 core context on it.
    case noGLContext(String)
    /// A context whose version is below 3.3 (e.g. "3.0 Mesa …").
    case glVersionTooOld(found: String)
    /// A GLSL file that does not compile; the driver's log.
    case shaderCompile(file: String, log: String)
    /// Shader stages that do not link into a program; the driver's log.
    case shaderLink(files: [String], log: String)
    /// A shader source that is missing from the installed resources.
    case shaderMissing(file: String, searched: [String])
    /// An offscreen framebuffer the driver refuses (size, sample count).
    case framebufferIncomplete(String)
    /// A frame or a resource larger than this driver allows.
    case tooLarge(String)
    /// A frame (the `--size` asked for) beyond one of the driver's size limits (`GLInfo`): bad
    /// input for the command line (exit status 2), naming the limit and its value.
    case beyondDriverLimit(size: PixelSize, limit: String, value: Int)
    /// An upload the texture cannot take (a layer outside it, levels of the wrong size).
    case invalidUpload(String)
    /// An OpenGL error while doing `activity`; `call` names the failing function when known.
    case glError(activity: String, call: String, code: String)

    public var description: String {
        switch self {
        case let .noEGLDisplay(detail):
            "no EGL display for headless rendering (\(detail))"
        case let .noGLContext(detail):
            "no OpenGL 3.3 context (\(detail))"
        case let .glVersionTooOld(found):
            "no OpenGL 3.3 context (the driver offers only \(found))"
        case let .shaderCompile(file, log):
            "shader '\(file)' does not compile: \(Self.oneLine(log))"
        case let .shaderLink(files, log):
            "shaders \(files.map { "'\($0)'" }.joined(separator: " + ")) do not link: \(Self.oneLine(log))"
        case let .shaderMissing(file, searched):
            "shader '\(file)' not found (searched \(searched.joined(separator: ", ")))"
        case let .framebufferIncomplete(detail):
            "cannot create the offscreen framebuffer (\(detail))"
        case let .tooLarge(detail):
            "too large for this OpenGL driver: \(detail)"
        case let .beyondDriverLimit(size, limit, value):
            "a frame of \(size) pixels is beyond this OpenGL driver's \(limit) of \(value) pixels"
        case let .invalidUpload(detail):
            "invalid texture upload: \(detail)"
        case let .glError(activity, call, code):
            call.isEmpty ? "OpenGL error while \(activity): \(code)" : "OpenGL error while \(activity): \(call) raised \(code)"
        }
    }

    /// A driver log on one line: lines trimmed, empty ones dropped, joined with "; ".
    static func oneLine(_ log: String) -> String {
        let lines = log.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: " \t\0") }
            .filter { !$0.isEmpty }
        return lines.isEmpty ? "no log from the driver" : lines.joined(separator: "; ")
    }
}

extension Substring {
    /// The substring without leading and trailing characters from `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        let kept = drop { set.contains($0) }
        return String(kept.reversed().drop { set.contains($0) }.reversed())
    }
}
