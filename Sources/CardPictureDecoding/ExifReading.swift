import CardImaging

/// Finds a picture's EXIF TIFF structure in bounded reads through the file layer and hands it to
/// a reader (`ExifCaptureTime`, `ExifCameraSettings`): one place that knows where each format
/// keeps its EXIF.
/// - JPEG: the APP1 "Exif\0\0" segment among the first `jpegFirstBytes` (16 KiB), else read
///   once more up to the end of the segment the first read cut (at most `jpegPrefixBytes`,
///   128 KiB: two whole segments' worth, an APP0 or APP2 and a full APP1);
/// - TIFF and TIFF-shaped RAW (DNG, CR2, NEF, ARW, PEF…): the file's own IFD0, read a 4 KiB
///   window at a time (`TIFFSourceBytes`);
/// - PNG: an `eXIf` chunk before the image data, within `pngPrefixBytes`;
/// - WebP: the `EXIF` chunk (at most `exifBytes` of it);
/// - HEIF: the primary image's `Exif` item through libheif (the file read whole, as its probe is).
/// GIF, CR3, RAF, ORF and RW2 have none the viewer reads.
///
/// The reader gets the structure with every offset checked (`TIFFStructure`); what it makes of
/// it is its own (nil: nothing). Never throws: an unreadable file has no EXIF.
enum ExifReading {
    /// Bytes of a JPEG's start read first: the segments before APP1 and a small APP1 (a camera's
    /// is 10–64 KiB with its thumbnail).
    static let jpegFirstBytes = 16 << 10
    /// The most of a JPEG's start read for its APP1 segment: two whole segments' worth.
    static let jpegPrefixBytes = 128 << 10
    /// Bytes of a PNG's start walked for its `eXIf` chunk.
    static let pngPrefixBytes = 256 << 10
    /// The most of a WebP `EXIF` chunk read.
    static let exifBytes = 256 << 10

    /// What `body` makes of the EXIF of the picture in `source` (named `name`, for telling RAW
    /// from TIFF), read as described above; nil when its format keeps none, it has none, or
    /// reading fails.
    static func read<T>(source: some ByteSource, name: String, _ body: (any TIFFStructure) -> T?) -> T? {
        guard let signature = try? PictureDecoder.prefix(of: source, count: HEIFSignature.prefixLength) else { return nil }
        switch PictureFormat(signature: signature, name: name) {
        case .jpeg:
            return read(jpegSource: source, body)
        case .png:
            return (try? PictureDecoder.prefix(of: source, count: pngPrefixBytes)).flatMap { read(png: $0, body) }
        case .tiff, .raw:
            return TIFFSourceBytes(source).flatMap { body($0) }
        case .webp:
            guard let header = try? WebPHeader.read(source, name: name), let range = header.exif,
                  let bytes = try? PictureDecoder.slice(of: source, range.prefix(exifBytes)) else { return nil }
            return read(exif: bytes, body)
        case .heif:
            guard source.count <= PictureLimits.defaultWholeFileSize,
                  let file = try? HEIFFile(source: source, name: name), let exif = file.exif else { return nil }
            return read(heifExif: exif, body)
        case .gif, nil:
            return nil
        }
    }

    /// What `body` makes of the first APP1 "Exif\0\0" segment wholly inside a JPEG's first
    /// bytes, or, when there is none there because a segment runs past them, how many of the
    /// file's first bytes would hold that segment (`more`: the segment's end, or
    /// `jpegPrefixBytes` when its length is not in `bytes`).
    static func walk<T>(jpeg bytes: [UInt8], _ body: (any TIFFStructure) -> T?) -> (value: T?, more: Int?) {
        var found: T?, exifFound = false, end = 2
        JPEGSegments.forEach(in: bytes, before: bytes.count) { marker, data in
            end = data.upperBound
            guard marker == 0xE1, data.count >= 14, bytes.starts(with: ExifColorSpace.exifSignature, at: data.lowerBound) else { return true }
            exifFound = true
            found = TIFFBytes(bytes, (data.lowerBound + 6)..<data.upperBound).flatMap { body($0) }
            return false
        }
        guard !exifFound, bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return (found, nil) }
        // Where the walk stopped: the next marker after the last whole segment (as the walk skips
        // stray and fill bytes). A scan or the image's end: no EXIF. Else the segment there was cut.
        var offset = end
        while offset < bytes.count, bytes[offset] != 0xFF { offset += 1 }
        while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
        if offset < bytes.count, bytes[offset] == 0xDA || bytes[offset] == 0xD9 { return (nil, nil) }
        guard offset + 2 < bytes.count else { return (nil, jpegPrefixBytes) }
        // A cut APP1 is read to its end; another cut segment (a large APP2, a comment) with the
        // most read, where an APP1 after it can still be whole.
        guard bytes[offset] == 0xE1 else { return (nil, jpegPrefixBytes) }
        let length = Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
        return (nil, offset + 1 + length)
    }

    /// A JPEG's EXIF read from `source`: `jpegFirstBytes`, then, when a segment runs past them,
    /// up to its end (at most `jpegPrefixBytes`) once.
    static func read<T>(jpegSource source: some ByteSource, _ body: (any TIFFStructure) -> T?) -> T? {
        guard let first = try? PictureDecoder.prefix(of: source, count: jpegFirstBytes) else { return nil }
        let walked = walk(jpeg: first, body)
        guard walked.value == nil, let more = walked.more, first.count < source.count, more > first.count else { return walked.value }
        guard let bytes = try? PictureDecoder.prefix(of: source, count: min(more, jpegPrefixBytes)) else { return nil }
        return walk(jpeg: bytes, body).value
    }

    /// A PNG's EXIF in its first bytes (`PNGExif`).
    static func read<T>(png bytes: [UInt8], _ body: (any TIFFStructure) -> T?) -> T? {
        guard var range = PNGExif.range(in: bytes) else { return nil }
        // The chunk holds the TIFF structure itself; some writers put "Exif\0\0" first.
        if range.count >= 6, bytes.starts(with: ExifColorSpace.exifSignature, at: range.lowerBound) { range = (range.lowerBound + 6)..<range.upperBound }
        return TIFFBytes(bytes, range).flatMap { body($0) }
    }

    /// EXIF bytes that hold the TIFF structure itself (a WebP `EXIF` chunk, a PNG `eXIf`), past
    /// an "Exif\0\0" some writers put first.
    static func read<T>(exif bytes: [UInt8], _ body: (any TIFFStructure) -> T?) -> T? {
        let start = bytes.starts(with: ExifColorSpace.exifSignature) ? 6 : 0
        return TIFFBytes(bytes, start..<bytes.count).flatMap { body($0) }
    }

    /// A HEIF `Exif` item: a 4-byte big-endian offset, then the TIFF structure that many bytes
    /// further on (as `ExifColorSpace.isAdobeRGB(heifExif:)` reads it).
    static func read<T>(heifExif bytes: [UInt8], _ body: (any TIFFStructure) -> T?) -> T? {
        guard bytes.count >= 12 else { return nil }
        let skip = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard skip <= bytes.count - 12 else { return nil }
        return TIFFBytes(bytes, (4 + skip)..<bytes.count).flatMap { body($0) }
    }

    /// The entries of a structure's IFD0 and, when IFD0 points to one (0x8769), its EXIF IFD; nil
    /// without a readable IFD0. No chain of next-IFD offsets is followed, so offsets that loop
    /// cannot make a reader run on.
    /// - Complexity: O(entries of both), each at most 65,535.
    static func directories(_ tiff: some TIFFStructure) -> (ifd0: [TIFFEntry], exif: [TIFFEntry])? {
        guard let first = tiff.firstIFD, let ifd0 = tiff.entries(ofIFD: first) else { return nil }
        guard let pointer = ifd0.entries.first(where: { $0.tag == 0x8769 }), let offset = tiff.integer(pointer),
              let exif = tiff.entries(ofIFD: offset) else { return (ifd0.entries, []) }
        return (ifd0.entries, exif.entries)
    }

    /// The bytes of an ASCII (2) or UNDEFINED (7) entry, at most `limit`: in the value field
    /// itself up to 4 bytes, else at the offset it holds; nil when any is outside the structure.
    static func ascii(_ entry: TIFFEntry, in tiff: some TIFFStructure, atMost limit: Int) -> [UInt8]? {
        guard entry.type == 2 || entry.type == 7, entry.count >= 1 else { return nil }
        let count = min(entry.count, limit)
        guard let start = entry.count <= 4 ? entry.value : tiff.read(entry.value, 4) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for index in 0..<count {
            guard let byte = tiff.read(start + index, 1) else { return nil }
            bytes.append(UInt8(byte))
        }
        return bytes
    }

    /// The first value of a RATIONAL (5) entry: two unsigned 32-bit integers (numerator,
    /// denominator) at the offset its value field holds; nil for another type or any read outside
    /// the structure. A zero denominator is returned as read: the caller decides.
    static func rational(_ entry: TIFFEntry, in tiff: some TIFFStructure) -> (numerator: UInt32, denominator: UInt32)? {
        guard entry.type == 5, entry.count >= 1, let offset = tiff.read(entry.value, 4),
              let numerator = tiff.read(offset, 4), let denominator = tiff.read(offset + 4, 4) else { return nil }
        return (UInt32(truncatingIfNeeded: numerator), UInt32(truncatingIfNeeded: denominator))
    }
}

/// One IFD entry (`TIFFStructure.entries(ofIFD:)`): its tag, type, count, and the offset of its
/// value field (bytes from the header).
typealias TIFFEntry = (tag: Int, type: Int, count: Int, value: Int)
