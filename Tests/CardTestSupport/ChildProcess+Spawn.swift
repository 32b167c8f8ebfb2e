import CardFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The C side of `ChildProcess`: `posix_spawnp` with pipes, and a thread per child that drains
/// its outputs, reaps it with `wait4` (Foundation's `Process` reaps its children itself and
/// gives no resource usage) and kills its process group at the time limit.
extension ChildProcess {
    static func spawn(argv: [String], environment: [String: String], input: [UInt8]?, directory: String?,
                      timeLimit: Double?) throws -> ChildProcess {
        if directory != nil, changeDirectory == nil { throw POSIXError(.ENOSYS) }
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0], inPipe: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw POSIXError(.EMFILE) }
        guard pipe(&err) == 0 else {
            out.forEach { close($0) }
            throw POSIXError(.EMFILE)
        }
        if input != nil, pipe(&inPipe) != 0 {
            (out + err).forEach { close($0) }
            throw POSIXError(.EMFILE)
        }
        // Not inherited by other children this process starts (dup2 clears it for this one's).
        for fd in out + err + inPipe where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        // As Foundation's `Process` does: no other descriptor of this process reaches the child
        // (another test's pipe held open by a long-lived child would never see its end).
        _ = closeFrom.map { $0(&actions, 3) }
        if let directory {
            _ = PathBytes.withCString(directory) { changeDirectory!(&actions, $0) }
        }
        // Its own process group: a time limit kills GNU time and the program it started together.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argvBytes = argv.map { PathBytes.bytes($0) + [0] }
        let envBytes = environment.map { Array("\($0.key)=\($0.value)".utf8) + [0] }
        let argvPointers = argvBytes.map { bytes in bytes.withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } }
        let envPointers = envBytes.map { bytes in bytes.withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } }
        defer { (argvPointers + envPointers).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = (argvPointers + [nil]).withUnsafeBufferPointer { arguments in
            (envPointers + [nil]).withUnsafeBufferPointer { variables in
                posix_spawnp(&pid, argvPointers[0]!, &actions, &attributes, UnsafeMutablePointer(mutating: arguments.baseAddress!),
                             UnsafeMutablePointer(mutating: variables.baseAddress!))
            }
        }
        close(out[1])
        close(err[1])
        if inPipe[0] >= 0 { close(inPipe[0]) }
        guard spawned == 0 else {
            close(out[0])
            close(err[0])
            if inPipe[1] >= 0 { close(inPipe[1]) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        let child = ChildProcess(pid: pid)
        if let input { feed(input, to: inPipe[1]) }
        let (stdout, stderr) = (out[0], err[0])
        let thread = Thread { child.monitor(stdout: stdout, stderr: stderr, timeLimit: timeLimit) }
        thread.name = "child \(pid)"
        thread.start()
        return child
    }

    /// Writes `bytes` to `fd` on a thread of its own, then closes it. SIGPIPE is blocked there: a
    /// child that ends without reading makes the write fail instead of ending this process.
    private static func feed(_ bytes: [UInt8], to fd: Int32) {
        Thread.detachNewThread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if count > 0 { written += count } else if count < 0 && errno == EINTR { continue } else { break }
            }
            close(fd)
        }
    }

    /// Drains both outputs, reaps the child, kills its group at `timeLimit`; then `finished`.
    private func monitor(stdout: Int32, stderr: Int32, timeLimit: Double?) {
        let start = Date()
        var collected: [Int32: [UInt8]] = [stdout: [], stderr: []]
        var open = [stdout, stderr]
        var status: Int32 = 0, usage = rusage(), exited = false, timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !exited || !open.isEmpty {
            if !exited, wait4(pid, &status, WNOHANG, &usage) == pid {
                exited = true
                condition.lock()
                reaped = true
                condition.unlock()
            }
            if !exited, !timedOut, let timeLimit, Date().timeIntervalSince(start) > timeLimit {
                timedOut = true
                Glibc.kill(-pid, SIGKILL)
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), exited ? 100 : 20)
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    collected[entry.fd, default: []].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let outcome = Outcome(status: exitStatus, timedOut: timedOut,
                              stdout: String(decoding: collected[stdout] ?? [], as: UTF8.self),
                              stderr: String(decoding: collected[stderr] ?? [], as: UTF8.self),
                              peakResidentBytes: Int(usage.ru_maxrss) * 1024, seconds: Date().timeIntervalSince(start))
        condition.lock()
        finished = outcome
        condition.broadcast()
        condition.unlock()
    }

    private typealias FileActions = UnsafeMutablePointer<posix_spawn_file_actions_t>

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does
    /// not declare: looked up at run time.
    private static let closeFrom: (@convention(c) (FileActions, Int32) -> Int32)? =
        dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (FileActions, Int32) -> Int32).self) }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29), looked up as `closeFrom` is.
    private static let changeDirectory: (@convention(c) (FileActions, UnsafePointer<CChar>) -> Int32)? =
        dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: (@convention(c) (FileActions, UnsafePointer<CChar>) -> Int32).self) }
}
