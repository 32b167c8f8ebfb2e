/// EXIF camera settings as cameras write them, built byte by byte (for the info panel, SPEC §13):
/// a TIFF structure whose IFD0 holds the given entries (Make, Model…) and a pointer (0x8769) to
/// an EXIF IFD holding the others (ExposureTime, FNumber, ISO, DateTimeOriginal, FocalLength,
/// LensModel…), values longer than 4 bytes in a data area after both directories. Wrap it with
/// `ExifTimeSample.jpeg(_:)` / `app1(_:)` for a JPEG, or write it alone as a TIFF file.
public enum ExifCameraSample {
    /// An entry's value.
    public enum Value: Sendable {
        /// ASCII (2): the text and a NUL.
        case ascii(String)
        /// Raw bytes as ASCII (2), no NUL added (for non-printable or unterminated texts).
        case asciiBytes([UInt8])
        /// RATIONAL (5): numerator / denominator.
        case rational(UInt32, UInt32)
        /// SHORT (3).
        case short(Int)
        /// LONG (4).
        case long(Int)
        /// Any type, count and value field bytes as given (at most 4: no data area), for hostile entries.
        case field(type: Int, count: Int, bytes: [UInt8])
    }

    /// A camera's usual settings: Canon EOS R5 with an RF lens, 1/250 s, f/2.8, ISO 400, 50 mm,
    /// taken 2024:05:01 12:34:56.
    public static let typical: (ifd0: [(Int, Value)], exif: [(Int, Value)]) = (
        [(0x010F, .ascii("Canon")), (0x0110, .ascii("Canon EOS R5"))],
        [(0x829A, .rational(1, 250)), (0x829D, .rational(28, 10)), (0x8827, .short(400)), (0x9003, .ascii("2024:05:01 12:34:56")),
         (0x920A, .rational(50, 1)), (0xA434, .ascii("RF24-70mm F2.8 L IS USM"))]
    )

    /// The TIFF structure (no "Exif\0\0") of `ifd0`'s and `exif`'s entries (the EXIF IFD and
    /// IFD0's pointer to it only when `exif` has entries), little- or big-endian.
    public static func tiff(ifd0: [(Int, Value)] = typical.ifd0, exif: [(Int, Value)] = typical.exif, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } : (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        let ifd0Count = ifd0.count + (exif.isEmpty ? 0 : 1)
        let exifOffset = 8 + 2 + 12 * ifd0Count + 4
        let dataOffset = exifOffset + (exif.isEmpty ? 0 : 2 + 12 * exif.count + 4)
        var data: [UInt8] = []
        /// The 12 bytes of an entry; its value in the data area when longer than 4 bytes.
        func entry(_ tag: Int, _ value: Value) -> [UInt8] {
            let type: Int, count: Int, bytes: [UInt8]
            switch value {
            case .ascii(let text): (type, count, bytes) = (2, text.utf8.count + 1, Array(text.utf8) + [0])
            case .asciiBytes(let raw): (type, count, bytes) = (2, raw.count, raw)
            case .rational(let n, let d): (type, count, bytes) = (5, 1, u32(Int(n)) + u32(Int(d)))
            case .short(let v): (type, count, bytes) = (3, 1, u16(v))
            case .long(let v): (type, count, bytes) = (4, 1, u32(v))
            case .field(let t, let c, let raw): return u16(tag) + u16(t) + u32(c) + raw.prefix(4) + [UInt8](repeating: 0, count: 4 - min(4, raw.count))
            }
            if bytes.count <= 4 { return u16(tag) + u16(type) + u32(count) + bytes + [UInt8](repeating: 0, count: 4 - bytes.count) }
            let at = dataOffset + data.count
            data += bytes
            if data.count % 2 == 1 { data.append(0) }  // values start on word boundaries
            return u16(tag) + u16(type) + u32(count) + u32(at)
        }
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]) + u32(8)
        tiff += u16(ifd0Count)
        for (tag, value) in ifd0 { tiff += entry(tag, value) }
        if !exif.isEmpty { tiff += entry(0x8769, .long(exifOffset)) }
        tiff += u32(0)
        if !exif.isEmpty {
            tiff += u16(exif.count)
            for (tag, value) in exif { tiff += entry(tag, value) }
            tiff += u32(0)
        }
        return tiff + data
    }

    /// A small grey JPEG (`ExifTimeSample.plainJPEG`) carrying `tiff` in its APP1.
    public static func jpeg(_ tiff: [UInt8] = tiff()) -> [UInt8] {
        ExifTimeSample.jpeg(tiff)
    }
}
