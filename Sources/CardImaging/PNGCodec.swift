import CardFiles
import CPNG
import CardPixels
import Foundation

/// Why a PNG could not be read or written. The description is one line naming the file.
public enum PNGError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read PNG '\(path)': \(reason)"
        case let .tooLarge(path, w, h):
            "PNG '\(path)' is too large (\(w)x\(h); at most \(PNGCodec.maximumDimension) pixels a side and \(PNGCodec.maximumPixelCount) pixels)"
        case let .unwritable(path, reason): "cannot write PNG '\(path)': \(reason)"
        }
    }
}

/// PNG reading and writing through libpng's simplified API (`png_image_*`), which reports errors
/// through return values instead of `setjmp`, which Swift cannot use.
///
/// Reading accepts every colour type, bit depth and interlacing libpng reads — gray 1/2/4/8/16,
/// RGB 8/16, palette 1/2/4/8, gray+alpha 8/16, RGBA 8/16, tRNS transparency, Adam7 — and returns
/// 8-bit straight-alpha RGBA, sRGB-encoded, as browsers show the file:
///
/// - Samples at 1, 2 or 4 bits are scaled exactly to 8 bits (v · 255 / (2ᵈ − 1)); palettes are
///   expanded; gray is replicated to R, G and B; tRNS makes the matching colour (or the palette
///   entries it lists) transparent.
/// - A 16-bit sample v becomes round(v / 257). libpng's simplified API on its own treats 16-bit
///   files without gamma information as *linear* light and gamma-encodes them for 8-bit output
///   (mid-gray 32768 would come out near 186, not 128); `PNG_IMAGE_FLAG_16BIT_sRGB` tells it the
///   samples are sRGB-encoded like every other PNG, so they are only rescaled, exactly.
/// - A file with a gAMA chunk (and no sRGB chunk) is converted from its declared gamma to sRGB,
///   as browsers do, within one 8-bit step. libpng models sRGB as a pure 2.2 power and ignores
///   gammas within 5 % of it; so does this decoder. An sRGB chunk, or no colour information,
///   means no conversion. ICC profiles (iCCP) are not applied here: `PictureDecoder` applies them
///   (`PNGICCProfile`, CardPictureDecoding's `ColorConversion`).
/// - Two cases bypass libpng's 16-to-8-bit conversion, which is broken for interlaced files and
///   coarse near black when converting gamma (see `decodeSixteenBitFromLinear`): interlaced 16-bit
///   files and 16-bit files declaring a gamma. They are read through libpng's 16-bit output, which
///   is alpha-premultiplied: their translucent pixels are exact within one step, and their fully
///   transparent pixels come out as (0, 0, 0, 0).
public enum PNGCodec {
    /// Images wider or taller than this are refused as absurd: 65,535, JPEG's own limit (a
    /// panorama of 200 MP is 20,000 × 10,000 or wider). No picture is ever a texture of its own
    /// size (cards and the full tier are decoded to their layers; the photo view draws tiles), so
    /// GL's texture side (16,384 on most drivers) is no bound; the pixel caps are.
    public static let maximumDimension = 65_535

    /// Images with more pixels than this (8192², 256 MiB decoded) are refused as absurd too.
    public static let maximumPixelCount = 8_192 * 8_192

    /// libpng's `PNG_FORMAT_RGBA`, a compound macro Swift does not import.
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Files larger than this (1 GiB) are refused unread: no allowed image needs that many bytes.
    public static let maximumFileSize = 1 << 30

    /// Decodes the PNG file at `path` (read through `FileBytes`: a regular file, at most
    /// `maximumFileSize` bytes, refused unread when larger); errors name `path`.
    public static func read(contentsOf path: String) throws -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.readAll(path, maximumSize: maximumFileSize)
        } catch let error {
            if case .tooLarge = error { throw PNGError.unreadable(path: path, reason: error.reason) }
            throw PNGError.unreadable(path: path, reason: "no such file or not readable")
        }
        return try decode(bytes, name: path)
    }

    /// Decodes PNG bytes; `name` labels errors. Refuses a malformed chunk structure (see
    /// `PNGStructure.chunks(of:name:)`) before libpng reads anything, and images over
    /// `maximumDimension` a side or `maximumPixelCount` pixels after reading only the header,
    /// before allocating any pixels. Metadata chunks (text, EXIF, …) are not passed to libpng.
    /// - Complexity: O(file size + width · height).
    public static func decode(_ bytes: [UInt8], name: String = "<memory>") throws -> RGBAImage {
        // A size over the limits is refused first, from the IHDR alone.
        if bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) {
            let width = Int(PNGChunkScan.uint32(bytes, at: 16)), height = Int(PNGChunkScan.uint32(bytes, at: 20))
            guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixelCount else {
                throw PNGError.tooLarge(path: name, width: width, height: height)
            }
        }
        // Every chunk checked against the bytes really there before libpng allocates for any of
        // them; the common 8-bit files are read without libpng (`readDirectly`).
        let chunks = try PNGStructure.chunks(of: bytes, name: name)
        if let image = readDirectly(bytes, chunks: chunks) { return image }
        return try decodeThroughLibpng(bytes, chunks: chunks, name: name)
    }

    /// Decodes validated PNG bytes through libpng's simplified API: only the chunks that decide
    /// the pixels go on to libpng.
    static func decodeThroughLibpng(_ bytes: [UInt8], chunks: [PNGChunk], name: String) throws -> RGBAImage {
        let bytes = PNGStructure.decodingBytes(bytes, chunks: chunks)
        let scan = PNGChunkScan(bytes)
        if scan.bitDepth == 16, scan.interlaced || scan.sRGBExponent != nil {
            return try decodeSixteenBitFromLinear(bytes, scan: scan, name: name)
        }
        // PNG_IMAGE_FLAG_16BIT_sRGB: 16-bit samples are sRGB-encoded unless the file says otherwise.
        let (width, height, pixels) = try readPixels(bytes, name: name, format: rgbaFormat,
                                                     flags: UInt32(PNG_IMAGE_FLAG_16BIT_sRGB), zero: UInt8(0))
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Runs libpng's simplified reader over `bytes` into a buffer of four `Sample`s a pixel in
    /// `format` (8-bit samples, or 16-bit ones with `PNG_FORMAT_FLAG_LINEAR`), with `flags` set.
    static func readPixels<Sample: FixedWidthInteger>(
        _ bytes: [UInt8], name: String, format: UInt32, flags: UInt32, zero: Sample
    ) throws -> (width: Int, height: Int, pixels: [Sample]) {
        // libpng reads from the buffer until finish_read returns: keep it pinned throughout.
        try bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw PNGError.unreadable(path: name, reason: message(of: image))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixelCount else {
                throw PNGError.tooLarge(path: name, width: width, height: height)
            }
            image.flags |= flags  // begin_read resets the flags, so they are set between the two calls
            image.format = format
            var pixels = [Sample](repeating: zero, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else { throw PNGError.unreadable(path: name, reason: message(of: image)) }
            return (width, height, pixels)
        }
    }

    /// Encodes an 8-bit RGBA PNG. `fast` trades size for speed (libpng's
    /// `PNG_IMAGE_FLAG_FAST`: quicker filtering and compression, a larger file), for thumbnails.
    public static func encode(_ rgba: RGBAImage, name: String = "<memory>", fast: Bool = false) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        image.width = UInt32(rgba.width)
        image.height = UInt32(rgba.height)
        image.format = rgbaFormat
        defer { png_image_free(&image) }
        // One pass into a buffer of zlib's worst case for the filtered rows (libpng's
        // PNG_IMAGE_PNG_SIZE_MAX, a macro Swift does not import) plus room for the chunks around
        // them; libpng says how much it needs if that is ever too little, and a second pass follows.
        let raw = (rgba.width * 4 + 1) * rgba.height
        var capacity = raw + (raw + 7) / 8 + (raw + 63) / 64 + 1024
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let written = rgba.pixels.withUnsafeBytes { source in
                out.withUnsafeMutableBytes { destination in
                    png_image_write_to_memory(&image, destination.baseAddress, &size, 0, source.baseAddress,
                                              Int32(rgba.width * 4), nil)
                }
            }
            if written != 0, size <= capacity { return Array(out.prefix(size)) }
            guard size > capacity else { break }
            capacity = size
            image.warning_or_error = 0
        }
        throw PNGError.unwritable(path: name, reason: message(of: image))
    }

    /// Writes `rgba` as a PNG at `path`, atomically (`AtomicFile`): a temporary file beside it,
    /// flushed, then renamed.
    public static func write(_ rgba: RGBAImage, to path: String) throws {
        // Streamed: libpng compresses row by row into the temporary file, so a frame of 8192 ×
        // 4096 (128 MiB) is not held a second time as its encoded bytes (`encode`'s buffer is
        // sized for zlib's worst case). The bytes are those `encode` gives: one simplified-API
        // writer behind both.
        do {
            try AtomicFile.replace(path) { sink in
                try sink.withDescriptor { fd in try writeStream(rgba, to: fd, name: path) }
            }
        } catch let error as FileWriteError {
            throw PNGError.unwritable(path: path, reason: error.reason)
        }
    }

    /// Writes `rgba` as a PNG at `fd`'s position through `png_image_write_to_stdio` on a
    /// duplicate of `fd` (closed here; `fd` stays open).
    private static func writeStream(_ rgba: RGBAImage, to fd: Int32, name: String) throws {
        let copy = dup(fd)
        guard copy >= 0, let file = fdopen(copy, "wb") else {
            if copy >= 0 { close(copy) }
            throw PNGError.unwritable(path: name, reason: String(cString: strerror(errno)))
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(rgba.width)
        image.height = UInt32(rgba.height)
        image.format = rgbaFormat
        let written = rgba.pixels.withUnsafeBytes { source in
            png_image_write_to_stdio(&image, file, 0, source.baseAddress, Int32(rgba.width * 4), nil)
        }
        let failure = written == 0 ? message(of: image) : nil
        png_image_free(&image)
        let closed = fclose(file) == 0
        if let failure { throw PNGError.unwritable(path: name, reason: failure) }
        guard closed else { throw PNGError.unwritable(path: name, reason: String(cString: strerror(errno))) }
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.isEmpty ? "not a PNG libpng can read" : line
    }
}
