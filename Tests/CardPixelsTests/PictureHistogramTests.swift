import CardPixels
import Testing

/// `PictureHistogram` (SPEC §13, `G`): the counts against counts made directly from the pixels.
@Suite struct PictureHistogramTests {
    /// A 97 × 61 picture of every kind of pixel: a pseudo-random colour in most, white, black,
    /// one channel at 255, transparent ones.
    static func picture() -> RGBAImage {
        var image = RGBAImage(width: 97, height: 61)
        var seed: UInt32 = 12345
        func next() -> UInt8 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                switch (x + 3 * y) % 11 {
                case 0: image[x, y] = (255, 255, 255, 255)
                case 1: image[x, y] = (0, 0, 0, 255)
                case 2: image[x, y] = (next(), 255, next(), 255)
                case 3: image[x, y] = (next(), next(), next(), 0)
                default: image[x, y] = (next(), next(), next(), 255)
                }
            }
        }
        return image
    }

    @Test("bins, clipped counts and percentages equal counts made pixel by pixel")
    func countsMatchThePixels() {
        let image = Self.picture()
        let histogram = PictureHistogram(image)
        var luminance = [Int](repeating: 0, count: 256), red = luminance, green = luminance, blue = luminance
        var counted = 0, blown = 0, crushed = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.a > 0 else { continue }
                counted += 1
                red[Int(p.r)] += 1
                green[Int(p.g)] += 1
                blue[Int(p.b)] += 1
                let y709 = 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
                luminance[Int(y709.rounded())] += 1
                if max(p.r, p.g, p.b) == 255 { blown += 1 }
                if p.r == 0 && p.g == 0 && p.b == 0 { crushed += 1 }
            }
        }
        #expect(histogram.red == red)
        #expect(histogram.green == green)
        #expect(histogram.blue == blue)
        #expect(histogram.luminance == luminance)
        #expect(histogram.pixelCount == counted)
        #expect(histogram.blownCount == blown)
        #expect(histogram.crushedCount == crushed)
        #expect(counted < image.width * image.height)  // the transparent pixels are left out
        #expect(histogram.blownFraction == Double(blown) / Double(counted))
        #expect(histogram.crushedFraction == Double(crushed) / Double(counted))
        for bins in [histogram.red, histogram.green, histogram.blue, histogram.luminance] { #expect(bins.reduce(0, +) == counted) }
    }

    @Test("white and black land in the end bins of every channel; an empty picture counts nothing")
    func ends() {
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 255])
        let histogram = PictureHistogram(image)
        for bins in [histogram.red, histogram.green, histogram.blue, histogram.luminance] {
            #expect(bins[0] == 1 && bins[255] == 1 && bins.reduce(0, +) == 2)
        }
        #expect(histogram.blownFraction == 0.5 && histogram.crushedFraction == 0.5)
        let empty = PictureHistogram(RGBAImage(width: 0, height: 0))
        #expect(empty.pixelCount == 0 && empty.blownFraction == 0 && empty.crushedFraction == 0)
    }
}
