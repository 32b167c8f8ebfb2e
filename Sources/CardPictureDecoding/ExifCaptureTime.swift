import CardImaging
import CardPictureFolders

/// Reads EXIF's `DateTimeOriginal` (0x9003) and `SubSecTimeOriginal` (0x9291) from a picture
/// (SPEC §13, `--sort time`): IFD0's EXIF IFD pointer (0x8769), then the EXIF IFD's entries,
/// through the same checked `TIFFStructure` walk `ExifColorSpace` uses — no chain of next-IFD
/// offsets followed, so offsets that loop cannot make it run on, and every offset and count is
/// checked against the bytes there (anything out of bounds: no time).
///
/// Where each format keeps its EXIF, and how much of a file is read for it: `ExifReading`
/// (shared with `ExifCameraSettings`). GIF, CR3, RAF, ORF and RW2 have none the viewer reads:
/// the file's mtime is used.
public enum ExifCaptureTime {
    /// Bytes of a JPEG's start read first (`ExifReading.jpegFirstBytes`).
    public static let jpegFirstBytes = ExifReading.jpegFirstBytes
    /// The most of a JPEG's start read for its APP1 segment (`ExifReading.jpegPrefixBytes`).
    public static let jpegPrefixBytes = ExifReading.jpegPrefixBytes
    /// Bytes of a PNG's start walked for its `eXIf` chunk (`ExifReading.pngPrefixBytes`).
    public static let pngPrefixBytes = ExifReading.pngPrefixBytes
    /// The most of a WebP `EXIF` chunk read (`ExifReading.exifBytes`).
    public static let exifBytes = ExifReading.exifBytes

    /// The EXIF tags read.
    static let exifPointerTag = 0x8769, dateTimeOriginalTag = 0x9003, subSecTimeOriginalTag = 0x9291

    /// The capture time in an EXIF TIFF structure, `CaptureTime.exifSeconds` of its
    /// `DateTimeOriginal` and `SubSecTimeOriginal`; nil without a readable, valid date.
    /// - Complexity: O(entries of IFD0 and the EXIF IFD), each at most 65,535.
    static func seconds(_ tiff: some TIFFStructure) -> Double? {
        guard let exif = ExifReading.directories(tiff)?.exif,
              let date = exif.first(where: { $0.tag == dateTimeOriginalTag }),
              let dateBytes = ExifReading.ascii(date, in: tiff, atMost: 20) else { return nil }
        let subSeconds = exif.first(where: { $0.tag == subSecTimeOriginalTag }).flatMap { ExifReading.ascii($0, in: tiff, atMost: 16) }
        return CaptureTime.exifSeconds(dateTime: dateBytes, subSeconds: subSeconds)
    }

    /// The capture time in a JPEG's first bytes: its first APP1 "Exif\0\0" segment wholly inside them.
    static func seconds(jpeg bytes: [UInt8]) -> Double? {
        walk(jpeg: bytes).seconds
    }

    /// The capture time in a JPEG's first bytes, or how many of the file's first bytes would
    /// hold the segment they cut (`ExifReading.walk(jpeg:_:)`).
    static func walk(jpeg bytes: [UInt8]) -> (seconds: Double?, more: Int?) {
        let walked = ExifReading.walk(jpeg: bytes) { seconds($0) }
        return (walked.value, walked.more)
    }

    /// The capture time in EXIF bytes that hold the TIFF structure itself (a WebP `EXIF` chunk,
    /// a PNG `eXIf`), past an "Exif\0\0" some writers put first.
    static func seconds(exif bytes: [UInt8]) -> Double? {
        ExifReading.read(exif: bytes) { seconds($0) }
    }

    /// The EXIF capture time of the picture in `source` (named `name`, for telling RAW from
    /// TIFF), read in bounded pieces (`ExifReading`); nil when its format keeps none, it has
    /// none, or reading fails. Never throws: an unreadable file simply has no EXIF time.
    public static func seconds(source: some ByteSource, name: String) -> Double? {
        ExifReading.read(source: source, name: name) { seconds($0) }
    }
}
