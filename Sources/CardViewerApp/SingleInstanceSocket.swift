import CardFiles
import Glibc

/// The UNIX-socket calls of the single-instance hand-over (`SingleInstanceMessage`): the
/// sockets' folder checked, a client's send, a listener's bind. Blocking calls only under a
/// timeout (`SO_RCVTIMEO`, `SO_SNDTIMEO`), so neither side can be held by the other.
enum SingleInstanceSocket {
    /// How long a client waits for the viewer's answer, and a viewer for a client's message, seconds.
    static let timeout = 2.0

    /// The sockets' folder for `runtimeDirectory`, made (mode 0700) when missing and checked
    /// (`SingleInstanceMessage.folderProblem`): `.failure` with why it cannot be used.
    static func preparedFolder(_ folder: String) -> Result<String, SocketFolderProblem> {
        _ = Folder.make(folder, mode: 0o700)  // one there already (or a link): checked below like a new one
        let info: FileInfo
        do {
            info = try FileInfo.at(folder, followingLinks: false)
        } catch {
            return .failure(SocketFolderProblem(folder: folder, reason: "\(error)"))
        }
        if let reason = SingleInstanceMessage.folderProblem(isFolder: info.kind == .folder, isLink: info.kind == .symbolicLink,
                                                          owner: info.owner, mode: info.permissions, ownUID: geteuid()) {
            return .failure(SocketFolderProblem(folder: folder, reason: reason))
        }
        return .success(folder)
    }

    /// The address of the socket at `path` (at most `maximumSocketPathBytes`).
    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = PathBytes.bytes(path).prefix(SingleInstanceMessage.maximumSocketPathBytes)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }

    /// A new stream socket, closed on exec; -1 on failure.
    private static func newSocket() -> Int32 { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }

    /// Connects `fd` to the socket at `path`: 0, or -1 with `errno`.
    private static func connect(_ fd: Int32, to path: String) -> Int32 {
        var address = address(path)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Sets both timeouts of `fd` to `seconds`.
    static func setTimeouts(_ fd: Int32, seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`; false when the peer went or the time ran out.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads until end of file, at most `limit` bytes (one more shows the peer sent too much),
    /// or until `done` says the bytes so far suffice; stops at an error or the timeout.
    static func readUpTo(_ fd: Int32, limit: Int, done: ([UInt8]) -> Bool) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while received.count <= limit, !done(received) {
            let wanted = min(buffer.count, limit + 1 - received.count)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, wanted, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return received
    }

    /// What a client's send came to.
    enum SendOutcome: Equatable {
        /// The viewer took the path (it answered `OK`).
        case delivered
        /// No viewer answered: no socket, a stale one, a refusal or silence.
        case noViewer
    }

    /// Sends `path` (absolute) to the viewer listening at `socketPath` and waits for its answer
    /// (at most `timeout` seconds each way).
    static func send(path: String, to socketPath: String, timeout: Double = timeout) -> SendOutcome {
        guard let message = SingleInstanceMessage.encode(path: path) else { return .noViewer }
        let fd = newSocket()
        guard fd >= 0 else { return .noViewer }
        defer { close(fd) }
        guard connect(fd, to: socketPath) == 0 else { return .noViewer }
        setTimeouts(fd, seconds: timeout)
        guard writeAll(fd, message) else { return .noViewer }
        shutdown(fd, Int32(SHUT_WR))
        let answer = readUpTo(fd, limit: SingleInstanceMessage.accepted.count) { $0.count >= SingleInstanceMessage.accepted.count }
        return answer == SingleInstanceMessage.accepted ? .delivered : .noViewer
    }

    /// What a bind came to.
    enum Bound {
        /// Listening on the socket `fd`, whose file has the inode `inode`.
        case listening(fd: Int32, inode: UInt64)
        /// Another viewer answers on the socket: this one does not listen.
        case taken
        /// The socket could not be made (why).
        case failed(String)
    }

    /// Listens at `socketPath` (mode 0600). A socket file no one listens on (a viewer that
    /// crashed) is removed and replaced; one a viewer answers on is left to it.
    static func listen(at socketPath: String) -> Bound {
        for attempt in 0..<2 {
            let fd = newSocket()
            guard fd >= 0 else { return .failed(String(cString: strerror(errno))) }
            var address = address(socketPath)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if bound == 0 {
                _ = PathBytes.withCString(socketPath) { chmod($0, 0o600) }
                guard Glibc.listen(fd, 8) == 0, let info = try? FileInfo.at(socketPath) else {
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    return .failed(reason)
                }
                return .listening(fd: fd, inode: info.identity.inode)
            }
            let failure = errno
            close(fd)
            guard failure == EADDRINUSE, attempt == 0 else { return .failed(String(cString: strerror(failure))) }
            // Someone there? A probe that connects means a viewer listens; refused means stale.
            let probe = newSocket()
            guard probe >= 0 else { return .failed(String(cString: strerror(errno))) }
            let answered = connect(probe, to: socketPath) == 0
            close(probe)
            if answered { return .taken }
            guard let info = try? FileInfo.at(socketPath, followingLinks: false), info.isSocket, info.owner == geteuid() else {
                return .failed("'\(PathBytes.displayed(socketPath))' is not this user's socket")
            }
            _ = PathBytes.withCString(socketPath) { unlink($0) }
        }
        return .failed("the socket could not be replaced")
    }

    /// The user id of the process at the other end of the connected socket `fd` (`SO_PEERCRED`),
    /// `nil` when the kernel does not say.
    static func peerUID(_ fd: Int32) -> UInt32? {
        // `struct ucred` (pid, uid, gid: three 32-bit numbers), declared here: glibc hides it
        // without _GNU_SOURCE.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0,
              size == socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size) else { return nil }
        return credentials.uid
    }
}

/// Why the sockets' folder is not used: one line naming it.
struct SocketFolderProblem: Error, CustomStringConvertible {
    var folder: String
    var reason: String

    var description: String { "'\(PathBytes.displayed(folder))': \(reason)" }
}
