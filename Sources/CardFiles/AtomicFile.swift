#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic replaces of the project's own files (state, thumbnails, PNG and JSON outputs). The
/// user's pictures are never opened for writing: nothing here is called on them.
public enum AtomicFile {
    /// Who may read the file written.
    public enum Permissions: Sendable {
        /// 0644 less the process's umask: the usual mode of a new file.
        case shared
        /// Exactly 0600, whatever the umask (the thumbnail standard asks this of the cache).
        case ownerOnly
    }

    /// How a replace is written.
    public struct Options: Sendable {
        public var permissions: Permissions
        /// Whether the file and then its folder are flushed to disk (`fsync`) around the rename,
        /// so that a power cut leaves the old file or the new one; the rename is atomic either way.
        public var durable: Bool
        /// When `path` is a symbolic link: true writes through it, replacing the file it points
        /// to (the user's own link to a state kept elsewhere); false replaces the link itself with
        /// a file (outputs in untrusted places, such as the thumbnail cache, never write
        /// through a link planted there).
        public var writesThroughLinks: Bool

        public init(permissions: Permissions = .shared, durable: Bool = true, writesThroughLinks: Bool = false) {
            self.permissions = permissions
            self.durable = durable
            self.writesThroughLinks = writesThroughLinks
        }

        /// Shared permissions, flushed: state files and outputs.
        public static let durable = Options()
    }

    /// Replaces `path` atomically with `bytes` (see `replace(_:options:writing:)`).
    public static func replace(_ path: String, with bytes: [UInt8], options: Options = .durable) throws {
        try replace(path, options: options) { sink in try bytes.withUnsafeBytes { try sink.write($0) } }
    }

    /// Replaces `path` atomically with what `body` writes into a small buffer (streamed to a
    /// temporary file in the same folder, so the whole content never sits in memory), then
    /// renames it over `path`. A crash at any moment leaves either the old file or the new one,
    /// never a mix; a failure (or an error thrown by `body`) removes the temporary file and
    /// leaves the old file as it was. The temporary is named `.<name>.tmp-<pid>-<random>`
    /// (`StaleTemporaries` removes those a crash left behind).
    ///
    /// - Throws: `FileWriteError` naming `path`, or whatever `body` throws.
    public static func replace(_ path: String, options: Options = .durable,
                               writing body: (inout FileSink) throws -> Void) throws {
        let path = options.writesThroughLinks ? try Paths.linkTarget(of: path) : path
        let (folder, name) = Paths.split(path)
        let (fd, temporary) = try createTemporary(for: path, folder: folder, name: name, options: options)
        do {
            var sink = FileSink(fd: fd, path: path)
            try body(&sink)
            try sink.flush()
            if options.durable, fsync(fd) != 0 { throw FileWriteError("cannot flush '\(path)'", code: errno) }
            guard close(fd) == 0 else { throw FileWriteError("cannot write '\(path)'", code: errno) }
        } catch {
            close(fd)
            _ = unlinkPath(temporary)
            throw error
        }
        guard renamePath(temporary, path) == 0 else {
            let code = errno
            _ = unlinkPath(temporary)
            throw FileWriteError("cannot replace '\(path)'", code: code)
        }
        if options.durable {
            let folderFD = openPath(folder, O_RDONLY | O_CLOEXEC)
            if folderFD >= 0 {
                _ = fsync(folderFD)
                close(folderFD)
            }
        }
    }

    /// A new temporary file beside `path`, created exclusively (never an existing file, never
    /// through a link planted under its name), with `options`' permissions.
    private static func createTemporary(for path: String, folder: String, name: String,
                                        options: Options) throws -> (fd: Int32, path: String) {
        let mode: mode_t = options.permissions == .ownerOnly ? 0o600 : 0o644
        var code: Int32 = EEXIST
        // A random name is taken only by a leftover of a crashed process with our pid: retry.
        for _ in 0..<16 where code == EEXIST {
            let temporary = Paths.join(folder, StaleTemporaries.temporaryName(for: name))
            let fd = retryingInterrupted { openPath(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if fd >= 0 {
                if options.permissions == .ownerOnly, fchmod(fd, 0o600) != 0 {
                    let failure = errno
                    close(fd)
                    _ = unlinkPath(temporary)
                    throw FileWriteError("cannot write '\(path)'", code: failure)
                }
                return (fd, temporary)
            }
            code = errno
        }
        throw FileWriteError("cannot write '\(path)'", code: code)
    }

    /// Writes all of `buffer` to `fd`, retrying short writes and interruptions.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(FileWriteError) {
        var offset = 0
        while offset < buffer.count {
            let written = retryingInterrupted { write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
            if written < 0 { throw FileWriteError("cannot write '\(path)'", code: errno) }
            offset += written
        }
    }
}
