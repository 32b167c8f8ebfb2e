import CTurboJPEG
import CardMath
import CardPixels

/// JPEG decoding through libjpeg-turbo's TurboJPEG API at about the size needed: the DCT-domain
/// scaling factor (1/2, 1/4, 1/8, and libjpeg-turbo's other eighths) that still covers the
/// target is applied while decoding, so a 12-megapixel photo is never decoded whole for a card;
/// the rest is an area-average downscale. Baseline, extended and progressive (Huffman or
/// arithmetic coded) 8-bit files; greyscale, YCbCr/RGB and CMYK/YCCK colour.
///
/// Thread-safe: each call makes and destroys its own TurboJPEG handle; nothing is shared.
enum JPEGDecoder {
    /// libjpeg-turbo's own scan limit (TJFLAG_LIMITSCANS, 500 scans), kept as a backstop: files
    /// with more than `PictureLimits.maximumScans` are refused before TurboJPEG sees them.
    static let flags = Int32(TJFLAG_LIMITSCANS)

    /// Decodes `bytes`, whose header `header` has been scanned, at `upright` pixels (the
    /// target's size for the picture, `PictureTarget.size(for:)`). Returns upright 8-bit RGBA
    /// (opaque).
    static func decode(_ bytes: [UInt8], header: JPEGHeader, target upright: PixelSize, name: String) throws -> RGBAImage {
        guard header.precision == 8 else {
            throw PictureError.unsupported(path: name, reason: "\(header.precision)-bit samples (only 8-bit JPEG is decoded)")
        }
        guard !header.isLossless else { throw PictureError.unsupported(path: name, reason: "lossless JPEG") }
        guard [1, 3, 4].contains(header.components) else {
            throw PictureError.unsupported(path: name, reason: "\(header.components) colour components")
        }
        // A header declaring more blocks than the data could code is refused before TurboJPEG
        // allocates for them (a 200-byte file must not cost hundreds of megabytes).
        if let minimum = header.minimumScanBytes, bytes.count - header.scanOffset < minimum {
            throw PictureError.truncated(path: name, reason: "\(bytes.count - header.scanOffset) bytes of image data cannot hold a \(header.size) picture")
        }
        // The target in stored pixels (orientations 5–8 store the picture turned a quarter).
        let wanted = header.orientation.swapsAxes ? upright.transposed : upright
        let scaled = scaledSize(of: header.size, covering: wanted)
        guard let handle = tjInitDecompress() else {
            throw PictureError.unreadable(path: name, reason: "TurboJPEG could not start")
        }
        defer { tjDestroy(handle) }
        let cmyk = header.components == 4
        var pixels = [UInt8](unsafeUninitializedCapacity: scaled.pixelCount * 4) { buffer, count in
            count = scaled.pixelCount * 4
        }
        let status = pixels.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { jpeg in
                tjDecompress2(handle, jpeg.baseAddress, UInt(jpeg.count), out.baseAddress, Int32(scaled.width), 0,
                              Int32(scaled.height), Int32(cmyk ? TJPF_CMYK.rawValue : TJPF_RGBA.rawValue), flags)
            }
        }
        if status != 0 {
            let message = String(cString: tjGetErrorStr2(handle)).split(whereSeparator: \.isNewline).joined(separator: " ")
            if tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
                throw message.contains("Premature end") || message.contains("insufficient")
                    ? PictureError.truncated(path: name, reason: message) : PictureError.corrupt(path: name, reason: message)
            }
            // Warnings: a truncated file is refused; other damage libjpeg recovered from is shown.
            if message.contains("Premature end") { throw PictureError.truncated(path: name, reason: message) }
        }
        if cmyk { convertCMYKToRGBA(&pixels, inverted: header.hasAdobeMarker) }
        var image = RGBAImage(width: scaled.width, height: scaled.height, pixels: pixels)
        if scaled != wanted {
            image = pixels.withUnsafeBufferPointer { source in
                RGBAImage(width: wanted.width, height: wanted.height,
                          pixels: AreaDownscaler.downscale(source, width: scaled.width, height: scaled.height,
                                                           to: wanted, premultiply: false))
            }
        }
        return header.orientation.upright(image)
    }

    /// The smallest size libjpeg-turbo can decode `size` at (one of its scaling factors ≤ 1,
    /// each side ⌈side · num / denom⌉) that is at least `wanted` on both sides.
    static func scaledSize(of size: PixelSize, covering wanted: PixelSize) -> PixelSize {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return size }
        var best = size
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let num = Int(factor.num), denom = Int(factor.denom)
            let candidate = PixelSize(width: (size.width * num + denom - 1) / denom,
                                      height: (size.height * num + denom - 1) / denom)
            if candidate.width >= wanted.width, candidate.height >= wanted.height, candidate.pixelCount < best.pixelCount {
                best = candidate
            }
        }
        return best
    }

    /// CMYK samples (4 bytes a pixel, in place) to opaque RGBA. Adobe's files (APP14; every
    /// CMYK JPEG Photoshop or libjpeg writes) store inverted CMYK — 255 means no ink — so
    /// R = C·K/255; files without the marker store plain ink amounts: R = (255−C)(255−K)/255.
    /// A naive conversion without colour management, as browsers do without a profile.
    static func convertCMYKToRGBA(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index + 3 < buffer.count {
                var c = Int(buffer[index]), m = Int(buffer[index + 1]), y = Int(buffer[index + 2]), k = Int(buffer[index + 3])
                if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                buffer[index] = UInt8((c * k + 127) / 255)
                buffer[index + 1] = UInt8((m * k + 127) / 255)
                buffer[index + 2] = UInt8((y * k + 127) / 255)
                buffer[index + 3] = 255
                index += 4
            }
        }
    }
}
