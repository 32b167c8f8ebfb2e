#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read; `reason` is the short text after the path in messages.
///
/// Callers turn it into their own error (a picture's, a PNG's, a state's), keeping their wording.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system refused (`open`, `stat`, `read`, `opendir`): `code` is `errno`.
    case failed(path: String, code: Int32)
    /// The path names something other than a regular file (a folder, FIFO, device, socket):
    /// such a thing is never read, and a FIFO is never waited on.
    case notRegular(path: String, kind: FileKind)
    /// The file is larger than the caller's cap (bytes); nothing was read.
    case tooLarge(path: String, bytes: Int, limit: Int)

    /// The path the error is about.
    public var path: String {
        switch self {
        case let .failed(path, _), let .notRegular(path, _), let .tooLarge(path, _, _): path
        }
    }

    /// The reason alone: the system's message, "it is a folder", "it is not a regular file", or
    /// the size against the cap.
    public var reason: String {
        switch self {
        case let .failed(_, code): systemMessage(code)
        case let .notRegular(_, kind): kind == .folder ? "it is a folder" : "it is not a regular file"
        case let .tooLarge(_, bytes, limit): "the file is too large (\(bytes) bytes; at most \(limit))"
        }
    }

    /// True when nothing exists at the path (or a folder on the way is missing or not a folder).
    public var isMissing: Bool {
        if case let .failed(_, code) = self { return code == ENOENT || code == ENOTDIR }
        return false
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Why a file could not be written, made, or moved; one line naming the file.
public struct FileWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The whole message, e.g. "cannot write 'state.json': No space left on device".
    public var description: String
    /// The reason alone (the system's message), for callers that word the rest themselves.
    public var reason: String

    /// A message written whole; its reason is the message itself.
    public init(description: String) {
        self.description = description
        self.reason = description
    }

    /// "`what`: the system's message for `code`".
    public init(_ what: String, code: Int32) {
        reason = systemMessage(code)
        description = "\(what): \(reason)"
    }
}

/// The C library's text for `errno` value `code` ("No such file or directory").
func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
