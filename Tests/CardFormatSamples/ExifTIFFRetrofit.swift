import CardPixels

/// EXIF colour-space tags added to a TIFF file that has none, as camera converters and
/// `exiftool -ColorSpace=… -InteropIndex=R03` leave them: any TIFF (the project's libtiff-written
/// ones from `TIFFEncoder`, strips or tiles, any compression, or `plain`) gets a copy of its IFD0
/// appended with one more entry, the EXIF IFD pointer (34665), followed by an EXIF IFD holding
/// `ColorSpace` (0xA001, SHORT) and the Interoperability IFD pointer (0xA005, LONG), and that
/// Interoperability IFD holding `InteropIndex` (0x0001, ASCII, 4 bytes in the entry itself);
/// the header's first-IFD offset then points at the copy. Every other entry keeps its values
/// and offsets, so the pixels libtiff reads are the same bytes. Little- or big-endian, as the
/// file is.
public enum ExifTIFFRetrofit {
    /// `tiff` with the EXIF IFD and Interoperability IFD added (see the type's description):
    /// `colorSpace` 1 (sRGB) or 0xFFFF (uncalibrated), `interopIndex` "R03" (Adobe RGB) or "R98"
    /// (sRGB), its first 3 characters written. Nil when `tiff` is not a classic TIFF whose IFD0
    /// lies wholly inside it, or already has an EXIF IFD.
    public static func adding(to tiff: [UInt8], colorSpace: Int = 0xFFFF, interopIndex: String = "R03") -> [UInt8]? {
        guard tiff.count >= 8 else { return nil }
        let big: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): big = false
        case (0x4D, 0x4D): big = true
        default: return nil
        }
        func read(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= tiff.count else { return nil }
            return (0..<width).reduce(0) { $0 << 8 | Int(tiff[offset + (big ? $1 : width - 1 - $1)]) }
        }
        func bytes(_ value: Int, _ width: Int) -> [UInt8] {
            (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (big ? width - 1 - $0 : $0))) }
        }
        guard read(2, 2) == 42, let ifd0 = read(4, 4), let count = read(ifd0, 2),
              let next = read(ifd0 + 2 + 12 * count, 4) else { return nil }
        var entries = (0..<count).map { Array(tiff[(ifd0 + 2 + 12 * $0)..<(ifd0 + 14 + 12 * $0)]) }
        let tags = entries.map { Int(big ? $0[0] : $0[1]) << 8 | Int(big ? $0[1] : $0[0]) }
        guard !tags.contains(0x8769) else { return nil }

        var out = tiff + [UInt8](repeating: 0, count: tiff.count % 2)  // IFDs start on a word boundary
        let newIFD0 = out.count
        let exifIFD = newIFD0 + 2 + 12 * (count + 1) + 4
        let interopIFD = exifIFD + 2 + 2 * 12 + 4
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            bytes(tag, 2) + bytes(type, 2) + bytes(count, 4) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        // IFD0's entries stay sorted by tag, as TIFF requires.
        entries.insert(entry(0x8769, 4, 1, bytes(exifIFD, 4)), at: tags.firstIndex { $0 > 0x8769 } ?? count)
        out += bytes(count + 1, 2) + entries.joined() + bytes(next, 4)
        out += bytes(2, 2) + entry(0xA001, 3, 1, bytes(colorSpace, 2)) + entry(0xA005, 4, 1, bytes(interopIFD, 4)) + bytes(0, 4)
        out += bytes(1, 2) + entry(0x0001, 2, 4, Array(interopIndex.utf8.prefix(3)) + [0]) + bytes(0, 4)
        out.replaceSubrange(4..<8, with: bytes(newIFD0, 4))
        return out
    }

    /// `image`'s colour (alpha dropped) as an uncompressed 8-bit RGB TIFF in one strip, written
    /// byte by byte in either byte order (libtiff writes the machine's own, little-endian here).
    public static func plain(_ image: RGBAImage, bigEndian: Bool) -> [UInt8] {
        func bytes(_ value: Int, _ width: Int) -> [UInt8] {
            (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (bigEndian ? width - 1 - $0 : $0))) }
        }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            bytes(tag, 2) + bytes(type, 2) + bytes(1, 4) + (type == 3 ? bytes(value, 2) + [0, 0] : bytes(value, 4))
        }
        let dataOffset = 8 + 2 + 12 * 9 + 4
        var out: [UInt8] = (bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]) + bytes(8, 4) + bytes(9, 2)
        out += entry(256, 4, image.width) + entry(257, 4, image.height) + entry(258, 3, 8) + entry(259, 3, 1) + entry(262, 3, 2)
        out += entry(273, 4, dataOffset) + entry(277, 3, 3) + entry(278, 4, image.height) + entry(279, 4, image.width * image.height * 3)
        out += bytes(0, 4)
        for index in 0..<(image.width * image.height) { out += image.pixels[(index * 4)..<(index * 4 + 3)] }
        return out
    }
}
