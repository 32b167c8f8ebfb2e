import CGIF
import CWebP
import CardPixels

/// An animation read back whole (the tests of `record` and of the docs' animations): every
/// frame as the canvas shows it, and when each ends.
public struct DecodedAnimation: Sendable {
    /// The canvas after each frame, RGBA.
    public var frames: [RGBAImage]
    /// When each frame ends, milliseconds from the start (WebP's timestamps; for a GIF the
    /// running sum of its delays × 10).
    public var endMilliseconds: [Int]
    /// Each frame's delay in centiseconds (GIF only; empty for WebP).
    public var gifDelays: [Int] = []
    /// The loop count: 0 forever; nil when the file has no loop extension (a GIF without
    /// NETSCAPE2.0 plays once).
    public var loopCount: Int?
}

public enum AnimationReader {
    /// Decodes an animated (or still) WebP with libwebp's `WebPAnimDecoder`.
    public static func webp(_ bytes: [UInt8]) throws -> DecodedAnimation {
        try bytes.withUnsafeBufferPointer { file in
            var data = WebPData(bytes: file.baseAddress, size: file.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw AnimationError("libwebpdemux: version mismatch") }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw AnimationError("not an animated WebP libwebp reads") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw AnimationError("WebP: no animation info") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var result = DecodedAnimation(frames: [], endMilliseconds: [], loopCount: Int(info.loop_count))
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                    throw AnimationError("WebP: frame \(result.frames.count) does not decode")
                }
                result.frames.append(RGBAImage(width: width, height: height,
                                               pixels: Array(UnsafeBufferPointer(start: buffer, count: width * height * 4))))
                result.endMilliseconds.append(Int(timestamp))
            }
            return result
        }
    }

    private final class Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    /// Decodes a GIF with giflib's `DGifSlurp` and draws its frames in order onto the canvas
    /// (disposal "do not dispose" and "background" as GIF89a says; transparency honoured).
    public static func gif(_ bytes: [UInt8]) throws -> DecodedAnimation {
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
                }, &error) else { throw AnimationError("not a GIF giflib reads (error \(error))") }
                defer { DGifCloseFile(gif, &error) }
                guard DGifSlurp(gif) == GIF_OK else { throw AnimationError("GIF: does not decode (error \(gif.pointee.Error))") }
                return try frames(gif)
            }
        }
    }

    private static func frames(_ gif: UnsafeMutablePointer<GifFileType>) throws -> DecodedAnimation {
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        var canvas = RGBAImage(width: width, height: height)
        var result = DecodedAnimation(frames: [], endMilliseconds: [])
        var elapsed = 0
        for n in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[n]
            if let blocks = saved.ExtensionBlocks {
                for b in 0..<Int(saved.ExtensionBlockCount)
                where blocks[b].Function == APPLICATION_EXT_FUNC_CODE && blocks[b].ByteCount == 11 {
                    let name = String(decoding: UnsafeBufferPointer(start: blocks[b].Bytes, count: 11), as: UTF8.self)
                    if name == "NETSCAPE2.0", b + 1 < Int(saved.ExtensionBlockCount), blocks[b + 1].ByteCount >= 3,
                       blocks[b + 1].Bytes[0] == 1 {
                        result.loopCount = Int(blocks[b + 1].Bytes[1]) | Int(blocks[b + 1].Bytes[2]) << 8
                    }
                }
            }
            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                               TransparentColor: NO_TRANSPARENT_COLOR)
            DGifSavedExtensionToGCB(gif, Int32(n), &control)
            let desc = saved.ImageDesc
            guard let map = desc.ColorMap ?? gif.pointee.SColorMap else { throw AnimationError("GIF: frame \(n) has no colour map") }
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            let before = canvas
            for y in 0..<h where top + y < height {
                for x in 0..<w where left + x < width {
                    let index = Int(saved.RasterBits[y * w + x])
                    guard index != Int(control.TransparentColor), index < Int(map.pointee.ColorCount) else { continue }
                    let c = map.pointee.Colors[index]
                    canvas[left + x, top + y] = (c.Red, c.Green, c.Blue, 255)
                }
            }
            result.frames.append(canvas)
            elapsed += Int(control.DelayTime) * 10
            result.gifDelays.append(Int(control.DelayTime))
            result.endMilliseconds.append(elapsed)
            if control.DisposalMode == DISPOSE_BACKGROUND {
                for y in top..<min(top + h, height) { for x in left..<min(left + w, width) { canvas[x, y] = (0, 0, 0, 0) } }
            } else if control.DisposalMode == DISPOSE_PREVIOUS {
                canvas = before
            }
        }
        return result
    }
}
