/// The picture file formats the viewer reads, recognised by their first bytes (not their name).
public enum PictureFormat: String, Hashable, Sendable {
    case png
    case jpeg
    /// WebP (RIFF container, lossy VP8 or lossless VP8L; an animation's first frame).
    case webp
    /// TIFF (classic or BigTIFF), the first image.
    case tiff
    /// GIF87a/GIF89a, the first frame.
    case gif

    /// The format whose signature `prefix` starts with: PNG's eight-byte signature; JPEG's
    /// start-of-image marker followed by another marker (FF D8 FF); `RIFF` + 4 bytes + `WEBP`;
    /// TIFF's `II*\0` / `MM\0*` (or BigTIFF's `II+\0` / `MM\0+`); `GIF87a` / `GIF89a`.
    /// Nil for anything else.
    public init?(signature prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if Self.tiffSignatures.contains(where: { bytes.starts(with: $0) }) {
            self = .tiff
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// The format's MIME type, as the thumbnail cache records it (`Thumb::Mimetype`).
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .gif: "image/gif"
        }
    }

    /// TIFF's byte-order marks and version: 42 (classic) or 43 (BigTIFF), little- and big-endian.
    static let tiffSignatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
                                            [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]

    /// The extensions a picture folder lists, lower case. (The file's bytes still decide how it is
    /// decoded.)
    public static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif"]

    /// Whether a file name has one of the extensions a picture folder lists
    /// (`pictureExtensions`), in any case.
    public static func isPictureName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return pictureExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether a file whose first bytes are TIFF's is decoded as a TIFF, decided by its name
    /// alone: camera RAW files (DNG, NEF, CR2, ARW, …) are TIFF containers too. The one place
    /// that tells them apart; the RAW decoder (formats-b) returns false here for its extensions.
    static func decodesAsTIFF(name: String) -> Bool {
        true
    }
}
