import CPNG
import CardPixels
import Foundation

extension PNGCodec {
    /// libpng's `PNG_FORMAT_LINEAR_RGB_ALPHA`: 16-bit samples, alpha premultiplied.
    private static let linearRGBAFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR)

    /// Decodes a 16-bit PNG without libpng's 16-to-8-bit conversion, for the two cases where that
    /// conversion is wrong:
    ///
    /// - Adam7-interlaced files. Before libpng 1.6.51 the conversion overflows the caller's buffer
    ///   (CVE-2025-65018); from 1.6.51 on, and in distributions' backports of that fix, it assembles
    ///   the passes wrongly (libpng issue #853) and over-reads when the row stride is padded (#778).
    /// - Files declaring a gamma (gAMA): libpng's 16-bit gamma tables drop low bits, so dark
    ///   samples come out up to 7 steps too dark (measured with gAMA 1.0 on libpng 1.6.39).
    ///
    /// Instead the file's colour-encoding chunks are hidden (`PNGChunkScan.withoutColorEncoding`) so
    /// libpng treats the samples as linear and leaves them unchanged, and its 16-bit output is read.
    /// That output is alpha-premultiplied, c = v·a/65535, so each sample is recovered as c·65535/a,
    /// the declared gamma applied as libpng would (`PNGChunkScan.sRGBExponent`) and rounded to
    /// 8 bits, round(v/257) without gamma. Colours of pixels with 16-bit alpha of at least 256 come
    /// out within one step; fully transparent pixels come out (0, 0, 0, 0), since premultiplication
    /// erased their colour, and nearly transparent ones (alpha below 256 of 65535, invisible at
    /// 8 bits) carry only an approximate colour. Opaque pixels without gamma are exact.
    static func decodeSixteenBitFromLinear(_ bytes: [UInt8], scan: PNGChunkScan, name: String) throws -> RGBAImage {
        let (width, height, linear) = try readPixels(PNGChunkScan.withoutColorEncoding(bytes), name: name,
                                                     format: linearRGBAFormat, flags: 0, zero: UInt16(0))
        let exponent = scan.sRGBExponent
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: linear.count, by: 4) {
            let alpha = Int(linear[i + 3])
            guard alpha > 0 else { continue }
            for channel in 0..<3 {
                // The straight 16-bit sample, v = c · 65535 / a, as a fraction of full scale.
                var value = min(1, Double(linear[i + channel]) / Double(alpha))
                if let exponent { value = Foundation.pow(value, exponent) }
                pixels[i + channel] = UInt8((value * 255).rounded())
            }
            pixels[i + 3] = UInt8((2 * alpha + 257) / 514)  // round(a / 257)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
