import CardFiles
import CardThumbnails

/// What a second `cardviewer FILE` sends to the viewer already showing FILE's folder (SPEC §14:
/// a file opened from the desktop goes to the running window), and where that viewer listens.
///
/// **Message.** A length-prefixed path: the 4 bytes `CVO1`, the path's length in bytes as a
/// 32-bit big-endian number, then the path's bytes (any bytes but NUL: a name need not be
/// UTF-8; `PathBytes`). The path is absolute, at most `maximumPathBytes` long. The viewer answers
/// `OK\n` when it took the path, `NO\n` when it refused the message. Everything read from the
/// socket is untrusted: a message is refused, never trusted, past any bound.
///
/// **Socket.** `$XDG_RUNTIME_DIR/cardviewer/MD5.sock`, named by the MD5 of the folder's canonical
/// path (as the state file's name: `DeckStateLocation`); the folder mode 0700, the socket 0600.
/// Without `$XDG_RUNTIME_DIR` (or with a relative one) there is no socket.
public enum SingleInstanceMessage {
    /// The first 4 bytes of every request.
    public static let magic: [UInt8] = Array("CVO1".utf8)
    /// The magic and the length: bytes before the path.
    public static let headerCount = 8
    /// The longest path sent or accepted, bytes (Linux's `PATH_MAX`).
    public static let maximumPathBytes = 4096
    /// The longest request: header and the longest path.
    public static var maximumCount: Int { headerCount + maximumPathBytes }
    /// The viewer's answer when it took the path.
    public static let accepted: [UInt8] = Array("OK\n".utf8)
    /// The viewer's answer to a message it refused.
    public static let refused: [UInt8] = Array("NO\n".utf8)

    /// The request for `path`; `nil` for a path that is empty, relative, holds NUL or is longer
    /// than `maximumPathBytes`.
    public static func encode(path: String) -> [UInt8]? {
        let bytes = PathBytes.bytes(path)
        guard bytes.first == UInt8(ascii: "/"), bytes.count <= maximumPathBytes, !bytes.contains(0) else { return nil }
        let count = UInt32(bytes.count)
        return magic + [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + bytes
    }

    /// What the bytes received so far make.
    public enum Decoded: Equatable, Sendable {
        /// A whole request: the path.
        case path(String)
        /// A valid beginning: more bytes are needed.
        case incomplete
        /// Not a request (why, one phrase): the connection is answered `NO` and closed.
        case refused(String)
    }

    /// Decodes the bytes received so far (`encode`'s format). Refuses at once what cannot become
    /// a request — another magic, a length of 0 or over `maximumPathBytes`, bytes after the
    /// path, a NUL or a relative path — so a reader never holds more than `maximumCount` bytes.
    public static func decode(_ bytes: [UInt8]) -> Decoded {
        let prefix = min(bytes.count, magic.count)
        guard bytes[..<prefix].elementsEqual(magic[..<prefix]) else { return .refused("not a cardviewer request") }
        guard bytes.count >= headerCount else { return .incomplete }
        let count = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard count > 0 else { return .refused("an empty path") }
        guard count <= maximumPathBytes else { return .refused("a path of \(count) bytes (at most \(maximumPathBytes))") }
        guard bytes.count >= headerCount + count else { return .incomplete }
        guard bytes.count == headerCount + count else { return .refused("bytes after the path") }
        let path = bytes[headerCount...]
        guard path.first == UInt8(ascii: "/") else { return .refused("a relative path") }
        guard !path.contains(0) else { return .refused("a path holding NUL") }
        return .path(PathBytes.string(path))
    }

    // MARK: Where

    /// The longest socket path `sockaddr_un` holds, bytes (108 with the NUL).
    public static let maximumSocketPathBytes = 107

    /// The folder of the sockets: `$XDG_RUNTIME_DIR/cardviewer`; `nil` when the variable is
    /// unset, empty or relative.
    public static func folder(runtimeDirectory: String?) -> String? {
        guard let runtime = runtimeDirectory, runtime.hasPrefix("/") else { return nil }
        return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/cardviewer"
    }

    /// The socket of the viewer on the folder `canonicalFolder` (absolute, links resolved):
    /// `folder(runtimeDirectory:)/MD5.sock`, the MD5 in 32 hexadecimal digits; `nil` without a
    /// folder or when the path is too long for a UNIX socket.
    public static func socketPath(canonicalFolder: String, runtimeDirectory: String?) -> String? {
        guard let folder = folder(runtimeDirectory: runtimeDirectory) else { return nil }
        let hex = Array("0123456789abcdef".utf8)
        let digits = MD5.digest(PathBytes.bytes(canonicalFolder)).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] }
        let path = folder + "/" + String(decoding: digits, as: UTF8.self) + ".sock"
        return PathBytes.bytes(path).count <= maximumSocketPathBytes ? path : nil
    }

    // MARK: Who

    /// Why the sockets' folder must not be used, `nil` when it may: it must be a real folder
    /// (not a link), owned by this user (`ownUID`) and closed to everyone else (no group or
    /// other permission bits in `mode`).
    public static func folderProblem(isFolder: Bool, isLink: Bool, owner: UInt32, mode: UInt32, ownUID: UInt32) -> String? {
        if isLink { return "it is a symbolic link" }
        if !isFolder { return "it is not a folder" }
        if owner != ownUID { return "it belongs to user \(owner), not \(ownUID)" }
        if mode & 0o077 != 0 { return "others may use it (mode \(String(mode & 0o777, radix: 8)), not 700)" }
        return nil
    }

    /// Whether a connection from the process of user `peerUID` (`SO_PEERCRED`) is served: only
    /// this user's own (`ownUID`); root's too would let any root process steer the window, which
    /// it can anyway, but nothing needs it.
    public static func acceptsPeer(uid peerUID: UInt32, ownUID: UInt32) -> Bool { peerUID == ownUID }
}
