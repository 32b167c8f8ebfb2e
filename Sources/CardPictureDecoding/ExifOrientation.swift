/// Reads the Orientation tag (0x0112) from a JPEG's APP1 Exif segment: a TIFF header in either
/// byte order ("II" little-endian, "MM" big-endian), then IFD0's 12-byte entries. Every offset
/// and count is checked against the segment's bytes; anything out of bounds or malformed means
/// "no orientation", never a trap.
enum ExifOrientation {
    /// The orientation in the APP1 segment whose data is `data` within `bytes`, or nil when the
    /// segment is not Exif, has no valid IFD0, or no Orientation tag with a value 1…8.
    /// - Complexity: O(IFD0 entries), at most (segment length − 10) / 12.
    static func orientation(inAPP1 bytes: [UInt8], _ data: Range<Int>) -> PictureOrientation? {
        // "Exif\0\0", then the TIFF structure; its offsets count from the TIFF header. The
        // signature must lie inside the segment, not run on into the bytes after it (found by
        // fuzzing: an empty APP1 followed by "Exif\0\0" made an inverted range and trapped).
        guard data.count >= 6, bytes.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0], at: data.lowerBound) else { return nil }
        let tiff = (data.lowerBound + 6)..<data.upperBound
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[tiff.lowerBound], bytes[tiff.lowerBound + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        /// The unsigned integer of `width` bytes at `offset` from the TIFF header, if inside it.
        func read(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, width <= tiff.count, offset <= tiff.count - width else { return nil }
            var value = 0
            for i in 0..<width {
                let byte = Int(bytes[tiff.lowerBound + offset + (littleEndian ? width - 1 - i : i)])
                value = value << 8 | byte
            }
            return value
        }
        guard read(2, 2) == 42, let ifd = read(4, 4), let entryCount = read(ifd, 2) else { return nil }
        // Only entries wholly inside the segment are read.
        let readable = min(entryCount, max(0, (tiff.count - ifd - 2) / 12))
        for index in 0..<readable {
            let entry = ifd + 2 + index * 12
            guard read(entry, 2) == 0x0112, let type = read(entry + 2, 2), let count = read(entry + 4, 4), count >= 1 else {
                continue
            }
            // SHORT (3) as the standard says; LONG (4) from a few writers. Values fit in the entry.
            let value: Int? = switch type {
            case 3: read(entry + 8, 2)
            case 4: read(entry + 8, 4)
            default: nil
            }
            return value.flatMap { PictureOrientation(rawValue: $0) }
        }
        return nil
    }
}
