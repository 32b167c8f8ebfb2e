import CardPictureFolders

/// Why a picture could not be decoded. The description is one line naming the file once, then
/// what was wrong in one wording per reason (SPEC §11): `'x.jpg': truncated (Premature end of
/// JPEG file)`. The caller shows the card as unreadable and goes on.
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
    /// A failure recorded for the file as it is now (the thumbnail cache's `fail/` folder), thrown
    /// again without decoding: `reason` is the first failure's `reason`.
    case remembered(path: String, reason: String)
    /// A JPEG's header segments (APPn, COM, tables: everything before the first scan) run past
    /// `limit` bytes (`PictureDecoder.maximumHeaderBytes`, 16 MiB) in a file that goes on.
    case headerTooLarge(path: String, limit: Int)

    /// The reason of a file that is no picture of a format read (`unsupported`).
    public static let notAPictureReason = "not \(PictureKinds.listed())"

    /// `'PATH': REASON`: the file named once.
    public var description: String { "'\(path)': \(reason)" }

    /// What was wrong, without the file's name: `cardReason`, then the detail in parentheses
    /// ("truncated (Premature end of JPEG file)", "too large: 30000 × 30000 (at most …)").
    public var reason: String {
        switch self {
        case let .unreadable(_, detail), let .truncated(_, detail), let .corrupt(_, detail): "\(cardReason) (\(detail))"
        case let .unsupported(_, detail): "\(cardReason) (\(detail))"
        case let .tooLarge(_, _, _, maximumPixels):
            "\(cardReason) (at most \(PictureDecoder.maximumDimension) pixels a side and \(maximumPixels) pixels)"
        case let .tooMuchMemory(_, bytes, limit):
            "too large (decoding needs \(megabytes(bytes)) MB of memory; at most \(limit >= 1_000_000 ? "\(limit / 1_000_000) MB" : "\(limit) bytes"))"
        case let .tooMuchWork(_, pixelScans): "too large (\(pixelScans) pixel-scans to decode; at most \(PictureLimits.maximumPixelScans))"
        case let .fileTooLarge(_, bytes, limit): "too large (\(bytes) bytes; at most \(limit))"
        case let .headerTooLarge(_, limit): "too large (header segments over \(mebibytes(limit)), the limit)"
        case let .remembered(_, reason):
            reason.hasSuffix(")") ? reason.dropLast() + "; remembered from an earlier attempt)" : reason + " (remembered from an earlier attempt)"
        }
    }

    /// The few words an unreadable picture's card shows (SPEC §10): "not a picture",
    /// "not supported", "truncated", "corrupt", "too large: W × H", "too large", "unreadable";
    /// the words `reason` starts with.
    public var cardReason: String {
        switch self {
        case let .unsupported(_, detail): detail == Self.notAPictureReason ? "not a picture" : "not supported"
        case .truncated: "truncated"
        case .corrupt: "corrupt"
        case let .tooLarge(_, width, height, _): "too large: \(width) × \(height)"
        case .tooMuchMemory, .tooMuchWork, .fileTooLarge, .headerTooLarge: "too large"
        case .unreadable: "unreadable"
        case let .remembered(_, reason): Self.cardReason(ofRecorded: reason)
        }
    }

    /// The file the error names.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .unsupported(path, _), let .truncated(path, _), let .corrupt(path, _),
             let .tooLarge(path, _, _, _), let .fileTooLarge(path, _, _), let .tooMuchMemory(path, _, _),
             let .tooMuchWork(path, _), let .remembered(path, _), let .headerTooLarge(path, _):
            path
        }
    }

    /// Bytes in megabytes (10⁶), rounded up so a refusal never reads "192 MB; at most 192 MB"
    /// (limits are rounded down).
    private func megabytes(_ bytes: Int) -> Int { (bytes + 999_999) / 1_000_000 }

    /// A limit in whole mebibytes (`16 MiB`), else in bytes.
    private func mebibytes(_ bytes: Int) -> String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes" }
}

extension PictureError {
    /// The card's words of a recorded `reason`: the words it starts with, before " (".
    static func cardReason(ofRecorded reason: String) -> String {
        String(reason[..<(reason.range(of: " (")?.lowerBound ?? reason.endIndex)])
    }

    /// A failure record's text as a `reason`: records this version writes are one already;
    /// an older record's line (`picture 'NAME' is truncated: DETAIL`, `cannot read picture
    /// 'NAME': DETAIL`) is rewritten in today's wording, read after the name's closing quote so
    /// that no file name can change it.
    public static func reason(ofRecord text: String) -> String {
        guard text.hasPrefix("picture '") || text.hasPrefix("cannot read picture '") else { return text }
        if text.hasPrefix("cannot read picture '"), let quote = text.range(of: "': ", options: .backwards) {
            return "unreadable (\(text[quote.upperBound...]))"
        }
        guard let quote = text.range(of: "' is ", options: .backwards) else { return "corrupt (\(text))" }
        let rest = text[quote.upperBound...]
        for (old, new) in [("not supported: ", "not supported"), ("truncated: ", "truncated"), ("corrupt: ", "corrupt")] where rest.hasPrefix(old) {
            let detail = String(rest.dropFirst(old.count))
            return "\(new == "not supported" && detail.hasPrefix("not a PNG, JPEG") ? "not a picture" : new) (\(detail))"
        }
        return "corrupt (\(rest))"
    }
}
