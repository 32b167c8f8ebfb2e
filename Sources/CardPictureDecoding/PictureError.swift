/// Why a picture could not be decoded. The description is one line naming the file; the caller
/// shows the card as unreadable and goes on.
public enum PictureError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read (missing, permissions, a folder, an I/O error).
    case unreadable(path: String, reason: String)
    /// Not a picture format the viewer reads, or a kind it does not handle (lossless or 12-bit
    /// JPEG, floating-point TIFF).
    case unsupported(path: String, reason: String)
    /// The file ends before the picture does.
    case truncated(path: String, reason: String)
    /// The bytes break the format's rules.
    case corrupt(path: String, reason: String)
    /// The picture's declared size is over the limits: `PictureDecoder.maximumDimension` a side,
    /// `maximumPixels` in all (`PictureLimits.maximumPixels`).
    case tooLarge(path: String, width: Int, height: Int, maximumPixels: Int)
    /// Decoding would need more memory than `limit` (`PictureLimits.maximumWorkingMemory`, or
    /// the decode budget of all workers), bytes, estimated from the header.
    case tooMuchMemory(path: String, bytes: Int, limit: Int)
    /// A progressive JPEG declares more decode work than `PictureLimits.maximumPixelScans`.
    case tooMuchWork(path: String, pixelScans: Int)
    /// The file is larger than its format's cap, `limit` bytes (`PictureLimits.fileSizeCap`).
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// A JPEG's header segments (APPn, COM, tables: everything before the first scan) run past
    /// `limit` bytes (`PictureDecoder.maximumHeaderBytes`, 16 MiB) in a file that goes on.
    case headerTooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read picture '\(path)': \(reason)"
        case let .unsupported(path, reason): "picture '\(path)' is not supported: \(reason)"
        case let .truncated(path, reason): "picture '\(path)' is truncated: \(reason)"
        case let .corrupt(path, reason): "picture '\(path)' is corrupt: \(reason)"
        case let .tooLarge(path, width, height, maximumPixels):
            "picture '\(path)' is too large (\(width)x\(height); at most \(PictureDecoder.maximumDimension) pixels a side and \(maximumPixels) pixels)"
        case let .tooMuchMemory(path, bytes, limit):
            "picture '\(path)' is too large (decoding needs \(megabytes(bytes)) MB of memory; at most \(limit >= 1_000_000 ? "\(limit / 1_000_000) MB" : "\(limit) bytes"))"
        case let .tooMuchWork(path, pixelScans):
            "picture '\(path)' is too large (\(pixelScans) pixel-scans to decode; at most \(PictureLimits.maximumPixelScans))"
        case let .fileTooLarge(path, bytes, limit):
            "picture '\(path)' is too large (\(bytes) bytes; at most \(limit))"
        case let .headerTooLarge(path, limit):
            "picture '\(path)' is too large (header segments over \(mebibytes(limit)), the limit)"
        }
    }

    /// The file the error names.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .unsupported(path, _), let .truncated(path, _), let .corrupt(path, _),
             let .tooLarge(path, _, _, _), let .fileTooLarge(path, _, _), let .tooMuchMemory(path, _, _),
             let .tooMuchWork(path, _), let .headerTooLarge(path, _):
            path
        }
    }

    /// Bytes in megabytes (10⁶), rounded up so a refusal never reads "192 MB; at most 192 MB"
    /// (limits are rounded down).
    private func megabytes(_ bytes: Int) -> Int { (bytes + 999_999) / 1_000_000 }

    /// A limit in whole mebibytes (`16 MiB`), else in bytes.
    private func mebibytes(_ bytes: Int) -> String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes" }
}
