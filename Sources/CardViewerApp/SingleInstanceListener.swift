import CardFiles
import Foundation
import Glibc

/// A window's end of the single-instance hand-over (SPEC §14): listens on the folder's socket
/// (`SingleInstanceMessage`) on a thread of its own, which sleeps in `poll` until a client
/// connects (nothing per frame, nothing at rest). Each connection from this user
/// (`SO_PEERCRED`) is read under a timeout and a size bound; a path is posted to the `inbox`,
/// which wakes the event loop; anything else is answered `NO` with one warning (but for a
/// connection closed before sending a byte: another viewer's probe, silent). `stop()` ends
/// it (the thread holds the listener until then) and removes the socket file when it is still
/// this listener's.
final class SingleInstanceListener: @unchecked Sendable {
    /// The socket's file.
    let socketPath: String
    private let fd: Int32
    private let inode: UInt64
    /// Written to by `stop()`: wakes the thread's `poll`.
    private let wakePipe: (read: Int32, write: Int32)
    private let inbox: SingleInstanceInbox
    private let warn: @Sendable (String) -> Void
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false

    /// What `start` came to: listening, or why not (`nil` reason: silently not, as without
    /// `$XDG_RUNTIME_DIR` or when another viewer already answers on the socket).
    enum Start {
        case listening(SingleInstanceListener)
        case notListening(reason: String?)
    }

    /// Listens for the viewer of `canonicalFolder` in `runtimeDirectory` (`$XDG_RUNTIME_DIR`).
    static func start(canonicalFolder: String, runtimeDirectory: String?, inbox: SingleInstanceInbox,
                      warn: @escaping @Sendable (String) -> Void) -> Start {
        guard let folder = SingleInstanceMessage.folder(runtimeDirectory: runtimeDirectory),
              let socketPath = SingleInstanceMessage.socketPath(canonicalFolder: canonicalFolder, runtimeDirectory: runtimeDirectory) else {
            return .notListening(reason: nil)
        }
        if case .failure(let problem) = SingleInstanceSocket.preparedFolder(folder) {
            return .notListening(reason: "files opened later will start another window: the socket folder \(problem)")
        }
        switch SingleInstanceSocket.listen(at: socketPath) {
        case .taken:
            return .notListening(reason: nil)
        case .failed(let reason):
            return .notListening(reason: "files opened later will start another window: cannot listen on '\(PathBytes.displayed(socketPath))': \(reason)")
        case .listening(let fd, let inode):
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                close(fd)
                _ = PathBytes.withCString(socketPath) { unlink($0) }
                return .notListening(reason: "files opened later will start another window: no pipe")
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // pipe2 is hidden without _GNU_SOURCE
            return .listening(SingleInstanceListener(socketPath: socketPath, fd: fd, inode: inode, wakePipe: (ends[0], ends[1]),
                                                     inbox: inbox, warn: warn))
        }
    }

    private init(socketPath: String, fd: Int32, inode: UInt64, wakePipe: (read: Int32, write: Int32),
                 inbox: SingleInstanceInbox, warn: @escaping @Sendable (String) -> Void) {
        self.socketPath = socketPath
        self.fd = fd
        self.inode = inode
        self.wakePipe = wakePipe
        self.inbox = inbox
        self.warn = warn
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "single-instance"
        thread.start()
    }

    deinit { stop() }

    /// Stops listening: the thread ends (a connection being served first), the socket closes
    /// and its file goes, unless another viewer has replaced it since. Idempotent.
    func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
        finished.wait()
        close(fd)
        close(wakePipe.read)
        close(wakePipe.write)
        if (try? FileInfo.at(socketPath, followingLinks: false))?.identity.inode == inode {
            _ = PathBytes.withCString(socketPath) { unlink($0) }
        }
    }

    /// The thread: waits for a connection or the stop, serves one connection at a time.
    private func run() {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)  // accept4 is hidden without _GNU_SOURCE
            serve(connection)
            close(connection)
        }
    }

    /// Reads one request from `connection`, posts its path, answers.
    private func serve(_ connection: Int32) {
        guard let uid = SingleInstanceSocket.peerUID(connection), SingleInstanceMessage.acceptsPeer(uid: uid, ownUID: geteuid()) else {
            warn("ignored a request on '\(PathBytes.displayed(socketPath))' from another user")
            return
        }
        SingleInstanceSocket.setTimeouts(connection, seconds: SingleInstanceSocket.timeout)
        let bytes = SingleInstanceSocket.readUpTo(connection, limit: SingleInstanceMessage.maximumCount) {
            SingleInstanceMessage.decode($0) != .incomplete
        }
        switch SingleInstanceMessage.decode(bytes) {
        case .path(let path):
            inbox.post(path)
            _ = SingleInstanceSocket.writeAll(connection, SingleInstanceMessage.accepted)
        case .incomplete:
            // Closed before a byte came and gone before the answer: another viewer's look at
            // whether this one listens (`SingleInstanceSocket.listen`'s probe), not a request.
            let answered = SingleInstanceSocket.writeAll(connection, SingleInstanceMessage.refused)
            if answered || !bytes.isEmpty {
                warn("ignored a request on '\(PathBytes.displayed(socketPath))': it ended after \(bytes.count) bytes")
            }
        case .refused(let reason):
            warn("ignored a request on '\(PathBytes.displayed(socketPath))': \(reason)")
            _ = SingleInstanceSocket.writeAll(connection, SingleInstanceMessage.refused)
        }
    }
}

/// The paths the listener received, waiting for the frame thread (`ViewerDriver`), which takes
/// them before each frame as it takes the listing's and the decoders' results. Posting wakes
/// the event loop (`wake`: `glfwPostEmptyEvent` for a window), once there is one: a viewer
/// listens before its window opens (`SingleInstance.claim`) and sets the wake after
/// (`setWake`); what came before waits for the window's first frame.
final class SingleInstanceInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    private var wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void = {}) { self.wake = wake }

    /// Sets what wakes the event loop (any thread).
    func setWake(_ wake: @escaping @Sendable () -> Void) {
        lock.lock()
        self.wake = wake
        lock.unlock()
    }

    /// Adds `path` (any thread) and wakes the event loop.
    func post(_ path: String) {
        lock.lock()
        paths.append(path)
        let wake = self.wake
        lock.unlock()
        wake()
    }

    /// Puts back paths not handled yet, before any posted since (the frame thread).
    func putBack(_ kept: [String]) {
        guard !kept.isEmpty else { return }
        lock.lock()
        paths.insert(contentsOf: kept, at: 0)
        lock.unlock()
    }

    /// The paths posted since the last call, in order (the frame thread).
    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = paths
        paths.removeAll()
        return taken
    }

    /// True when paths wait (a cheap look before `take`, without allocating).
    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return paths.isEmpty
    }
}
