import CWebP
import CardMath
import CardPixels

/// WebP decoding through libwebp at about the size needed: a still picture (lossy VP8 or
/// lossless VP8L, with or without alpha) is decoded straight to the target's size by libwebp's
/// own scaler (`options.use_scaling`), into the output buffer; an animation's first frame is
/// decoded whole onto its canvas (transparent where the frame does not cover it) and reduced by
/// area averaging. The EXIF chunk's orientation is applied, and the ICCP chunk's profile handed
/// to `ColorConversion`.
///
/// Thread-safe: each call owns its decoder configuration, buffers and demuxer.
enum WebPDecoder {
    /// Decodes the WebP `bytes` (the whole file) whose header is `header` at `upright` pixels
    /// (the target's size for the picture). Returns upright 8-bit straight-alpha RGBA.
    static func decode(_ bytes: [UInt8], header: WebPHeader, target upright: PixelSize, name: String) throws -> RGBAImage {
        let wanted = header.orientation.swapsAxes ? upright.transposed : upright
        var image = header.isAnimated ? try decodeFirstFrame(bytes, header: header, wanted: wanted, name: name)
            : try decodeStill(bytes, header: header, wanted: wanted, name: name)
        image = header.orientation.upright(image)
        if let profile = header.iccProfile, profile.upperBound <= bytes.count {
            ColorConversion.convertToSRGB(&image, iccProfile: Array(bytes[profile]))
        }
        return image
    }

    /// A still picture scaled by libwebp to `wanted` (stored pixels) as it is decoded.
    private static func decodeStill(_ bytes: [UInt8], header: WebPHeader, wanted: PixelSize, name: String) throws -> RGBAImage {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw PictureError.unreadable(path: name, reason: "libwebp could not start (version mismatch)")
        }
        if wanted != header.size {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(wanted.width)
            config.options.scaled_height = Int32(wanted.height)
        }
        // Not cleared first: libwebp writes every pixel of a decode that succeeds, and a header
        // declaring a huge picture over a few bytes of data fails without touching most pages.
        var pixels = [UInt8](unsafeUninitializedCapacity: wanted.pixelCount * 4) { _, count in count = wanted.pixelCount * 4 }
        let status = pixels.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer {
                decode($0, into: out.baseAddress!, width: wanted.width, height: wanted.height, stride: wanted.width * 4, config: &config)
            }
        }
        try WebPHeader.check(status, name: name)
        return RGBAImage(width: wanted.width, height: wanted.height, pixels: pixels)
    }

    /// The first frame of an animation, placed on a transparent canvas of the header's size,
    /// then reduced to `wanted`.
    private static func decodeFirstFrame(_ bytes: [UInt8], header: WebPHeader, wanted: PixelSize, name: String) throws -> RGBAImage {
        let canvas = header.size
        var pixels = [UInt8](repeating: 0, count: canvas.pixelCount * 4)
        try bytes.withUnsafeBufferPointer { file in
            var data = WebPData(bytes: file.baseAddress, size: file.count)
            guard let demux = WebPDemux(&data) else {
                throw PictureError.corrupt(path: name, reason: "the WebP animation's chunks cannot be read")
            }
            defer { WebPDemuxDelete(demux) }
            guard Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)) == canvas.width,
                  Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)) == canvas.height else {
                throw PictureError.corrupt(path: name, reason: "the WebP canvas size changed while the file was read")
            }
            var frame = WebPIterator()
            guard WebPDemuxGetFrame(demux, 1, &frame) != 0 else {
                throw PictureError.truncated(path: name, reason: "the WebP animation has no complete first frame")
            }
            defer { WebPDemuxReleaseIterator(&frame) }
            let x = Int(frame.x_offset), y = Int(frame.y_offset), width = Int(frame.width), height = Int(frame.height)
            guard width > 0, height > 0, x >= 0, y >= 0, x + width <= canvas.width, y + height <= canvas.height else {
                throw PictureError.corrupt(path: name, reason: "the first frame (\(width)x\(height) at \(x),\(y)) lies outside the \(canvas) canvas")
            }
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else {
                throw PictureError.unreadable(path: name, reason: "libwebp could not start (version mismatch)")
            }
            let fragment = UnsafeBufferPointer(start: frame.fragment.bytes, count: frame.fragment.size)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                decode(fragment, into: out.baseAddress! + (y * canvas.width + x) * 4, width: width, height: height,
                       stride: canvas.width * 4, config: &config)
            }
            try WebPHeader.check(status, name: name)
        }
        return AreaDownscaler.downscale(RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels), to: wanted)
    }

    /// Runs libwebp on `bytes` with its output in `pixels` (`width × height` RGBA, straight
    /// alpha, rows `stride` bytes apart), which the caller owns.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                               config: inout WebPDecoderConfig) -> VP8StatusCode {
        config.output.colorspace = MODE_RGBA
        config.output.is_external_memory = 1
        config.output.width = Int32(width)
        config.output.height = Int32(height)
        config.output.u.RGBA.rgba = pixels
        config.output.u.RGBA.stride = Int32(stride)
        config.output.u.RGBA.size = (height - 1) * stride + width * 4
        let status = WebPDecode(bytes.baseAddress, bytes.count, &config)
        WebPFreeDecBuffer(&config.output)
        return status
    }
}
