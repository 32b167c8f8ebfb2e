/// The marker segments of a JPEG file before its first scan, walked as `JPEGHeader.scan` walks
/// them (fill and stray bytes skipped), every length checked against the bytes there: what the
/// ICC profile and embedded-preview readers look through.
enum JPEGSegments {
    /// Calls `body` with each segment's marker and the range of its data (after the 2-byte
    /// length) in `bytes`, from the start-of-image marker up to `end` (the first scan's offset,
    /// `JPEGHeader.scanOffset`), stopping early when `body` returns false or the bytes break
    /// the marker syntax.
    /// - Complexity: O(number of segments).
    static func forEach(in bytes: [UInt8], before end: Int, _ body: (UInt8, Range<Int>) -> Bool) {
        let end = min(end, bytes.count)
        guard end >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var offset = 2
        while offset < end {
            while offset < end, bytes[offset] != 0xFF { offset += 1 }
            while offset < end, bytes[offset] == 0xFF { offset += 1 }
            guard offset < end else { return }
            let marker = bytes[offset]
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD7: continue
            case 0xD8, 0xD9, 0xDA: return
            default: break
            }
            guard end - offset >= 2 else { return }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2, end - offset >= length else { return }
            guard body(marker, (offset + 2)..<(offset + length)) else { return }
            offset += length
        }
    }
}

/// A TIFF structure (EXIF's, MPF's, or a TIFF file's own) read with every offset checked:
/// unsigned integers at offsets from its header's start, nil for anything outside it. What
/// `ExifColorSpace` and the embedded-preview readers walk (`TIFFBytes` in memory,
/// `TIFFSourceBytes` from a file).
protocol TIFFStructure {
    /// Bytes from the header's start to the structure's end.
    var size: Int { get }
    /// The unsigned integer of `width` bytes (1 to 4) at `offset` bytes from the header, in the
    /// header's byte order, if wholly inside `size` (and readable).
    func read(_ offset: Int, _ width: Int) -> Int?
}

extension TIFFStructure {
    /// The offset of the first IFD, bytes from the header.
    var firstIFD: Int? { read(4, 4) }

    /// The entries of the IFD at `offset` wholly inside the structure: (tag, type, count, the
    /// offset of the entry's value field), and the offset of the next IFD (0 when none).
    /// - Complexity: O(entries), at most 65,535 (the count is 2 bytes).
    func entries(ofIFD offset: Int) -> (entries: [(tag: Int, type: Int, count: Int, value: Int)], next: Int)? {
        guard let count = read(offset, 2) else { return nil }
        let readable = min(count, max(0, (size - offset - 2) / 12))
        var found: [(tag: Int, type: Int, count: Int, value: Int)] = []
        found.reserveCapacity(readable)
        for index in 0..<readable {
            let entry = offset + 2 + index * 12
            guard let tag = read(entry, 2), let type = read(entry + 2, 2), let n = read(entry + 4, 4) else { break }
            found.append((tag, type, n, entry + 8))
        }
        return (found, read(offset + 2 + count * 12, 4) ?? 0)
    }

    /// An entry's first value as an integer (SHORT or LONG; a SHORT sits in the field's first bytes).
    func integer(_ entry: (tag: Int, type: Int, count: Int, value: Int)) -> Int? {
        switch entry.type {
        case 3: read(entry.value, 2)
        case 4: read(entry.value, 4)
        default: nil
        }
    }
}

/// A TIFF structure (EXIF's and MPF's) inside a byte range in memory: the byte order from its
/// header, offsets counted from the header's start.
struct TIFFBytes: TIFFStructure {
    let bytes: [UInt8]
    /// Where the TIFF header and everything its offsets count from lie in `bytes`.
    let range: Range<Int>
    let littleEndian: Bool

    /// The structure starting at `range.lowerBound`: nil unless it begins with "II*\0" or "MM\0*".
    init?(_ bytes: [UInt8], _ range: Range<Int>) {
        guard range.count >= 8, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        switch (bytes[range.lowerBound], bytes[range.lowerBound + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
        self.range = range
        guard read(2, 2) == 42 else { return nil }
    }

    var size: Int { range.count }

    /// The unsigned integer of `width` bytes at `offset` from the header, if inside the range.
    func read(_ offset: Int, _ width: Int) -> Int? {
        guard offset >= 0, width <= range.count, offset <= range.count - width else { return nil }
        var value = 0
        for i in 0..<width {
            value = value << 8 | Int(bytes[range.lowerBound + offset + (littleEndian ? width - 1 - i : i)])
        }
        return value
    }
}
