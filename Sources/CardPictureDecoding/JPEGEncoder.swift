import CTurboJPEG
import CardPixels

/// JPEG writing through TurboJPEG, for tools (test photo folders, the fuzzers' seed corpus):
/// the viewer itself only reads JPEG.
public enum JPEGEncoder {
    /// The colour model written.
    public enum Color: Sendable {
        /// YCbCr with 4:2:0 chroma subsampling, as cameras write.
        case ycbcr420
        /// YCbCr without subsampling.
        case ycbcr444
        /// One grey component (luma).
        case grayscale
        /// Four components, Adobe's inverted CMYK computed naively from RGB (K = 1 − max).
        case cmyk
    }

    /// `image` (alpha ignored) as a JPEG of `quality` 1…100.
    public static func encode(_ image: RGBAImage, quality: Int = 90, color: Color = .ycbcr420,
                              progressive: Bool = false) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw PictureError.unsupported(path: "<memory>", reason: "TurboJPEG could not start") }
        defer { tjDestroy(handle) }
        var samples = image.pixels
        var format = TJPF_RGBA, subsampling = TJSAMP_420
        switch color {
        case .ycbcr420: break
        case .ycbcr444: subsampling = TJSAMP_444
        case .grayscale: subsampling = TJSAMP_GRAY
        case .cmyk:
            format = TJPF_CMYK
            subsampling = TJSAMP_444
            for i in stride(from: 0, to: samples.count, by: 4) {
                // Inverted CMYK (255 = no ink): K' = max(R, G, B), C' = R·255/K', …
                let k = max(samples[i], samples[i + 1], samples[i + 2])
                let scale = k == 0 ? 0 : 255 / Double(k)
                (samples[i], samples[i + 1], samples[i + 2], samples[i + 3]) =
                    (UInt8(min(255, (Double(samples[i]) * scale).rounded())), UInt8(min(255, (Double(samples[i + 1]) * scale).rounded())),
                     UInt8(min(255, (Double(samples[i + 2]) * scale).rounded())), k)
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = samples.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(format.rawValue),
                        &output, &size, Int32(subsampling.rawValue), Int32(max(1, min(100, quality))),
                        progressive ? Int32(TJFLAG_PROGRESSIVE) : 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else {
            throw PictureError.unsupported(path: "<memory>", reason: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with an APP1 Exif segment right after its start-of-image marker whose IFD0 holds
    /// only the Orientation tag (little-endian TIFF).
    public static func withOrientation(_ jpeg: [UInt8], _ orientation: PictureOrientation) -> [UInt8] {
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0,
                             UInt8(orientation.rawValue), 0, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }
}
