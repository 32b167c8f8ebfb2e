import CardPixels
import Testing

/// `ColorQuantizer`: at most 256 colours, exact for images that have at most that many, close
/// for photographic gradients, the same output every run.
@Suite struct ColorQuantizerTests {
    /// A smooth gradient of 256 × 64 pixels: 65,536 distinct colours at most.
    static func gradient() -> RGBAImage {
        var image = RGBAImage(width: 256, height: 64)
        for y in 0..<64 {
            for x in 0..<256 { image[x, y] = (UInt8(x), UInt8(y * 4), UInt8((x + y * 3) & 255), 255) }
        }
        return image
    }

    @Test("at most 256 colours: each pixel keeps its exact colour, the palette is the image's colours")
    func exactForFewColours() {
        var image = RGBAImage(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 { image[x, y] = (UInt8(x % 16 * 16), UInt8(y % 16 * 16), UInt8((x % 16 * 3 + y % 16 * 5) % 256), 255) }  // 16 × 16 = 256 colours
        }
        let q = ColorQuantizer.quantize(image)
        #expect(q.palette.count <= 256 && q.palette.count > 100)
        #expect(q.rgba() == image)
        // Exactly 256 colours: still exact.
        var full = RGBAImage(width: 16, height: 16)
        for i in 0..<256 { full[i % 16, i / 16] = (UInt8(i), UInt8(255 - i), UInt8(i / 2), 255) }
        let fq = ColorQuantizer.quantize(full)
        #expect(fq.palette.count == 256)
        #expect(fq.rgba() == full)
    }

    @Test("more colours: at most 256, every pixel within the cell size plus the palette's spacing; mean error small")
    func closeForGradients() {
        let image = Self.gradient()
        let q = ColorQuantizer.quantize(image)
        #expect(q.palette.count <= 256 && q.palette.count > 100)
        #expect(q.palette.count > 200)  // the gradient uses them
        #expect(q.indices.allSatisfy { Int($0) < q.palette.count })
        let out = q.rgba()
        var total = 0, worst = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = abs(Int(out.pixels[i + c]) - Int(image.pixels[i + c]))
                total += d
                worst = max(worst, d)
            }
        }
        let mean = Double(total) / Double(image.width * image.height * 3)
        // 65,536 colours in 256: about 40 per colour; a box of ~40 cells of 8 levels is about
        // 3.4 cells a side, so the mean error is a few levels and the worst well under 64.
        #expect(mean < 8, "mean error \(mean)")
        #expect(worst < 48, "worst error \(worst)")
    }

    @Test("fewer colours asked for: the palette has at most that many")
    func limit() {
        let q = ColorQuantizer.quantize(Self.gradient(), maxColors: 16)
        #expect(q.palette.count <= 16)
        #expect(ColorQuantizer.quantize(RGBAImage(width: 3, height: 3, fill: (1, 2, 3, 255)), maxColors: 1).palette.count == 1)
    }

    @Test("deterministic: the same image gives the same palette and indices")
    func deterministic() {
        #expect(ColorQuantizer.quantize(Self.gradient()) == ColorQuantizer.quantize(Self.gradient()))
    }
}
