import CardImaging
import CardMath
import CardPictureDecoding

/// The `tEXt` keys of a thumbnail (Thumbnail Managing Standard §"Thumbnail Attributes") that
/// decide whether it still shows its picture, read with the bounds-checked PNG chunk parser.
public struct ThumbnailMetadata: Equatable, Sendable {
    /// `Thumb::URI`: the picture's URI (required).
    public var uri: String?
    /// `Thumb::MTime`: the picture's modification time when thumbnailed, whole seconds (required).
    public var modificationTime: Int?
    /// `Thumb::Size`: the picture's size in bytes (optional).
    public var fileSize: Int?
    /// `Thumb::Image::Width` / `Thumb::Image::Height`: the picture's own size (optional).
    public var imageSize: PixelSize?
    /// `Software`, `Thumb::Mimetype`, and a failure record's `Description`, as written.
    public var software: String?, mimeType: String?, failureReason: String?

    public init(uri: String? = nil, modificationTime: Int? = nil, fileSize: Int? = nil, imageSize: PixelSize? = nil,
                software: String? = nil, mimeType: String? = nil, failureReason: String? = nil) {
        self.uri = uri
        self.modificationTime = modificationTime
        self.fileSize = fileSize
        self.imageSize = imageSize
        self.software = software
        self.mimeType = mimeType
        self.failureReason = failureReason
    }

    /// The metadata in a thumbnail PNG's bytes.
    /// - Throws: `PNGError` when the chunk structure is malformed (see `PNGStructure.chunks`).
    public init(png bytes: [UInt8], name: String = "<memory>") throws {
        self.init()
        for (keyword, text) in PNGStructure.textEntries(of: bytes, chunks: try PNGStructure.chunks(of: bytes, name: name)) {
            switch keyword {
            case "Thumb::URI": uri = text
            case "Thumb::MTime": modificationTime = Self.integer(text)
            case "Thumb::Size": fileSize = Self.integer(text)
            case "Thumb::Image::Width": imageSize = PixelSize(width: Self.integer(text) ?? 0, height: imageSize?.height ?? 0)
            case "Thumb::Image::Height": imageSize = PixelSize(width: imageSize?.width ?? 0, height: Self.integer(text) ?? 0)
            case "Thumb::Mimetype": mimeType = text
            case "Software": software = text
            case "Description": failureReason = text
            default: break
            }
        }
        if let size = imageSize, size.width <= 0 || size.height <= 0 { imageSize = nil }
    }

    /// Whether this thumbnail was made from the file as it is now: the URI matches, the
    /// modification time matches to the second, and the size matches when recorded.
    public func matches(uri: String, stamp: FileStamp) -> Bool {
        self.uri == uri && modificationTime == stamp.modificationTime && (fileSize == nil || fileSize == stamp.size)
    }

    /// The `tEXt` chunks for these keys (those set), in the standard's order.
    public var textChunks: [[UInt8]] {
        var entries: [(String, String)] = []
        if let uri { entries.append(("Thumb::URI", uri)) }
        if let modificationTime { entries.append(("Thumb::MTime", String(modificationTime))) }
        if let fileSize { entries.append(("Thumb::Size", String(fileSize))) }
        if let mimeType { entries.append(("Thumb::Mimetype", mimeType)) }
        if let imageSize {
            entries.append(("Thumb::Image::Width", String(imageSize.width)))
            entries.append(("Thumb::Image::Height", String(imageSize.height)))
        }
        if let software { entries.append(("Software", software)) }
        if let failureReason { entries.append(("Description", failureReason)) }
        return entries.map { PNGStructure.textChunk(keyword: $0.0, text: $0.1) }
    }

    /// A decimal integer (an optional sign, digits, at most 18 of them), else nil. Some writers
    /// put a fraction after the seconds ("1700000000.5"): only the whole seconds count.
    static func integer(_ text: String) -> Int? {
        let whole = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard whole.count <= 19 else { return nil }
        return Int(whole.filter { $0 != " " })
    }
}

/// What identifies a file's version: its modification time (whole seconds) and size (bytes).
public struct FileStamp: Equatable, Sendable {
    public var modificationTime: Int
    public var size: Int

    public init(modificationTime: Int, size: Int) {
        self.modificationTime = modificationTime
        self.size = size
    }
}
