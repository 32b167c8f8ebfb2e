import CardMath

/// Smaller JPEGs a camera JPEG carries besides its main image, found without decoding anything:
/// the EXIF thumbnail (APP1, IFD1's JPEGInterchangeFormat and its length, about 160 × 120) and
/// the MPF "large thumbnail" images (APP2 "MPF\0", CIPA DC-007: MP entries of type 0x010001 or
/// 0x010002, e.g. 1920 × 1080 or 1616 × 1080, stored after the main image's end).
///
/// A card that needs fewer pixels than a preview holds is decoded from the preview (gThumb and
/// geeqie do the same): a 12 MP JPEG's card from a 1920 × 1440 preview entropy-decodes a fifth of
/// the data. See `PictureDecoder` for when one is used and docs/formats/colour-previews.md.
struct JPEGEmbeddedPreview: Equatable {
    /// Where the preview's bytes (a whole JPEG, FFD8 … ) lie in the file.
    var range: Range<Int>
    /// Its header (its stored size: previews are stored the way the main image is, and shown
    /// with the main image's EXIF orientation).
    var header: JPEGHeader

    /// Previews whose aspect differs from the main image's by more than this fraction (3 %) are
    /// not used: letterboxed EXIF thumbnails (160 × 120 for a 3:2 picture) and other pictures.
    static let aspectTolerance = 0.03

    /// MPF image types that are previews of the main image: large thumbnail (VGA), large thumbnail (full HD).
    static let previewTypes: Set<Int> = [0x010001, 0x010002]

    /// The previews in `bytes` (a whole JPEG file) whose header `main` was scanned: those whose
    /// bytes lie in the file, start a JPEG whose header scans, are smaller than the main image
    /// and keep its aspect within `aspectTolerance`; smallest first.
    /// - Complexity: O(segments before the first scan + MPF entries + each preview's header).
    static func previews(in bytes: [UInt8], main: JPEGHeader) -> [JPEGEmbeddedPreview] {
        var ranges: [Range<Int>] = []
        var sawExif = false, sawMPF = false
        JPEGSegments.forEach(in: bytes, before: main.scanOffset) { marker, data in
            // Each signature must lie inside its segment, not run on into the bytes after it
            // (found by fuzzing: an empty APP1 followed by "Exif\0\0" made an inverted range).
            if marker == 0xE1, !sawExif, data.count >= 6, bytes.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0], at: data.lowerBound) {
                sawExif = true
                if let range = exifThumbnail(in: bytes, app1: data) { ranges.append(range) }
            } else if marker == 0xE2, !sawMPF, data.count >= 4, bytes.starts(with: [0x4D, 0x50, 0x46, 0], at: data.lowerBound) {
                sawMPF = true
                ranges += mpfPreviews(in: bytes, app2: data)
            }
            return true
        }
        let mainAspect = Double(main.size.width) / Double(max(1, main.size.height))
        var found: [JPEGEmbeddedPreview] = []
        for range in ranges {
            // The preview's header lies in its first bytes; 64 KiB is plenty for a preview.
            let slice = Array(bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + (64 << 10))])
            guard case let .header(header) = JPEGHeader.scan(slice), header.size.width > 0, header.size.height > 0,
                  header.size.pixelCount < main.size.pixelCount
            else { continue }
            let aspect = Double(header.size.width) / Double(header.size.height)
            guard abs(aspect - mainAspect) <= aspectTolerance * mainAspect else { continue }
            found.append(JPEGEmbeddedPreview(range: range, header: header))
        }
        return found.sorted { $0.header.size.pixelCount < $1.header.size.pixelCount }
    }

    /// The smallest preview in `bytes` that covers `wanted` (upright pixels, the decode's target
    /// size) on both sides, or nil.
    static func preview(in bytes: [UInt8], main: JPEGHeader, covering wanted: PixelSize) -> JPEGEmbeddedPreview? {
        let stored = main.orientation.swapsAxes ? wanted.transposed : wanted
        return previews(in: bytes, main: main).first {
            $0.header.size.width >= stored.width && $0.header.size.height >= stored.height
        }
    }

    /// The EXIF thumbnail's bytes: IFD1's JPEGInterchangeFormat (0x0201, an offset from the
    /// TIFF header) and JPEGInterchangeFormatLength (0x0202), inside the APP1 segment.
    static func exifThumbnail(in bytes: [UInt8], app1 data: Range<Int>) -> Range<Int>? {
        guard data.count >= 6, let tiff = TIFFBytes(bytes, (data.lowerBound + 6)..<data.upperBound),
              let ifd0 = tiff.firstIFD, let first = tiff.entries(ofIFD: ifd0), first.next > 0,
              let ifd1 = tiff.entries(ofIFD: first.next)
        else { return nil }
        var offset: Int?, length: Int?
        for entry in ifd1.entries {
            if entry.tag == 0x0201 { offset = tiff.integer(entry) }
            if entry.tag == 0x0202 { length = tiff.integer(entry) }
        }
        guard let offset, let length, length >= 4, offset >= 0, offset <= tiff.range.count - length else { return nil }
        let start = tiff.range.lowerBound + offset
        guard bytes[start] == 0xFF, bytes[start + 1] == 0xD8 else { return nil }
        return start..<(start + length)
    }

    /// The MPF large-thumbnail images' bytes: the MP Index IFD's MP Entry tag (0xB002, 16 bytes
    /// an image: attribute, size, offset from the MPF TIFF header, two dependent entries); the
    /// first image is the main one. Each range is checked to lie in the file and start FFD8.
    static func mpfPreviews(in bytes: [UInt8], app2 data: Range<Int>) -> [Range<Int>] {
        guard data.count >= 4, let tiff = TIFFBytes(bytes, (data.lowerBound + 4)..<data.upperBound),
              let ifd = tiff.firstIFD, let index = tiff.entries(ofIFD: ifd),
              let entry = index.entries.first(where: { $0.tag == 0xB002 && $0.type == 7 }),
              let valueOffset = tiff.read(entry.value, 4)
        else { return [] }
        // The MP entries live inside the segment, but the images they point to lie in the file.
        let imageBase = tiff.range.lowerBound
        var found: [Range<Int>] = []
        for image in stride(from: 1, to: min(entry.count / 16, 16), by: 1) {
            let at = valueOffset + image * 16
            guard let attribute = tiff.read(at, 4), let size = tiff.read(at + 4, 4), let offset = tiff.read(at + 8, 4),
                  previewTypes.contains(attribute & 0xFF_FFFF), size >= 4, offset > 0,
                  offset <= bytes.count - imageBase, size <= bytes.count - imageBase - offset
            else { continue }
            let start = imageBase + offset
            guard bytes[start] == 0xFF, bytes[start + 1] == 0xD8 else { continue }
            found.append(start..<(start + size))
        }
        return found
    }
}
