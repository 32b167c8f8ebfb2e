import CardImaging
import CardPictureFolders

/// Reads EXIF's `DateTimeOriginal` (0x9003) and `SubSecTimeOriginal` (0x9291) from a picture
/// (SPEC §13, `--sort time`): IFD0's EXIF IFD pointer (0x8769), then the EXIF IFD's entries,
/// through the same checked `TIFFStructure` walk `ExifColorSpace` uses — no chain of next-IFD
/// offsets followed, so offsets that loop cannot make it run on, and every offset and count is
/// checked against the bytes there (anything out of bounds: no time).
///
/// Where each format keeps its EXIF, read in bounded pieces through the file layer:
/// - JPEG: the APP1 "Exif\0\0" segment among the first `jpegFirstBytes` (16 KiB), else read
///   once more up to the end of the segment the first read cut (at most `jpegPrefixBytes`,
///   128 KiB: two whole segments' worth, an APP0 or APP2 and a full APP1);
/// - TIFF and TIFF-shaped RAW (DNG, CR2, NEF, ARW, PEF…): the file's own IFD0, read a 4 KiB
///   window at a time (`TIFFSourceBytes`);
/// - PNG: an `eXIf` chunk before the image data, within `pngPrefixBytes`;
/// - WebP: the `EXIF` chunk (at most `exifBytes` of it);
/// - HEIF: the primary image's `Exif` item through libheif (the file read whole, as its probe is).
/// GIF, CR3, RAF, ORF and RW2 have none the viewer reads: the file's mtime is used.
public enum ExifCaptureTime {
    /// Bytes of a JPEG's start read first: the segments before APP1 and a small APP1 (a camera's
    /// is 10–64 KiB with its thumbnail).
    public static let jpegFirstBytes = 16 << 10
    /// The most of a JPEG's start read for its APP1 segment: two whole segments' worth.
    public static let jpegPrefixBytes = 128 << 10
    /// Bytes of a PNG's start walked for its `eXIf` chunk.
    public static let pngPrefixBytes = 256 << 10
    /// The most of a WebP `EXIF` chunk read.
    public static let exifBytes = 256 << 10

    /// The EXIF tags read.
    static let exifPointerTag = 0x8769, dateTimeOriginalTag = 0x9003, subSecTimeOriginalTag = 0x9291

    /// The capture time in an EXIF TIFF structure, `CaptureTime.exifSeconds` of its
    /// `DateTimeOriginal` and `SubSecTimeOriginal`; nil without a readable, valid date.
    /// - Complexity: O(entries of IFD0 and the EXIF IFD), each at most 65,535.
    static func seconds(_ tiff: some TIFFStructure) -> Double? {
        guard let first = tiff.firstIFD, let ifd0 = tiff.entries(ofIFD: first),
              let pointer = ifd0.entries.first(where: { $0.tag == exifPointerTag }), let offset = tiff.integer(pointer),
              let exif = tiff.entries(ofIFD: offset),
              let date = exif.entries.first(where: { $0.tag == dateTimeOriginalTag }),
              let dateBytes = ascii(date, in: tiff, atMost: 20) else { return nil }
        let subSeconds = exif.entries.first(where: { $0.tag == subSecTimeOriginalTag }).flatMap { ascii($0, in: tiff, atMost: 16) }
        return CaptureTime.exifSeconds(dateTime: dateBytes, subSeconds: subSeconds)
    }

    /// The bytes of an ASCII (2) or UNDEFINED (7) entry, at most `limit`: in the value field
    /// itself up to 4 bytes, else at the offset it holds; nil when any is outside the structure.
    static func ascii(_ entry: (tag: Int, type: Int, count: Int, value: Int), in tiff: some TIFFStructure, atMost limit: Int) -> [UInt8]? {
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

    /// The capture time in a JPEG's first bytes: its first APP1 "Exif\0\0" segment wholly inside them.
    static func seconds(jpeg bytes: [UInt8]) -> Double? {
        walk(jpeg: bytes).seconds
    }

    /// The capture time in a JPEG's first bytes, or, when there is none there because a segment
    /// runs past them, how many of the file's first bytes would hold that segment (`more`: the
    /// segment's end, or `jpegPrefixBytes` when its length is not in `bytes`).
    static func walk(jpeg bytes: [UInt8]) -> (seconds: Double?, more: Int?) {
        var found: Double?, exifFound = false, end = 2
        JPEGSegments.forEach(in: bytes, before: bytes.count) { marker, data in
            end = data.upperBound
            guard marker == 0xE1, data.count >= 14, bytes.starts(with: ExifColorSpace.exifSignature, at: data.lowerBound) else { return true }
            exifFound = true
            found = TIFFBytes(bytes, (data.lowerBound + 6)..<data.upperBound).flatMap(seconds)
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

    /// A JPEG's capture time read from `source`: `jpegFirstBytes`, then, when a segment runs
    /// past them, up to its end (at most `jpegPrefixBytes`) once.
    static func seconds(jpegSource source: some ByteSource) -> Double? {
        guard let first = try? PictureDecoder.prefix(of: source, count: jpegFirstBytes) else { return nil }
        let walked = walk(jpeg: first)
        guard walked.seconds == nil, let more = walked.more, first.count < source.count, more > first.count else { return walked.seconds }
        guard let bytes = try? PictureDecoder.prefix(of: source, count: min(more, jpegPrefixBytes)) else { return nil }
        return walk(jpeg: bytes).seconds
    }

    /// The capture time in a PNG's first bytes (`PNGExif`).
    static func seconds(png bytes: [UInt8]) -> Double? {
        guard var range = PNGExif.range(in: bytes) else { return nil }
        // The chunk holds the TIFF structure itself; some writers put "Exif\0\0" first.
        if range.count >= 6, bytes.starts(with: ExifColorSpace.exifSignature, at: range.lowerBound) { range = (range.lowerBound + 6)..<range.upperBound }
        return TIFFBytes(bytes, range).flatMap(seconds)
    }

    /// The capture time in EXIF bytes that hold the TIFF structure itself (a WebP `EXIF` chunk,
    /// a PNG `eXIf`), past an "Exif\0\0" some writers put first.
    static func seconds(exif bytes: [UInt8]) -> Double? {
        let start = bytes.starts(with: ExifColorSpace.exifSignature) ? 6 : 0
        return TIFFBytes(bytes, start..<bytes.count).flatMap(seconds)
    }

    /// The capture time in a HEIF `Exif` item: a 4-byte big-endian offset, then the TIFF
    /// structure that many bytes further on (as `ExifColorSpace.isAdobeRGB(heifExif:)` reads it).
    static func seconds(heifExif bytes: [UInt8]) -> Double? {
        guard bytes.count >= 12 else { return nil }
        let skip = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard skip <= bytes.count - 12 else { return nil }
        return TIFFBytes(bytes, (4 + skip)..<bytes.count).flatMap(seconds)
    }

    /// The EXIF capture time of the picture in `source` (named `name`, for telling RAW from
    /// TIFF), read as described above; nil when its format keeps none, it has none, or reading
    /// fails. Never throws: an unreadable file simply has no EXIF time.
    public static func seconds(source: some ByteSource, name: String) -> Double? {
        guard let signature = try? PictureDecoder.prefix(of: source, count: HEIFSignature.prefixLength) else { return nil }
        switch PictureFormat(signature: signature, name: name) {
        case .jpeg:
            return seconds(jpegSource: source)
        case .png:
            return (try? PictureDecoder.prefix(of: source, count: pngPrefixBytes)).flatMap { seconds(png: $0) }
        case .tiff, .raw:
            return TIFFSourceBytes(source).flatMap(seconds)
        case .webp:
            guard let header = try? WebPHeader.read(source, name: name), let range = header.exif,
                  let bytes = try? PictureDecoder.slice(of: source, range.prefix(exifBytes)) else { return nil }
            return seconds(exif: bytes)
        case .heif:
            guard source.count <= PictureLimits.defaultWholeFileSize,
                  let file = try? HEIFFile(source: source, name: name), let exif = file.exif else { return nil }
            return seconds(heifExif: exif)
        case .gif, nil:
            return nil
        }
    }
}
