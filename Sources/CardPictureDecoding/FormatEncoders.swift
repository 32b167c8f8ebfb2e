import CGIF
import CTIFF
import CWebP
import CardMath
import CardPixels

/// WebP writing through libwebp, for tools (the tests' samples, the fuzzers' seed corpus): the
/// viewer itself only reads WebP. The simple encoder writes a plain file; `extended` and
/// `animation` assemble the RIFF chunks it does not write (VP8X, ICCP, EXIF, ANIM, ANMF).
public enum WebPEncoder {
    /// `image` as a still WebP: lossless (VP8L), or lossy (VP8, with an ALPH chunk when
    /// translucent) at `quality` 0…100.
    public static func encode(_ image: RGBAImage, lossless: Bool, quality: Float = 90) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels in
            lossless ? WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
                : WebPEncodeRGBA(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), quality, &output)
        }
        guard size > 0, let output else { return [] }
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A RIFF chunk: type, little-endian size, payload, a pad byte to an even length.
    public static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        Array(type.utf8) + littleEndian(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    /// `value`'s low `bytes` bytes, least significant first.
    public static func littleEndian(_ value: Int, _ bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The chunks of a WebP file after its 12-byte RIFF header, less any VP8X.
    public static func imageChunks(_ webp: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [], offset = 12
        while offset + 8 <= webp.count {
            let size = webp[(offset + 4)..<(offset + 8)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let end = min(webp.count, offset + 8 + size + (size & 1))
            if String(decoding: webp[offset..<(offset + 4)], as: UTF8.self) != "VP8X" { result += webp[offset..<end] }
            offset = end
        }
        return result
    }

    /// A RIFF WebP file of `chunks`.
    public static func riff(_ chunks: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + littleEndian(chunks.count + 4, 4) + Array("WEBP".utf8) + chunks
    }

    /// The VP8X chunk: flags (ICC 0x20, alpha 0x10, EXIF 0x08, animation 0x02) and the canvas.
    public static func vp8x(flags: UInt8, width: Int, height: Int) -> [UInt8] {
        chunk("VP8X", [flags, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3))
    }

    /// `webp` (a still file of `size`) in the extended format with an ICCP chunk before the image
    /// and an EXIF chunk after it, each when given.
    public static func extended(_ webp: [UInt8], size: PixelSize, alpha: Bool, icc: [UInt8]? = nil, exif: [UInt8]? = nil) -> [UInt8] {
        let flags: UInt8 = (icc != nil ? 0x20 : 0) | (alpha ? 0x10 : 0) | (exif != nil ? 0x08 : 0)
        return riff(vp8x(flags: flags, width: size.width, height: size.height) + (icc.map { chunk("ICCP", $0) } ?? [])
            + imageChunks(webp) + (exif.map { chunk("EXIF", $0) } ?? []))
    }

    /// A little-endian TIFF structure whose IFD0 holds one entry, Orientation (what a WebP EXIF
    /// chunk carries).
    public static func exif(orientation: Int) -> [UInt8] {
        [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0] + littleEndian(orientation, 4) + [0, 0, 0, 0]
    }

    /// One frame of an animation: a still WebP placed at (`x`, `y`) (even offsets) on the canvas.
    public struct Frame {
        public var webp: [UInt8], x: Int, y: Int, size: PixelSize
        public init(webp: [UInt8], x: Int, y: Int, size: PixelSize) {
            self.webp = webp
            self.x = x
            self.y = y
            self.size = size
        }
    }

    /// An animation on `canvas` of `frames` (100 ms each, not blended).
    public static func animation(canvas: PixelSize, frames: [Frame]) -> [UInt8] {
        var chunks = vp8x(flags: 0x12, width: canvas.width, height: canvas.height) + chunk("ANIM", [0, 0, 0, 0, 0, 0])
        for frame in frames {
            let header = littleEndian(frame.x / 2, 3) + littleEndian(frame.y / 2, 3) + littleEndian(frame.size.width - 1, 3)
                + littleEndian(frame.size.height - 1, 3) + littleEndian(100, 3) + [0x02]
            chunks += chunk("ANMF", header + imageChunks(frame.webp))
        }
        return riff(chunks)
    }
}

/// TIFF writing through libtiff into memory (client I/O; no file is opened), for tools (the
/// tests' samples, the fuzzers' seed corpus): the viewer itself only reads TIFF.
public enum TIFFEncoder {
    /// How the pixels are laid out.
    public enum Layout: Sendable {
        /// Strips of `rows` rows each.
        case strips(rows: Int)
        /// Tiles of `width × height` (multiples of 16).
        case tiles(width: Int, height: Int)
    }

    /// The compressions written.
    public enum Compression: Sendable {
        case none, lzw, deflate

        var tag: UInt16 {
            switch self {
            case .none: UInt16(COMPRESSION_NONE)
            case .lzw: UInt16(COMPRESSION_LZW)
            case .deflate: UInt16(COMPRESSION_ADOBE_DEFLATE)
            }
        }
    }

    /// A growing buffer libtiff writes into (and reads back from while it writes).
    private final class Buffer {
        var bytes: [UInt8] = []
        var position = 0
    }

    /// `image` as a TIFF: RGB, or RGBA with unassociated alpha; 8 or 16 bits a sample (16-bit
    /// samples are the 8-bit ones × 257); the Orientation tag `orientation` (1…8); the ICC
    /// profile tag when given. Empty when libtiff refuses.
    public static func encode(_ image: RGBAImage, layout: Layout, bits: Int = 8, alpha: Bool = false, orientation: Int = 1,
                              icc: [UInt8]? = nil, compression: Compression = .deflate) -> [UInt8] {
        let buffer = Buffer()
        return withExtendedLifetime(buffer) {
            guard let tif = TIFFClientOpen("memory.tif", "w", Unmanaged.passUnretained(buffer).toOpaque(), { context, data, size in
                guard let context, let data else { return 0 }
                let buffer = Unmanaged<Buffer>.fromOpaque(context).takeUnretainedValue()
                let count = max(0, min(Int(size), buffer.bytes.count - buffer.position))
                if count > 0 { buffer.bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress! + buffer.position, byteCount: count) } }
                buffer.position += count
                return tmsize_t(count)
            }, { context, data, size in
                guard let context, let data else { return 0 }
                let buffer = Unmanaged<Buffer>.fromOpaque(context).takeUnretainedValue()
                let end = buffer.position + Int(size)
                if end > buffer.bytes.count { buffer.bytes += [UInt8](repeating: 0, count: end - buffer.bytes.count) }
                buffer.bytes.withUnsafeMutableBytes { ($0.baseAddress! + buffer.position).copyMemory(from: data, byteCount: Int(size)) }
                buffer.position = end
                return size
            }, { context, offset, whence in
                guard let context else { return UInt64.max }
                let buffer = Unmanaged<Buffer>.fromOpaque(context).takeUnretainedValue()
                let base = whence == SEEK_CUR ? buffer.position : whence == SEEK_END ? buffer.bytes.count : 0
                buffer.position = base + Int(offset)
                return UInt64(buffer.position)
            }, { _ in 0 }, { context in
                UInt64(Unmanaged<Buffer>.fromOpaque(context!).takeUnretainedValue().bytes.count)
            }, { _, _, _ in 0 }, { _, _, _ in }) else { return [] }
            guard write(image, to: tif, layout: layout, bits: bits, alpha: alpha, orientation: orientation, icc: icc,
                        compression: compression) else {
                TIFFClose(tif)
                return []
            }
            TIFFClose(tif)
            return buffer.bytes
        }
    }

    private static func write(_ image: RGBAImage, to tif: OpaquePointer, layout: Layout, bits: Int, alpha: Bool, orientation: Int,
                              icc: [UInt8]?, compression: Compression) -> Bool {
        let samples = alpha ? 4 : 3
        _ = cardviewer_tiff_set_uint32(tif, UInt32(TIFFTAG_IMAGEWIDTH), UInt32(image.width))
        _ = cardviewer_tiff_set_uint32(tif, UInt32(TIFFTAG_IMAGELENGTH), UInt32(image.height))
        _ = cardviewer_tiff_set_uint16(tif, UInt32(TIFFTAG_BITSPERSAMPLE), UInt16(bits))
        _ = cardviewer_tiff_set_uint16(tif, UInt32(TIFFTAG_SAMPLESPERPIXEL), UInt16(samples))
        _ = cardviewer_tiff_set_uint16(tif, UInt32(TIFFTAG_PHOTOMETRIC), UInt16(PHOTOMETRIC_RGB))
        _ = cardviewer_tiff_set_uint16(tif, UInt32(TIFFTAG_PLANARCONFIG), UInt16(PLANARCONFIG_CONTIG))
        _ = cardviewer_tiff_set_uint16(tif, UInt32(TIFFTAG_ORIENTATION), UInt16(orientation))
        _ = cardviewer_tiff_set_uint16(tif, UInt32(TIFFTAG_COMPRESSION), compression.tag)
        if alpha {
            var kind = UInt16(EXTRASAMPLE_UNASSALPHA)
            _ = cardviewer_tiff_set_extra_samples(tif, 1, &kind)
        }
        if let icc { _ = icc.withUnsafeBytes { cardviewer_tiff_set_icc(tif, UInt32(icc.count), $0.baseAddress) } }
        /// The samples of pixel (x, y) at the sample size, native byte order.
        func samplesOf(_ x: Int, _ y: Int) -> [UInt8] {
            let p = image[x, y]
            return [p.r, p.g, p.b, p.a].prefix(samples).flatMap { value -> [UInt8] in
                bits == 16 ? withUnsafeBytes(of: UInt16(value) * 257) { Array($0) } : [value]
            }
        }
        switch layout {
        case let .strips(rows):
            _ = cardviewer_tiff_set_uint32(tif, UInt32(TIFFTAG_ROWSPERSTRIP), UInt32(rows))
            for y in 0..<image.height {
                var row = (0..<image.width).flatMap { samplesOf($0, y) }
                guard TIFFWriteScanline(tif, &row, UInt32(y), 0) == 1 else { return false }
            }
        case let .tiles(tileWidth, tileHeight):
            _ = cardviewer_tiff_set_uint32(tif, UInt32(TIFFTAG_TILEWIDTH), UInt32(tileWidth))
            _ = cardviewer_tiff_set_uint32(tif, UInt32(TIFFTAG_TILELENGTH), UInt32(tileHeight))
            let pixelBytes = samples * bits / 8
            for top in stride(from: 0, to: image.height, by: tileHeight) {
                for left in stride(from: 0, to: image.width, by: tileWidth) {
                    var tile = [UInt8](repeating: 0, count: tileWidth * tileHeight * pixelBytes)
                    for y in 0..<tileHeight where top + y < image.height {
                        for x in 0..<tileWidth where left + x < image.width {
                            let at = (y * tileWidth + x) * pixelBytes
                            tile.replaceSubrange(at..<(at + pixelBytes), with: samplesOf(left + x, top + y))
                        }
                    }
                    guard TIFFWriteTile(tif, &tile, UInt32(left), UInt32(top), 0, 0) > 0 else { return false }
                }
            }
        }
        return true
    }
}

/// GIF writing through giflib into memory, for tools (the tests' samples, the fuzzers' seed
/// corpus): the viewer itself only reads GIF.
public enum GIFEncoder {
    /// One frame: colour indices row by row, where it lies on the screen, its transparent index
    /// (negative: none), whether its rows are interlaced.
    public struct Frame {
        public var indices: [UInt8]
        public var left: Int, top: Int, width: Int, height: Int
        public var transparent: Int
        public var interlaced: Bool

        public init(indices: [UInt8], left: Int = 0, top: Int = 0, width: Int, height: Int, transparent: Int = -1,
                    interlaced: Bool = false) {
            self.indices = indices
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.transparent = transparent
            self.interlaced = interlaced
        }
    }

    private final class Buffer {
        var bytes: [UInt8] = []
    }

    /// A GIF89a of the screen `canvas` with a global colour table of `palette` (at most 256
    /// colours, padded to a power of two) and `frames`, each with a graphic control extension.
    /// Empty when giflib refuses.
    public static func encode(canvas: PixelSize, palette: [(UInt8, UInt8, UInt8)], frames: [Frame]) -> [UInt8] {
        let buffer = Buffer()
        return withExtendedLifetime(buffer) {
            var error: Int32 = 0
            guard let gif = EGifOpen(Unmanaged.passUnretained(buffer).toOpaque(), { gif, data, count in
                guard let gif, let data, count > 0 else { return 0 }
                Unmanaged<Buffer>.fromOpaque(gif.pointee.UserData).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(count))
                return count
            }, &error) else { return [] }
            EGifSetGifVersion(gif, true)
            let written = write(gif, canvas: canvas, palette: palette, frames: frames)
            guard EGifCloseFile(gif, &error) == GIF_OK, written else { return [] }
            return buffer.bytes
        }
    }

    private static func write(_ gif: UnsafeMutablePointer<GifFileType>, canvas: PixelSize, palette: [(UInt8, UInt8, UInt8)],
                              frames: [Frame]) -> Bool {
        var size = 2
        while size < palette.count { size *= 2 }
        let colors = (0..<size).map { index -> GifColorType in
            let c = index < palette.count ? palette[index] : (0, 0, 0)
            return GifColorType(Red: c.0, Green: c.1, Blue: c.2)
        }
        let map = colors.withUnsafeBufferPointer { GifMakeMapObject(Int32(size), $0.baseAddress) }
        defer { GifFreeMapObject(map) }
        guard EGifPutScreenDesc(gif, Int32(canvas.width), Int32(canvas.height), 8, 0, map) == GIF_OK else { return false }
        for frame in frames {
            var control = GraphicsControlBlock(DisposalMode: DISPOSE_BACKGROUND, UserInputFlag: false, DelayTime: 10,
                                               TransparentColor: Int32(frame.transparent))
            var block = [GifByteType](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &block)
            guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), block) == GIF_OK,
                  EGifPutImageDesc(gif, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height),
                                   frame.interlaced, nil) == GIF_OK else { return false }
            // giflib writes lines in the order given: an interlaced frame's in pass order.
            let passes = frame.interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
            for (start, step) in passes {
                for y in stride(from: start, to: frame.height, by: step) {
                    var line = Array(frame.indices[(y * frame.width)..<((y + 1) * frame.width)])
                    guard EGifPutLine(gif, &line, Int32(frame.width)) == GIF_OK else { return false }
                }
            }
        }
        return true
    }
}
