/// Camera-like JPEGs assembled for tools and tests (`picture-tool make-photos --preview`, the
/// preview and colour tests, the fuzzers' seeds): an EXIF thumbnail in APP1's IFD1, an MPF
/// large thumbnail after the main image, an ICC profile split over APP2 segments. The viewer
/// itself never writes pictures.
public enum JPEGPreviewWriter {
    /// `jpeg` with an APP1 Exif segment right after SOI: IFD0 holds the Orientation tag (when
    /// `orientation` is given), IFD1 the JPEG thumbnail `thumbnail` (little-endian TIFF).
    /// `thumbnail` must leave the segment within 65,533 bytes.
    public static func withExifThumbnail(_ jpeg: [UInt8], thumbnail: [UInt8], orientation: PictureOrientation? = nil) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let ifd0Entries = orientation == nil ? 0 : 1
        let ifd1 = 8 + 2 + 12 * ifd0Entries + 4
        tiff += u16(ifd0Entries)
        if let orientation { tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation.rawValue) + u16(0) }
        tiff += u32(ifd1)
        let thumbnailOffset = ifd1 + 2 + 12 * 3 + 4
        tiff += u16(3)
        tiff += u16(0x0103) + u16(3) + u32(1) + u16(6) + u16(0)  // Compression: JPEG
        tiff += u16(0x0201) + u16(4) + u32(1) + u32(thumbnailOffset)
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(thumbnail.count)
        tiff += u32(0)
        tiff += thumbnail
        return inserting(segment: 0xE1, payload: Array("Exif".utf8) + [0, 0] + tiff, into: jpeg)
    }

    /// `jpeg` with an APP2 MPF segment after its leading APPn segments (JFIF, Exif, ICC: the
    /// primary image's size it records stays right when it is added last) listing the main
    /// image and `preview` as an MPF large thumbnail (type 0x010002), and `preview`'s bytes
    /// appended after the main image.
    public static func withMPFPreview(_ jpeg: [UInt8], preview: [UInt8]) -> [UInt8] {
        // After the APPn segments that come first (their lengths read; the file is ours).
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, (0xE0...0xEF).contains(jpeg[at + 1]) {
            at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        }
        at = min(at, jpeg.count)
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16 & 0xFFFF) + u16(v & 0xFFFF) }
        // Big-endian TIFF: header, the MP Index IFD (3 entries), next IFD 0, the two MP entries.
        let entriesOffset = 8 + 2 + 12 * 3 + 4
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42] + u32(8) + u16(3)
        tiff += u16(0xB000) + u16(7) + u32(4) + Array("0100".utf8)
        tiff += u16(0xB001) + u16(4) + u32(1) + u32(2)
        tiff += u16(0xB002) + u16(7) + u32(32) + u32(entriesOffset)
        tiff += u32(0)
        let segmentLength = 2 + 2 + 4 + tiff.count + 32  // marker, length, "MPF\0", TIFF, entries
        let mainSize = jpeg.count + segmentLength
        // Offsets count from the MPF TIFF header: the segment's marker and length (4), "MPF\0" (4).
        let previewOffset = mainSize - (at + 8)
        tiff += u32(0x2003_0000) + u32(mainSize) + u32(0) + u16(0) + u16(0)
        tiff += u32(0x0001_0002) + u32(preview.count) + u32(previewOffset) + u16(0) + u16(0)
        return Array(jpeg[..<at]) + segment(0xE2, Array("MPF".utf8) + [0] + tiff) + jpeg[at...] + preview
    }

    /// `jpeg` with `profile` in APP2 `ICC_PROFILE` segments right after SOI, split into
    /// `chunks` pieces of about equal size (at most 65,519 bytes each), written in `order`
    /// (sequence numbers, 1-based; default 1…chunks).
    public static func withICCProfile(_ jpeg: [UInt8], profile: [UInt8], chunks: Int = 1, order: [Int]? = nil) -> [UInt8] {
        let count = max(chunks, (profile.count + 65_518) / 65_519)
        let piece = (profile.count + count - 1) / count
        var segments: [[UInt8]] = []
        for sequence in 1...count {
            let start = min(profile.count, (sequence - 1) * piece), end = min(profile.count, sequence * piece)
            segments.append(Array("ICC_PROFILE".utf8) + [0, UInt8(sequence), UInt8(count)] + profile[start..<end])
        }
        var out = Array(jpeg.dropFirst(2))
        for sequence in (order ?? Array(1...count)).reversed() where (1...count).contains(sequence) {
            out = segment(0xE2, segments[sequence - 1]) + out
        }
        return [0xFF, 0xD8] + out
    }

    /// `jpeg` with one segment (`marker`, `payload`) right after its SOI.
    static func inserting(segment marker: UInt8, payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg.prefix(2)) + segment(marker, payload) + jpeg.dropFirst(2)
    }

    /// A marker segment: FF, marker, the 2-byte length (payload + 2), the payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + payload
    }
}
