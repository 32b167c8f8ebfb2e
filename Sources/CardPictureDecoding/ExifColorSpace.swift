import CardImaging

/// The colour space a file's EXIF data declares when it embeds no ICC profile: cameras set to
/// Adobe RGB (Canon, Nikon, Sony, Fujifilm) write no profile, only EXIF's `ColorSpace` tag
/// (0xA001) = 0xFFFF "uncalibrated" and, in the Interoperability IFD (0xA005), `InteropIndex`
/// (0x0001) = "R03" (DCF's "Adobe RGB" option file); sRGB files say `ColorSpace` 1 and "R98".
///
/// Read with every offset checked (`TIFFStructure`): anything out of bounds or malformed means
/// "not Adobe RGB", never a trap. The walk is IFD0 → EXIF IFD → Interoperability IFD, no chain
/// of next-IFD offsets followed, so offsets that loop cannot make it run on.
enum ExifColorSpace {
    /// EXIF's `InteropIndex` for DCF's Adobe RGB option.
    static let adobeRGBIndex: [UInt8] = Array("R03".utf8)

    /// Whether the EXIF TIFF structure `tiff` says Adobe RGB (1998): `InteropIndex` "R03" and a
    /// `ColorSpace` other than 1 (0xFFFF "uncalibrated", or absent). `ColorSpace` 1 (sRGB) wins.
    /// - Complexity: O(entries of IFD0, the EXIF IFD and the Interoperability IFD).
    static func isAdobeRGB(_ tiff: some TIFFStructure) -> Bool {
        guard let first = tiff.firstIFD, let ifd0 = tiff.entries(ofIFD: first),
              let exifEntry = ifd0.entries.first(where: { $0.tag == 0x8769 }), let exifOffset = tiff.integer(exifEntry),
              let exif = tiff.entries(ofIFD: exifOffset) else { return false }
        if let colorSpace = exif.entries.first(where: { $0.tag == 0xA001 }), tiff.integer(colorSpace) == 1 { return false }
        guard let interopEntry = exif.entries.first(where: { $0.tag == 0xA005 }), let interopOffset = tiff.integer(interopEntry),
              let interop = tiff.entries(ofIFD: interopOffset),
              let index = interop.entries.first(where: { $0.tag == 0x0001 }),
              index.type == 2 || index.type == 7, index.count >= 3 else { return false }
        // ASCII (or UNDEFINED) "R03\0": in the value field itself up to 4 bytes, else at its offset.
        guard let start = index.count <= 4 ? index.value : tiff.read(index.value, 4) else { return false }
        for (offset, expected) in adobeRGBIndex.enumerated() where tiff.read(start + offset, 1) != Int(expected) {
            return false
        }
        return true
    }

    /// Whether a JPEG's APP1 Exif segment before `end` (the first scan's offset) says Adobe RGB.
    static func isAdobeRGB(jpeg bytes: [UInt8], before end: Int) -> Bool {
        var found = false
        JPEGSegments.forEach(in: bytes, before: end) { marker, data in
            guard marker == 0xE1, data.count >= 14, bytes.starts(with: exifSignature, at: data.lowerBound) else { return true }
            if let tiff = TIFFBytes(bytes, (data.lowerBound + 6)..<data.upperBound) { found = isAdobeRGB(tiff) }
            return false
        }
        return found
    }

    /// Whether a HEIF `Exif` item's bytes say Adobe RGB: a 4-byte big-endian offset, then the
    /// TIFF structure that many bytes further on (past an "Exif\0\0" some writers put first).
    static func isAdobeRGB(heifExif bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12 else { return false }
        let skip = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard skip <= bytes.count - 12, let tiff = TIFFBytes(bytes, (4 + skip)..<bytes.count) else { return false }
        return isAdobeRGB(tiff)
    }

    /// Whether a TIFF file's own EXIF says Adobe RGB: its IFD0's EXIF IFD pointer (34665), read
    /// from `source` in bounded pieces (`TIFFSourceBytes`: a few 4 KiB reads, never the whole
    /// file). A BigTIFF is not read: false.
    static func isAdobeRGB(tiffFile source: some ByteSource) -> Bool {
        guard let tiff = TIFFSourceBytes(source) else { return false }
        return isAdobeRGB(tiff)
    }

    /// "Exif\0\0", the start of an APP1 Exif segment's data.
    static let exifSignature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
}
