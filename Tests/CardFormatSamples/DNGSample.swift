import CTurboJPEG
import CardPixels

/// Minimal DNG files written byte by byte for tests and fuzz seeds, as LibRaw reads them: a
/// little-endian TIFF whose IFD0 holds the preview (NewSubFileType 1: a JPEG strip, 3 samples)
/// and a SubIFD the raw image (NewSubFileType 0: a 16-bit RGGB colour-filter-array strip,
/// uncompressed); DNGVersion 1.4, Make, Model, Orientation in both.
public enum DNGSample {
    /// A DNG whose raw image is `rawSize` photosites (at least 22 a side, LibRaw's minimum) of
    /// `level` (0–4095 of a 12-bit white level) and, when `preview` is given, whose preview is
    /// that picture as a JPEG; `orientation` is the EXIF orientation (1–8) of both. A
    /// `declaredRawSize` puts another size in the raw IFD than the data holds (a size bomb).
    /// `rawPattern`, when given, is each photosite's level instead (column, row).
    public static func make(preview: RGBAImage?, rawWidth: Int = 64, rawHeight: Int = 48, level: UInt16 = 1000,
                            orientation: UInt16 = 1, declaredRawSize: (width: UInt32, height: UInt32)? = nil,
                            rawPattern: ((Int, Int) -> UInt16)? = nil) -> [UInt8] {
        let jpeg = preview.map { jpegBytes($0) } ?? []
        var raw = [UInt8]()
        raw.reserveCapacity(rawWidth * rawHeight * 2)
        for index in 0..<(rawWidth * rawHeight) {
            let value = rawPattern?(index % rawWidth, index / rawWidth) ?? level
            raw += [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        let ifdSpace = 1024
        let firstIFD = 8, rawIFD = firstIFD + ifdSpace
        let jpegOffset = rawIFD + ifdSpace
        let rawOffset = jpegOffset + jpeg.count + jpeg.count % 2
        let rawWidth32 = declaredRawSize?.width ?? UInt32(rawWidth), rawHeight32 = declaredRawSize?.height ?? UInt32(rawHeight)
        let common: [Entry] = [
            Entry(0x10F, ascii: "Canon"), Entry(0x110, ascii: "Test Camera"), Entry(0x112, short: orientation),
            Entry(0xC612, type: 1, count: 4, bytes: [1, 4, 0, 0]), Entry(0xC614, ascii: "Test Camera"),
        ]
        let rawEntries: [Entry] = [
            Entry(0xFE, long: 0), Entry(0x100, long: rawWidth32), Entry(0x101, long: rawHeight32), Entry(0x102, short: 16),
            Entry(0x103, short: 1), Entry(0x106, short: 32803), Entry(0x111, long: UInt32(rawOffset)), Entry(0x115, short: 1),
            Entry(0x116, long: rawHeight32), Entry(0x117, long: UInt32(raw.count)),
            Entry(0x828D, type: 3, count: 2, bytes: [2, 0, 2, 0]), Entry(0x828E, type: 1, count: 4, bytes: [0, 1, 1, 2]),
            Entry(0xC61D, long: 4095),
        ]
        let first: [Entry]
        if let preview {
            first = common + [
                Entry(0xFE, long: 1), Entry(0x100, long: UInt32(preview.width)), Entry(0x101, long: UInt32(preview.height)),
                Entry(0x102, type: 3, count: 3, bytes: [8, 0, 8, 0, 8, 0]), Entry(0x103, short: 7), Entry(0x106, short: 6),
                Entry(0x111, long: UInt32(jpegOffset)), Entry(0x115, short: 3), Entry(0x116, long: UInt32(preview.height)),
                Entry(0x117, long: UInt32(jpeg.count)), Entry(0x14A, long: UInt32(rawIFD)),
            ]
        } else {
            first = common + rawEntries  // the raw image in IFD0 itself
        }
        var file: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(UInt32(firstIFD))
        file += pad(ifd(first, at: firstIFD), to: ifdSpace)
        file += pad(preview == nil ? [] : ifd(rawEntries, at: rawIFD), to: ifdSpace)
        file += jpeg + [UInt8](repeating: 0, count: jpeg.count % 2)
        return file + raw
    }

    /// One TIFF directory entry: its tag, type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG), count and
    /// value bytes (little-endian).
    struct Entry {
        var tag: UInt16, type: UInt16, count: UInt32, bytes: [UInt8]
        init(_ tag: UInt16, type: UInt16, count: UInt32, bytes: [UInt8]) {
            self.tag = tag; self.type = type; self.count = count; self.bytes = bytes
        }
        init(_ tag: UInt16, short value: UInt16) { self.init(tag, type: 3, count: 1, bytes: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
        init(_ tag: UInt16, long value: UInt32) { self.init(tag, type: 4, count: 1, bytes: DNGSample.le32(value)) }
        init(_ tag: UInt16, ascii text: String) {
            let bytes = Array(text.utf8) + [0]
            self.init(tag, type: 2, count: UInt32(bytes.count), bytes: bytes)
        }
    }

    /// A directory at file offset `offset`: the entries in tag order, no next directory, and
    /// the values longer than four bytes after it.
    static func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var head = [UInt8(sorted.count & 0xFF), UInt8(sorted.count >> 8)], tail = [UInt8]()
        let tailStart = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            head += [UInt8(entry.tag & 0xFF), UInt8(entry.tag >> 8), UInt8(entry.type), 0] + le32(entry.count)
            if entry.bytes.count <= 4 {
                head += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
            } else {
                head += le32(UInt32(tailStart + tail.count))
                tail += entry.bytes + [UInt8](repeating: 0, count: entry.bytes.count % 2)
            }
        }
        return head + le32(0) + tail
    }

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }

    static func pad(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        precondition(bytes.count <= length)
        return bytes + [UInt8](repeating: 0, count: length - bytes.count)
    }

    /// `image` as a baseline JPEG (TurboJPEG, 4:4:4, quality 95).
    public static func jpegBytes(_ image: RGBAImage) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue), &output,
                        &size, Int32(TJSAMP_444.rawValue), 95, 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
