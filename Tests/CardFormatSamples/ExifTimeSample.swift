import CardPixels

/// EXIF capture times as cameras write them, built byte by byte (for `--sort time` and
/// `cardviewer list`): a TIFF structure whose IFD0 points (0x8769) to an EXIF IFD holding
/// `DateTimeOriginal` (0x9003, 20 bytes of ASCII at an offset) and, when given,
/// `SubSecTimeOriginal` (0x9291, ASCII, in the entry itself up to 3 digits).
public enum ExifTimeSample {
    /// The TIFF structure (no "Exif\0\0"), little- or big-endian.
    public static func tiff(date: String, subSeconds: String? = nil, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } : (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let exifOffset = 8 + 2 + 12 + 4
        let entryCount = subSeconds == nil ? 1 : 2
        let dateOffset = exifOffset + 2 + 12 * entryCount + 4
        let dateBytes = Array(date.utf8.prefix(19)) + [UInt8](repeating: 0, count: max(0, 20 - min(19, date.utf8.count)))
        var exif = entry(0x9003, 2, 20, u32(dateOffset))
        if let subSeconds {
            let digits = Array(subSeconds.utf8.prefix(3))
            exif += entry(0x9291, 2, digits.count + 1, digits + [0])
        }
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]) + u32(8)
        tiff += u16(1) + entry(0x8769, 4, 1, u32(exifOffset)) + u32(0)
        tiff += u16(entryCount) + exif + u32(0)
        return tiff + dateBytes
    }

    /// An APP1 segment (marker, length, "Exif\0\0", then `tiff`).
    public static func app1(_ tiff: [UInt8]) -> [UInt8] {
        let data: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        return [0xFF, 0xE1, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
    }

    /// A small grey JPEG (32 × 24) with no metadata.
    public static let plainJPEG: [UInt8] = DNGSample.jpegBytes(RGBAImage(width: 32, height: 24, fill: (120, 130, 140, 255)))

    /// `plainJPEG` (or `jpeg`) with an APP1 of `tiff` right after its start-of-image marker.
    public static func jpeg(_ tiff: [UInt8], into jpeg: [UInt8] = plainJPEG) -> [UInt8] {
        Array(jpeg[0..<2]) + app1(tiff) + Array(jpeg[2...])
    }

    /// A JPEG taken at `date` (`YYYY:MM:DD HH:MM:SS`) with `subSeconds`.
    public static func jpeg(date: String, subSeconds: String? = nil) -> [UInt8] {
        jpeg(tiff(date: date, subSeconds: subSeconds))
    }
}
