import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// New files that never replace an existing one (screenshots), and moving a file aside under a
/// free name (a corrupt state): nothing is overwritten, even by another program racing for the
/// same name.
public enum ExclusiveFile {
    /// Creates `path` with `bytes` only if no file of that name exists (`O_EXCL`), flushed to
    /// disk; returns false, writing nothing, when one does. A failed write removes the file.
    ///
    /// - Throws: `FileWriteError` naming `path`.
    public static func createNew(_ path: String, with bytes: [UInt8]) throws -> Bool {
        let fd = retryingInterrupted { openPath(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        if fd < 0 {
            if errno == EEXIST { return false }
            throw FileWriteError("cannot write '\(path)'", code: errno)
        }
        do {
            try bytes.withUnsafeBytes { try AtomicFile.writeAll(fd, $0, path: path) }
            guard fsync(fd) == 0, close(fd) == 0 else { throw FileWriteError("cannot write '\(path)'", code: errno) }
        } catch {
            close(fd)
            _ = unlinkPath(path)
            throw error
        }
        return true
    }

    /// Moves `path` to `path` + `suffix` (or + `suffix-2`, `-3`… when that exists), never over
    /// an existing file; returns the new path.
    ///
    /// - Throws: `FileWriteError` when it cannot be moved.
    public static func moveAside(_ path: String, suffix: String) throws -> String {
        for attempt in 1...1000 {
            let candidate = path + suffix + (attempt == 1 ? "" : "-\(attempt)")
            // link() refuses an existing name, so nothing is overwritten even in a race.
            if linkPath(path, candidate) == 0 {
                _ = unlinkPath(path)
                return candidate
            }
            let code = errno
            if code == EEXIST { continue }
            // No hard links here (some file systems): check, then rename.
            guard accessPath(candidate, F_OK) != 0 else { continue }
            guard renamePath(path, candidate) == 0 else { throw FileWriteError("cannot move '\(path)' aside", code: errno) }
            return candidate
        }
        throw FileWriteError(description: "cannot move '\(path)' aside: too many files named like it")
    }

    /// The local time of `date` as `YYYYMMDD-HHMMSS`, for file names.
    public static func timestamp(_ date: Date = Date()) -> String {
        let t = LocalTime.fields(date)
        return "\(t.year)\(t.month)\(t.day)-\(t.hour)\(t.minute)\(t.second)"
    }
}
