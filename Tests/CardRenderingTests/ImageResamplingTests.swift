import CardImaging
@testable import CardRendering
import CardTestSupport
import Testing

@Suite("Image resampling and label glyphs")
struct ImageResamplingTests {
    @Test("weights along an axis sum to 1 and stay inside the source", arguments: [(640, 400), (400, 640), (3, 7), (7, 3), (1, 5)])
    func weights(source: Int, target: Int) {
        for taps in ImageResampler.weights(from: source, to: target) {
            #expect(abs(taps.map(\.1).reduce(0, +) - 1) < 1e-5)
            #expect(taps.allSatisfy { $0.0 >= 0 && $0.0 < source })
        }
    }

    @Test("shrinking averages areas: a 2 × 2 checker becomes its mean grey")
    func areaAverage() {
        var image = RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 255))
        for y in 0..<4 { for x in 0..<4 where (x + y) % 2 == 0 { image[x, y] = (255, 255, 255, 255) } }
        let small = ImageResampler.resize(image, width: 2, height: 2)
        for y in 0..<2 { for x in 0..<2 {
            let p = small[x, y]
            #expect(p.r == 128 && p.g == 128 && p.b == 128 && p.a == 255)
        } }
    }

    @Test("a solid colour stays that colour at any size; transparent pixels do not darken edges")
    func solid() {
        var image = RGBAImage(width: 5, height: 3, fill: (10, 200, 30, 255))
        image[0, 0] = (0, 0, 0, 0)
        for (w, h) in [(640, 400), (2, 1), (5, 3)] {
            let resized = ImageResampler.resize(image, width: w, height: h)
            #expect(resized.width == w && resized.height == h)
            let p = resized[w - 1, h - 1]
            #expect(p.r == 10 && p.g == 200 && p.b == 30 && p.a == 255)
            let corner = resized[0, 0]
            if corner.a > 0 { #expect(corner.g >= 199) }  // colour of the opaque neighbours, not black
        }
    }

    @Test("label glyphs: ten equal digits make a padded strip; anything else is refused")
    func glyphStrip() throws {
        let digits = (0..<10).map { _ in RGBAImage(width: 4, height: 6, fill: (255, 255, 255, 255)) }
        let glyphs = try #require(LabelGlyphs(digits: digits))
        #expect(glyphs.cellWidth == 4 + 2 * LabelGlyphs.padding)
        #expect(glyphs.strip.width == 10 * glyphs.cellWidth && glyphs.strip.height == 6)
        #expect(glyphs.strip[0, 0].a == 0)                        // padding
        #expect(glyphs.strip[LabelGlyphs.padding, 0].a == 255)    // ink
        #expect(LabelGlyphs(digits: Array(digits.prefix(9))) == nil)
        #expect(LabelGlyphs(digits: digits.dropLast() + [RGBAImage(width: 5, height: 6)]) == nil)
    }
}

@Suite("Merge sort")
struct MergeSortTests {
    @Test("sorts like the standard library and reuses its scratch", arguments: [0, 1, 15, 16, 17, 100, 1000])
    func sorts(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        var values = (0..<count).map { _ in Int(generator.next() % 50) }
        let expected = values.sorted()
        var scratch: [Int] = []
        MergeSort.sort(&values, scratch: &scratch)
        #expect(values == expected)
    }
}

