import CGIF
import CardMath
import CardPixels

/// What a GIF's first 13 bytes say: the logical screen (the canvas every frame is drawn on).
struct GIFHeader: Equatable {
    /// The canvas, pixels.
    var size: PixelSize

    /// The signature and logical screen descriptor: `GIF87a`/`GIF89a`, then the width and height
    /// (little-endian, 16 bits each).
    static func read(_ bytes: [UInt8], name: String) throws -> GIFHeader {
        guard bytes.count >= 13 else { throw PictureError.truncated(path: name, reason: "the GIF header is cut short") }
        return GIFHeader(size: PixelSize(width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8))
    }

    /// The working memory of a first-frame decode beyond the file and the output, bytes: the
    /// frame's colour indices (1 byte a pixel, at most the canvas: a frame outside it is refused),
    /// one canvas row as RGBA, and giflib's own tables (under 64 KiB).
    func workingBytes(wanted: PixelSize) -> Int {
        size.pixelCount + size.width * 4 + RowDownscaler.workingBytes(width: size.width, size: wanted) + (64 << 10)
    }
}

/// The first frame of a GIF through giflib, read from memory through a read callback and left as
/// soon as its image data is read (later frames are never decoded). Its graphic control extension's
/// transparent colour becomes alpha 0; interlaced rows are put in their places; the frame is
/// drawn on a transparent canvas of the logical screen's size (a frame outside the canvas is
/// refused as corrupt) and the canvas reduced a row at a time to the target's size.
///
/// Thread-safe: each call opens its own giflib handle over its own bytes.
enum GIFDecoder {
    /// The bytes giflib reads and how far it has read.
    private final class Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    /// Decodes the first frame of the GIF `bytes` (the whole file) at `wanted` pixels.
    static func decode(_ bytes: [UInt8], header: GIFHeader, target wanted: PixelSize, name: String) throws -> RGBAImage {
        try bytes.withUnsafeBufferPointer { file in
            let reader = Reader(file)
            return try withExtendedLifetime(reader) {
                var error: Int32 = 0
                guard let gif = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { gif, buffer, count in
                    guard let gif, let buffer, count > 0 else { return 0 }
                    let reader = Unmanaged<Reader>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
                    let available = min(Int(count), reader.bytes.count - reader.position)
                    guard available > 0 else { return 0 }
                    buffer.update(from: reader.bytes.baseAddress! + reader.position, count: available)
                    reader.position += available
                    return Int32(available)
                }, &error) else {
                    throw pictureError(error, name: name)
                }
                defer { DGifCloseFile(gif, &error) }
                guard Int(gif.pointee.SWidth) == header.size.width, Int(gif.pointee.SHeight) == header.size.height else {
                    throw PictureError.corrupt(path: name, reason: "the GIF screen size changed while the file was read")
                }
                return try firstFrame(gif, canvas: header.size, wanted: wanted, name: name)
            }
        }
    }

    /// Reads records up to the first image, its graphic control extension on the way, then the
    /// image's rows, and draws it on the canvas.
    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, canvas: PixelSize, wanted: PixelSize,
                                   name: String) throws -> RGBAImage {
        var transparent: Int32 = NO_TRANSPARENT_COLOR
        var record = UNDEFINED_RECORD_TYPE
        while true {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw pictureError(gif.pointee.Error, name: name) }
            if record == IMAGE_DESC_RECORD_TYPE { break }
            if record == TERMINATE_RECORD_TYPE { throw PictureError.corrupt(path: name, reason: "the GIF has no image") }
            guard record == EXTENSION_RECORD_TYPE else { throw PictureError.corrupt(path: name, reason: "an unknown GIF record") }
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw pictureError(gif.pointee.Error, name: name) }
            if code == GRAPHICS_EXT_FUNC_CODE, let block {
                var control = GraphicsControlBlock()
                if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparent = control.TransparentColor }
            }
            while block != nil {
                guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw pictureError(gif.pointee.Error, name: name) }
            }
        }
        guard DGifGetImageDesc(gif) == GIF_OK else { throw pictureError(gif.pointee.Error, name: name) }
        let frame = gif.pointee.Image
        let left = Int(frame.Left), top = Int(frame.Top), width = Int(frame.Width), height = Int(frame.Height)
        guard width > 0, height > 0, left + width <= canvas.width, top + height <= canvas.height else {
            throw PictureError.corrupt(path: name, reason: "the first frame (\(width)x\(height) at \(left),\(top)) lies outside the \(canvas.width)x\(canvas.height) screen")
        }
        guard let colors = frame.ColorMap ?? gif.pointee.SColorMap else {
            throw PictureError.corrupt(path: name, reason: "the GIF has no colour table")
        }
        let palette = self.palette(colors.pointee, transparent: Int(transparent))
        // The frame's colour indices, each row in its place (interlaced files send every 8th row
        // from 0, every 8th from 4, every 4th from 2, then every 2nd from 1).
        // Not cleared first: every row is read into it, or the decode fails.
        var indices = [UInt8](unsafeUninitializedCapacity: width * height) { _, count in count = width * height }
        let passes = frame.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        try indices.withUnsafeMutableBufferPointer { rows in
            for (start, step) in passes {
                for y in stride(from: start, to: height, by: step) {
                    guard DGifGetLine(gif, rows.baseAddress! + y * width, Int32(width)) == GIF_OK else {
                        throw pictureError(gif.pointee.Error, name: name)
                    }
                }
            }
        }
        let covers = left == 0 && top == 0 && width == canvas.width && height == canvas.height
        let clear = transparent != NO_TRANSPARENT_COLOR || !covers
        return draw(indices, palette: palette, frame: (left, top, width, height), canvas: canvas, wanted: wanted, premultiply: clear)
    }

    /// The colour table as 256 RGBA words (bytes R, G, B, A in memory); indices past the table
    /// are opaque black, the transparent index has alpha 0.
    private static func palette(_ map: ColorMapObject, transparent: Int) -> [UInt32] {
        var words = [UInt32](repeating: UInt32(255) << 24, count: 256)
        let count = max(0, min(256, Int(map.ColorCount)))
        if let colors = map.Colors {
            for index in 0..<count {
                let color = colors[index]
                words[index] = UInt32(color.Red) | UInt32(color.Green) << 8 | UInt32(color.Blue) << 16 | UInt32(255) << 24
            }
        }
        if (0..<256).contains(transparent) { words[transparent] = 0 }
        return words.map { $0.littleEndian }
    }

    /// The canvas, a row at a time: transparent outside the frame, the frame's colours inside;
    /// straight into the output at full size, else through a `RowDownscaler`.
    private static func draw(_ indices: [UInt8], palette: [UInt32], frame: (left: Int, top: Int, width: Int, height: Int),
                             canvas: PixelSize, wanted: PixelSize, premultiply: Bool) -> RGBAImage {
        let reduced = wanted == canvas ? nil : RowDownscaler(width: canvas.width, height: canvas.height, to: wanted, premultiply: premultiply)
        var full = reduced == nil ? [UInt8](repeating: 0, count: canvas.pixelCount * 4) : []
        var row = [UInt32](repeating: 0, count: canvas.width)
        indices.withUnsafeBufferPointer { indices in
            palette.withUnsafeBufferPointer { palette in
                for y in 0..<canvas.height {
                    let inside = y >= frame.top && y < frame.top + frame.height
                    // Rows above and below the frame: transparent (the full-size output is
                    // cleared already).
                    guard inside else {
                        reduced?.addTransparentRow()
                        continue
                    }
                    row.withUnsafeMutableBufferPointer { row in
                        for x in 0..<canvas.width { row[x] = 0 }
                        if inside {
                            let source = (y - frame.top) * frame.width
                            for x in 0..<frame.width { row[frame.left + x] = palette[Int(indices[source + x])] }
                        }
                        if let reduced {
                            UnsafeRawPointer(row.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: canvas.width * 4) { reduced.add($0) }
                        } else {
                            full.withUnsafeMutableBytes { out in
                                (out.baseAddress! + y * canvas.width * 4).copyMemory(from: row.baseAddress!, byteCount: canvas.width * 4)
                            }
                        }
                    }
                }
            }
        }
        if let reduced { return RGBAImage(width: reduced.size.width, height: reduced.size.height, pixels: reduced.finish()) }
        return RGBAImage(width: canvas.width, height: canvas.height, pixels: full)
    }

    /// giflib's error code as a `PictureError`: a read past the end is a truncated file.
    static func pictureError(_ code: Int32, name: String) -> PictureError {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        if code == D_GIF_ERR_READ_FAILED { return .truncated(path: name, reason: "the file ends inside the GIF data") }
        if code == D_GIF_ERR_NOT_GIF_FILE { return .unsupported(path: name, reason: reason) }
        return .corrupt(path: name, reason: reason.prefix(1).lowercased() + reason.dropFirst())
    }
}
