import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be written or moved; one line naming the file.
public struct FileWriteError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// Careful file writes for the viewer's own files (state, screenshots). The user's images are
/// never opened for writing: nothing here is called on them.
enum SafeFile {
    /// Replaces `path` atomically with `bytes`: a temporary file in the same directory, written
    /// and flushed to disk (fsync), then renamed over `path`, then the directory flushed. A
    /// crash at any moment leaves either the old file or the new one, never a mix.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot write '\(path)'", errno) }
        do {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw failure("cannot flush '\(path)'", errno) }
            guard close(fd) == 0 else { throw failure("cannot write '\(path)'", errno) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("cannot replace '\(path)'", code)
        }
        let directoryFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Creates `path` with `bytes` only if no file of that name exists (O_EXCL); returns false,
    /// writing nothing, when one does.
    static func createNew(_ path: String, with bytes: [UInt8]) throws -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw failure("cannot write '\(path)'", errno)
        }
        do {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0, close(fd) == 0 else { throw failure("cannot write '\(path)'", errno) }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        return true
    }

    /// Moves `path` to `path` + `suffix` (or + `suffix-2`, `-3`… when that exists), never over
    /// an existing file; returns the new path.
    static func moveAside(_ path: String, suffix: String) throws -> String {
        for attempt in 1...1000 {
            let candidate = path + suffix + (attempt == 1 ? "" : "-\(attempt)")
            // link() refuses an existing name, so nothing is overwritten even in a race.
            if link(path, candidate) == 0 {
                unlink(path)
                return candidate
            }
            let code = errno
            if code == EEXIST { continue }
            // No hard links here (some file systems): check, then rename.
            guard access(candidate, F_OK) != 0 else { continue }
            guard rename(path, candidate) == 0 else { throw failure("cannot move '\(path)' aside", errno) }
            return candidate
        }
        throw FileWriteError(description: "cannot move '\(path)' aside: too many files named like it")
    }

    /// The local time as `YYYYMMDD-HHMMSS`, for file names.
    static func timestamp(_ date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write '\(path)'", errno)
                }
                offset += written
            }
        }
    }

    static func failure(_ what: String, _ code: Int32) -> FileWriteError {
        FileWriteError(description: "\(what): \(String(cString: strerror(code)))")
    }
}
