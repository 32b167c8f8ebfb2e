#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reads picture (and thumbnail) files with plain POSIX calls: the size is checked before anything is allocated,
/// only regular files are read, and a file that changes size while being read yields the bytes
/// that were there. Never writes.
public enum PictureFile {
    /// The first `limit` bytes of the file at `path` (all of it when shorter), and the file's
    /// size. Throws `PictureError.unreadable` naming `path`.
    public static func read(_ path: String, upTo limit: Int) throws -> (bytes: [UInt8], fileSize: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PictureError.unreadable(path: path, reason: errorText(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw PictureError.unreadable(path: path, reason: errorText(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is not a regular file"
            throw PictureError.unreadable(path: path, reason: kind)
        }
        let fileSize = Int(status.st_size)
        let wanted = min(fileSize, max(0, limit))
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            var filled = 0
            while filled < wanted {
                let got = systemRead(descriptor, buffer.baseAddress! + filled, wanted - filled)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno; break }
                if got == 0 { break }  // the file shrank while being read
                filled += got
            }
            count = filled
        }
        guard failure == 0 else { throw PictureError.unreadable(path: path, reason: errorText(failure)) }
        return (bytes, fileSize)
    }

    /// The whole file at `path`; files over `maximumSize` bytes are refused unread.
    public static func readAll(_ path: String, maximumSize: Int) throws -> [UInt8] {
        let (bytes, fileSize) = try read(path, upTo: maximumSize)
        guard fileSize <= maximumSize else { throw PictureError.fileTooLarge(path: path, bytes: fileSize) }
        return bytes
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
