import CardTestSupport
import Testing
@testable import CardPixels

/// The resampler (`RGBAImage.resized`, `filled`) passes the picture row by row, keeping a few
/// rows of floats: the same bytes as the pass over the whole picture it replaced, which held 32
/// bytes of floats a source pixel (issue 32: +190 MiB when a 48 MP HEIC's regions were enlarged to
/// their level).
@Suite struct RowResamplingTests {
    /// The whole-picture pass as it was (premultiplied copy of the source, then the horizontal
    /// pass of every row read, then the vertical pass): the reference.
    static func wholePass(_ image: RGBAImage, source: (x: Double, y: Double, width: Double, height: Double),
                          width: Int, height: Int) -> RGBAImage {
        let columns = resamplingTaps(count: width, sourceCount: image.width, start: source.x, step: source.width / Double(width))
        let rows = resamplingTaps(count: height, sourceCount: image.height, start: source.y, step: source.height / Double(height))
        let pixels = image.pixels, sourceWidth = image.width
        let premultiplied: [SIMD4<Float>] = stride(from: 0, to: pixels.count, by: 4).map { i in
            let alpha = Float(pixels[i + 3])
            return SIMD4(Float(pixels[i]) * alpha / 255, Float(pixels[i + 1]) * alpha / 255, Float(pixels[i + 2]) * alpha / 255, alpha)
        }
        var horizontal = [SIMD4<Float>](repeating: .zero, count: width * image.height)
        for y in Set(rows.joined().map(\.index)) {
            for (x, taps) in columns.enumerated() {
                var sum = SIMD4<Float>.zero
                for tap in taps { sum += premultiplied[y * sourceWidth + tap.index] * tap.weight }
                horizontal[y * width + x] = sum
            }
        }
        var result = [UInt8](repeating: 0, count: width * height * 4)
        for (y, taps) in rows.enumerated() {
            for x in 0..<width {
                var sum = SIMD4<Float>.zero
                for tap in taps { sum += horizontal[tap.index * width + x] * tap.weight }
                let out = (y * width + x) * 4, alpha = min(255, max(0, sum.w))
                guard alpha > 0 else { continue }
                let color = (sum * (255 / alpha)).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)).rounded(.toNearestOrAwayFromZero)
                result[out] = UInt8(color.x)
                result[out + 1] = UInt8(color.y)
                result[out + 2] = UInt8(color.z)
                result[out + 3] = UInt8(alpha.rounded())
            }
        }
        return RGBAImage(width: width, height: height, pixels: result)
    }

    /// A picture of pseudo-random colours and alphas (some transparent).
    static func noise(width: Int, height: Int, seed: UInt32) -> RGBAImage {
        var state = seed
        let pixels = (0..<(width * height * 4)).map { i -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            let value = UInt8(state >> 24)
            return i % 4 == 3 ? (value < 40 ? 0 : value) : value
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Enlarged, reduced, both at once, and a centre crop (`filled`): every byte the whole pass's.
    @Test func theSameBytesAsTheWholePass() {
        let image = Self.noise(width: 61, height: 47, seed: 7)
        for (width, height) in [(128, 100), (20, 15), (140, 12), (9, 90), (61, 48), (1, 1)] {
            let resized = image.resized(width: width, height: height)
            let reference = Self.wholePass(image, source: (0, 0, 61, 47), width: width, height: height)
            #expect(resized.width == width && resized.height == height)
            #expect(resized.pixels == reference.pixels, "\(width)×\(height)")
        }
        let filled = image.filled(into: (width: 100, height: 30))
        let scale = max(100.0 / 61, 30.0 / 47), crop = (100 / scale, 30 / scale)
        let reference = Self.wholePass(image, source: ((61 - crop.0) / 2, (47 - crop.1) / 2, crop.0, crop.1), width: 100, height: 30)
        #expect(filled.pixels == reference.pixels)
    }
}
