import CardPictureFolders

/// The picture file formats the viewer reads, recognised by their first bytes (not their name),
/// except camera RAW, which is recognised by its name and its first bytes together
/// (`init(signature:name:)`): most RAW files are TIFF-shaped.
public enum PictureFormat: String, Hashable, Sendable {
    case png
    case jpeg
    /// HEIF stills: HEIC (HEVC) and AVIF (AV1), through libheif.
    case heif
    /// Camera RAW (`RAWFormat.extensions`), through LibRaw: the embedded preview.
    case raw
    /// WebP (RIFF container, lossy VP8 or lossless VP8L; an animation's first frame).
    case webp
    /// TIFF (classic or BigTIFF), the first image.
    case tiff
    /// GIF87a/GIF89a, the first frame.
    case gif

    /// The format whose signature `prefix` starts with: PNG's eight-byte signature; JPEG's
    /// start-of-image marker followed by another marker (FF D8 FF); an ISO-BMFF `ftyp` box
    /// naming a HEIF still brand (`HEIFSignature`); `RIFF` + 4 bytes + `WEBP`; TIFF's `II*\0` /
    /// `MM\0*` (or BigTIFF's `II+\0` / `MM\0+`); `GIF87a` / `GIF89a`. Nil for anything else
    /// (RAW included: it needs the name too, and a TIFF-shaped RAW file reads as TIFF here).
    public init?(signature prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(HEIFSignature.prefixLength))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if HEIFSignature.matches(bytes) {
            self = .heif
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

    /// The format of a file named `name` whose first bytes are `prefix`: RAW when the name has a
    /// RAW extension and the bytes one of the RAW signatures (`RAWFormat.matches`), otherwise
    /// as `init(signature:)` decides. The one place RAW is told from TIFF, JPEG or HEIF: a `.dng`
    /// or `.nef` with TIFF's header is RAW, a `.tif` with it TIFF.
    public init?(signature prefix: some Collection<UInt8>, name: String) {
        if RAWFormat.matches(signature: Array(prefix.prefix(RAWFormat.prefixLength)), name: name) {
            self = .raw
        } else {
            self.init(signature: prefix)
        }
    }

    /// The MIME type a thumbnail of a picture of this format records (`Thumb::Mimetype`): HEIF
    /// stills (AVIF included) as image/heif, camera RAW as shared-mime-info's common parent
    /// image/x-dcraw.
    public var mimeType: String { Self.mimeTypes[self] ?? "application/octet-stream" }

    static let mimeTypes: [PictureFormat: String] = [.png: "image/png", .jpeg: "image/jpeg", .heif: "image/heif", .raw: "image/x-dcraw",
                                                     .webp: "image/webp", .tiff: "image/tiff", .gif: "image/gif"]

    /// TIFF's byte-order marks and version: 42 (classic) or 43 (BigTIFF), little- and big-endian.
    static let tiffSignatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
                                            [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]

    /// Every picture file name extension a folder lists (lowercased).
    public static let extensions: Set<String> = PictureKinds.extensions

    /// Whether a file name has one of the extensions a picture folder lists (`extensions`), in
    /// any case. (The file's bytes still decide how it is decoded.)
    public static func isPictureName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

/// HEIF's signature: an ISO-BMFF file whose first box is `ftyp` (bytes 4–7) with a HEIF still
/// image brand as its major brand (bytes 8–11) or among its compatible brands (from byte 16 to
/// the box's end, within the first `prefixLength` bytes).
public enum HEIFSignature {
    /// The brands of HEIF stills (ISO/IEC 23008-12) and AVIF: heic, heix, hevc, heim, heis, mif1,
    /// msf1, avif, avis.
    public static let brands: Set<String> = ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif", "avis"]
    /// How many first bytes the check reads.
    public static let prefixLength = 64

    /// Whether `prefix` (a file's first bytes) starts with a HEIF `ftyp` box.
    public static func matches(_ prefix: [UInt8]) -> Bool {
        guard prefix.count >= 12, prefix[4..<8].elementsEqual(Array("ftyp".utf8)) else { return false }
        let boxSize = Int(prefix[0]) << 24 | Int(prefix[1]) << 16 | Int(prefix[2]) << 8 | Int(prefix[3])
        func brand(at offset: Int) -> String { String(decoding: prefix[offset..<offset + 4], as: UTF8.self) }
        if brands.contains(brand(at: 8)) { return true }
        var offset = 16
        while offset + 4 <= min(boxSize, prefix.count) {
            if brands.contains(brand(at: offset)) { return true }
            offset += 4
        }
        return false
    }
}

/// Camera RAW files: told by their name's extension and their first bytes together.
public enum RAWFormat {
    /// The RAW extensions a folder lists (lowercased): Canon CR2/CR3, Nikon NEF/NRW, Sony ARW,
    /// Adobe DNG, Olympus ORF, Panasonic RW2, Fujifilm RAF, Pentax PEF, Samsung SRW.
    public static let extensions: Set<String> = PictureKinds.rawExtensions
    /// How many first bytes the check reads.
    public static let prefixLength = 16

    /// Whether `name`'s extension is a RAW one.
    public static func hasRAWExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether a file named `name` starting with `prefix` is a RAW file: a RAW extension, and
    /// a TIFF header (II*\0 or MM\0*: CR2, NEF, NRW, ARW, DNG, PEF, SRW), Olympus's (IIRO, IIRS,
    /// MMOR), Panasonic's (IIU\0), Fujifilm's (FUJIFILMCCD-RAW) or an ISO-BMFF `ftyp` box of
    /// brand `crx ` (CR3).
    public static func matches(signature prefix: [UInt8], name: String) -> Bool {
        guard hasRAWExtension(name) else { return false }
        let signatures: [[UInt8]] = [
            [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], Array("IIRO".utf8), Array("IIRS".utf8),
            Array("MMOR".utf8), [0x49, 0x49, 0x55, 0x00], Array("FUJIFILMCCD-RAW".utf8),
        ]
        if signatures.contains(where: { prefix.starts(with: $0) }) { return true }
        return prefix.count >= 12 && prefix[4..<12].elementsEqual(Array("ftypcrx ".utf8))
    }
}
