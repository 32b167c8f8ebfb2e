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
    /// Replaces `path` atomically with `bytes` (see `replace(_:writing:)`).
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        try replace(path) { sink in try bytes.withUnsafeBytes { try sink.write($0) } }
    }

    /// Replaces `path` atomically with what `body` writes into a small buffer (streamed to a
    /// temporary file in the same directory, so the whole content never sits in memory), flushed
    /// to disk (fsync), then renamed over `path`, then the directory flushed. A crash at any
    /// moment leaves either the old file or the new one, never a mix; a failure removes the
    /// temporary file. The temporary is named `.<name>.tmp-<pid>-<random>`
    /// (`StaleTemporaries` removes those a crash left behind).
    static func replace(_ path: String, writing body: (inout FileSink) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(StaleTemporaries.temporaryName(for: url.lastPathComponent)).path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot write '\(path)'", errno) }
        do {
            var sink = FileSink(fd: fd, path: path)
            try body(&sink)
            try sink.flush()
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

    /// The bytes of the file at `path`, read straight into one array (no second copy), or `nil`
    /// when it cannot be opened or read.
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        let complete: Bool = bytes.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count == 0 }
                filled += count
            }
            return true
        }
        guard complete else { return nil }
        // The file shrank while it was read: what was there.
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return bytes
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

    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws {
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

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }

    static func failure(_ what: String, _ code: Int32) -> FileWriteError {
        FileWriteError(description: "\(what): \(String(cString: strerror(code)))")
    }
}
