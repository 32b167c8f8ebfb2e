/// Why a picture could not be decoded. The description is one line naming the file; the caller
/// shows the card as unreadable and goes on.
public enum PictureError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read (missing, permissions, a folder, an I/O error).
    case unreadable(path: String, reason: String)
    /// Not a PNG or JPEG, or a kind of JPEG the decoder does not handle (lossless, 12-bit).
    case unsupported(path: String, reason: String)
    /// The file ends before the picture does.
    case truncated(path: String, reason: String)
    /// The bytes break the format's rules.
    case corrupt(path: String, reason: String)
    /// The picture's declared size is over the limits (see `PictureDecoder.maximumDimension`).
    case tooLarge(path: String, width: Int, height: Int)
    /// Decoding would need more working memory than `PictureLimits.maximumWorkingMemory`, bytes
    /// (estimated from the header).
    case tooMuchMemory(path: String, bytes: Int)
    /// A progressive JPEG declares more decode work than `PictureLimits.maximumPixelScans`.
    case tooMuchWork(path: String, pixelScans: Int)
    /// The file is larger than any allowed picture needs (`PictureDecoder.maximumFileSize`).
    case fileTooLarge(path: String, bytes: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read picture '\(path)': \(reason)"
        case let .unsupported(path, reason): "picture '\(path)' is not supported: \(reason)"
        case let .truncated(path, reason): "picture '\(path)' is truncated: \(reason)"
        case let .corrupt(path, reason): "picture '\(path)' is corrupt: \(reason)"
        case let .tooLarge(path, width, height):
            "picture '\(path)' is too large (\(width)x\(height); at most \(PictureDecoder.maximumDimension) pixels a side and \(PictureDecoder.maximumPixelCount) pixels)"
        case let .tooMuchMemory(path, bytes):
            "picture '\(path)' is too large (decoding needs \(megabytes(bytes)) MB of memory; at most \(megabytes(PictureLimits.maximumWorkingMemory)) MB)"
        case let .tooMuchWork(path, pixelScans):
            "picture '\(path)' is too large (\(pixelScans) pixel-scans to decode; at most \(PictureLimits.maximumPixelScans))"
        case let .fileTooLarge(path, bytes):
            "picture '\(path)' is too large (\(bytes) bytes; at most \(PictureDecoder.maximumFileSize))"
        }
    }

    /// The file the error names.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .unsupported(path, _), let .truncated(path, _), let .corrupt(path, _),
             let .tooLarge(path, _, _), let .fileTooLarge(path, _), let .tooMuchMemory(path, _), let .tooMuchWork(path, _):
            path
        }
    }

    /// Bytes in megabytes (10⁶), rounded up so a refusal never reads "192 MB; at most 192 MB".
    private func megabytes(_ bytes: Int) -> Int { (bytes + 999_999) / 1_000_000 }
}
