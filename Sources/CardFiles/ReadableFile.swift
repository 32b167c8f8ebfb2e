#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemReadAt = Glibc.pread
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemReadAt = Darwin.pread
#endif

/// A regular file opened for reading: the safe open every read of the project goes through.
///
/// The path is opened non-blocking (a FIFO swapped in after a folder was listed answers at once
/// instead of waiting for a writer), then checked with `fstat` on the open descriptor, so what is
/// checked is what is read: a folder, FIFO, device or socket is refused before any byte is read.
/// The descriptor is closed when the value goes away. Never writes.
public struct ReadableFile: ~Copyable {
    /// The path as given (messages name it).
    public let path: String
    /// Kind, size and modification time of the opened file, taken right after opening.
    public let info: FileInfo
    private let descriptor: Int32

    /// Opens `path` for reading if it is a regular file (links followed).
    ///
    /// - Throws: `FileReadError.failed` (no such file, no permission, …) or `.notRegular`.
    public init(opening path: String) throws(FileReadError) {
        let descriptor = retryingInterrupted { openPath(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .failed(path: path, code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .failed(path: path, code: code)
        }
        let info = FileInfo(status)
        guard info.kind == .regular else {
            close(descriptor)
            throw .notRegular(path: path, kind: info.kind)
        }
        self.path = path
        self.info = info
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The next bytes of the file, at most `limit` (and at most its size when opened), read
    /// straight into one array. A file that shrinks while it is read yields what was there.
    ///
    /// - Complexity: O(bytes read); allocates once.
    public func read(upTo limit: Int) throws(FileReadError) -> [UInt8] {
        let wanted = min(info.size, max(0, limit))
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            var filled = 0
            while filled < wanted {
                let got = retryingInterrupted { systemRead(descriptor, buffer.baseAddress! + filled, wanted - filled) }
                if got < 0 { failure = errno; break }
                if got == 0 { break }  // the file shrank while being read
                filled += got
            }
            count = filled
        }
        guard failure == 0 else { throw .failed(path: path, code: failure) }
        return bytes
    }

    /// Fills `buffer` with the bytes at `offset` (a positional read: the next `read(upTo:)` is
    /// not moved), as many as there are: fewer than the buffer holds only at the end of the file
    /// (one that shrank included). For a file read in pieces, e.g. a picture streamed row by row.
    ///
    /// - Returns: the bytes read.
    /// - Complexity: O(buffer); allocates nothing.
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileReadError) -> Int {
        guard offset >= 0, let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let got = retryingInterrupted { systemReadAt(descriptor, base + filled, buffer.count - filled, off_t(offset + filled)) }
            if got < 0 { throw .failed(path: path, code: errno) }
            if got == 0 { break }
            filled += got
        }
        return filled
    }
}

/// Capped reads of whole files: the size is checked (from `fstat`, before anything is
/// allocated) against the caller's cap, so a sparse 2 GiB file costs nothing to refuse.
public enum FileBytes {
    /// The first `limit` bytes of the regular file at `path` (all of it when shorter), and the
    /// file's size in bytes.
    public static func read(_ path: String, upTo limit: Int) throws(FileReadError) -> (bytes: [UInt8], fileSize: Int) {
        let file = try ReadableFile(opening: path)
        return (try file.read(upTo: limit), file.info.size)
    }

    /// The whole regular file at `path`; a file over `maximumSize` bytes is refused unread
    /// (`FileReadError.tooLarge`).
    public static func readAll(_ path: String, maximumSize: Int) throws(FileReadError) -> [UInt8] {
        let file = try ReadableFile(opening: path)
        guard file.info.size <= maximumSize else {
            throw .tooLarge(path: path, bytes: file.info.size, limit: maximumSize)
        }
        return try file.read(upTo: maximumSize)
    }
}
