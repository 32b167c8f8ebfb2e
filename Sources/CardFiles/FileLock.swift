#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on `.NAME.lock` beside a file, held while a process uses the file:
/// two viewers on one state file would otherwise overwrite each other's saves. The lock file
/// holds the holder's process id, for the message of the process that finds it taken. The lock
/// goes when the process ends, however it ends; the lock file itself stays (it is tiny, and
/// removing it would race with the next process taking it).
public final class FileLock: @unchecked Sendable {
    // @unchecked: the descriptor is set once and only closed in deinit.
    private let descriptor: Int32
    /// The lock file's path.
    public let path: String

    /// What `acquire(besides:)` found.
    public enum Outcome {
        /// This process holds the lock until the `FileLock` is released.
        case acquired(FileLock)
        /// Another process holds it: its id as written in the lock file (`nil` if unreadable).
        case held(byProcess: Int32?)
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// `.NAME.lock` in the folder of `path`, or of the file a symbolic link at `path` points to
    /// (two viewers reaching one state through different links share one lock).
    public static func lockPath(besides path: String) -> String {
        let target = (try? Paths.linkTarget(of: path)) ?? path
        let (folder, name) = Paths.split(target)
        return Paths.join(folder, "." + name + ".lock")
    }

    /// Takes the lock beside `path` without waiting.
    ///
    /// - Throws: `FileWriteError` when the lock file cannot be made (a read-only folder).
    public static func acquire(besides path: String) throws(FileWriteError) -> Outcome {
        let lockPath = lockPath(besides: path)
        let fd = retryingInterrupted { openPath(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644) }
        guard fd >= 0 else { throw FileWriteError("cannot make the lock '\(lockPath)'", code: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileWriteError("cannot make the lock '\(lockPath)'", code: EINVAL)
        }
        guard retryingInterrupted({ flock(fd, LOCK_EX | LOCK_NB) }) == 0 else {
            let holder = readProcessID(fd)
            close(fd)
            return .held(byProcess: holder)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return .acquired(FileLock(descriptor: fd, path: lockPath))
    }

    /// Takes the lock of the folder at `path` itself (`flock` on the folder: no lock file is
    /// made), waiting up to `seconds` while another process holds it, for a short section that
    /// processes of one user must not run at once (the single-instance socket's look and bind:
    /// `SingleInstance.claim`). `nil` when the folder cannot be opened (missing, a link, not a
    /// folder) or another process still holds the lock after `seconds`.
    public static func lockFolder(_ path: String, waitingUpTo seconds: Double) -> FileLock? {
        let fd = retryingInterrupted { openPath(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let waited = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
            guard failure == EWOULDBLOCK || failure == EINTR, waited < seconds else {
                close(fd)
                return nil
            }
            usleep(2_000)
        }
        return FileLock(descriptor: fd, path: path)
    }

    /// The process id written in the lock file, if it reads as one.
    private static func readProcessID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}
