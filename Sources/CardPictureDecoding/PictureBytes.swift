import CardFiles

/// Reads picture (and thumbnail) files through the file layer (`CardFiles`): the size is checked
/// before anything is allocated, only regular files are read (opened non-blocking, checked with
/// `fstat`), and a file that changes size while being read yields the bytes that were there.
/// Never writes. Errors are `PictureError`s naming the path.
public enum PictureBytes {
    /// The first `limit` bytes of the file at `path` (all of it when shorter), and the file's
    /// size. Throws `PictureError.unreadable` naming `path`.
    public static func read(_ path: String, upTo limit: Int) throws -> (bytes: [UInt8], fileSize: Int) {
        do {
            return try FileBytes.read(path, upTo: limit)
        } catch {
            throw pictureError(error)
        }
    }

    /// The whole file at `path`; files over `maximumSize` bytes are refused unread.
    public static func readAll(_ path: String, maximumSize: Int) throws -> [UInt8] {
        do {
            return try FileBytes.readAll(path, maximumSize: maximumSize)
        } catch {
            throw pictureError(error)
        }
    }

    /// The picture's wording of a file error: too large, or unreadable with the reason.
    static func pictureError(_ error: FileReadError) -> PictureError {
        if case let .tooLarge(path, bytes, limit) = error { return .fileTooLarge(path: path, bytes: bytes, limit: limit) }
        return .unreadable(path: error.path, reason: error.reason)
    }
}
