import CWebP
import CardImaging
import CardMath

/// What a WebP file's header says, read without decoding: the canvas size and kind from
/// libwebp's `WebPGetFeatures`, and the RIFF chunks the viewer reads besides the image (`EXIF`
/// for the orientation, `ICCP` for the colour profile), found by walking the chunk headers only.
struct WebPHeader: Equatable {
    /// The stored size (the canvas, for an animation), pixels.
    var size: PixelSize
    var hasAlpha: Bool
    var isAnimated: Bool
    /// Lossless (VP8L) image data: libwebp decodes it whole (4 bytes a pixel) before scaling.
    var isLossless: Bool
    var orientation: PictureOrientation
    /// The `ICCP` chunk's payload, as a range of the file's bytes.
    var iccProfile: Range<Int>?
    /// The `EXIF` chunk's payload (as far as the file holds it), as a range of the file's bytes.
    var exif: Range<Int>? = nil

    /// RIFF chunks walked at most: a real file has 2–6; a crafted one of millions of tiny
    /// chunks must not cost a read each.
    static let maximumChunks = 1024
    /// The most of an `EXIF` chunk read for the orientation (IFD0 comes first in it).
    static let exifBytes = 64 << 10

    /// The working memory libwebp needs beyond the file and the output, bytes: lossless data is
    /// decoded whole as ARGB (4 bytes a pixel) plus a few rows of cache; lossy data a macroblock
    /// row at a time (about 256 bytes a column) and its alpha plane whole (1 byte a pixel); an
    /// animation's first frame is decoded into a whole RGBA canvas (4 more bytes a pixel).
    var workingBytes: Int {
        let pixels = size.pixelCount
        var bytes = size.width * 256 + (hasAlpha ? pixels : 0)
        if isLossless || isAnimated { bytes += pixels * 4 + size.width * 16 * 4 }
        if isAnimated { bytes += pixels * 4 }
        return bytes
    }

    /// Reads the header of the WebP in `source`: libwebp's features from the first bytes (read
    /// on, four times as much each time, while libwebp needs more), then the chunk headers.
    static func read(_ source: some ByteSource, name: String) throws -> WebPHeader {
        var features = WebPBitstreamFeatures()
        var limit = min(source.count, 4096)
        while true {
            let bytes = try PictureDecoder.prefix(of: source, count: limit)
            let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
            if status == VP8_STATUS_NOT_ENOUGH_DATA, limit < source.count {
                limit = min(source.count, limit * 4)
                continue
            }
            try check(status, name: name)
            break
        }
        var header = WebPHeader(size: PixelSize(width: Int(features.width), height: Int(features.height)),
                                hasAlpha: features.has_alpha != 0, isAnimated: features.has_animation != 0,
                                isLossless: features.format == 2, orientation: .up, iccProfile: nil)
        try header.readChunks(source, name: name)
        return header
    }

    /// libwebp's status as a `PictureError` (nothing for `VP8_STATUS_OK`).
    static func check(_ status: VP8StatusCode, name: String) throws {
        switch status {
        case VP8_STATUS_OK: return
        case VP8_STATUS_NOT_ENOUGH_DATA: throw PictureError.truncated(path: name, reason: "the file ends inside the WebP data")
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw PictureError.unsupported(path: name, reason: "a WebP feature libwebp does not decode")
        case VP8_STATUS_OUT_OF_MEMORY: throw PictureError.corrupt(path: name, reason: "libwebp ran out of memory")
        default: throw PictureError.corrupt(path: name, reason: "libwebp cannot read the WebP data (status \(status.rawValue))")
        }
    }

    /// Walks the RIFF chunks after the 12-byte file header (each: a four-character type, a
    /// little-endian size, the payload padded to an even length), reading only their headers,
    /// the start of `EXIF` and the place of `ICCP`.
    private mutating func readChunks(_ source: some ByteSource, name: String) throws {
        var offset = 12
        var header = [UInt8](repeating: 0, count: 8)
        for _ in 0..<Self.maximumChunks {
            guard offset <= source.count - 8 else { return }
            let read = try header.withUnsafeMutableBytes { try source.read(at: offset, into: $0) }
            guard read == 8 else { return }
            let type = String(decoding: header[0..<4], as: UTF8.self)
            let size = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
            let payload = (offset + 8)..<min(source.count, offset + 8 + size)
            switch type {
            case "ICCP" where payload.count == size:
                iccProfile = payload
            case "EXIF":
                exif = payload
                let bytes = try PictureDecoder.slice(of: source, payload.prefix(Self.exifBytes))
                // The chunk holds the TIFF structure itself; some writers put "Exif\0\0" first.
                let segment = bytes.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) ? bytes : [0x45, 0x78, 0x69, 0x66, 0, 0] + bytes
                orientation = ExifOrientation.orientation(inAPP1: segment, 0..<segment.count) ?? .up
            default: break
            }
            offset += 8 + size + (size & 1)
        }
    }
}
