import CardPixels
import CardTestSupport
import Testing

/// A one-row image of opaque grays.
private func grayRow(_ levels: [UInt8]) -> RGBAImage {
    RGBAImage(width: levels.count, height: 1, pixels: levels.flatMap { [$0, $0, $0, 255] })
}

/// The red channel of every pixel, row by row.
private func reds(_ image: RGBAImage) -> [UInt8] { stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] } }

@Suite("Resizing for texture layers")
struct ResizingTests {
    @Test func halvingAveragesPairs() {
        #expect(reds(grayRow([10, 30, 200, 100]).resized(width: 2, height: 1)) == [20, 150])
    }

    @Test func fractionalShrinkWeighsPartlyCoveredPixels() {
        // 3 → 2: each destination pixel covers 1.5 source pixels: (0·1 + 90·0.5) / 1.5 = 30, (90·0.5 + 180·1) / 1.5 = 150.
        #expect(reds(grayRow([0, 90, 180]).resized(width: 2, height: 1)) == [30, 150])
    }

    @Test func growingInterpolatesBetweenPixelCentersAndClampsAtEdges() {
        // 2 → 4: destination centres map to source x = −0.25, 0.25, 0.75, 1.25.
        #expect(reds(grayRow([0, 200]).resized(width: 4, height: 1)) == [0, 50, 150, 200])
        // 1 → 3 in both directions: a single colour everywhere.
        let dot = RGBAImage(width: 1, height: 1, fill: (12, 34, 56, 78))
        #expect(dot.resized(width: 3, height: 3) == RGBAImage(width: 3, height: 3, fill: (12, 34, 56, 78)))
    }

    @Test func transparentPixelsLendNoColor() {
        // Opaque red beside transparent green: straight averaging would give (128, 128, 0, 128).
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0])
        let shrunk = image.resized(width: 1, height: 1)
        #expect(samePixel(shrunk[0, 0], (255, 0, 0, 128)))
        // Growing: every interpolated pixel between them stays pure red, only alpha ramps.
        let grown = image.resized(width: 4, height: 1)
        #expect((0..<4).map { grown[$0, 0].a } == [255, 191, 64, 0])
        #expect((0..<3).allSatisfy { samePixel(grown[$0, 0], (255, 0, 0, grown[$0, 0].a)) })
        // Half-transparent pixels: premultiplied mean ((200·0.5 + 100·1) / 1.5, alpha 0.75).
        let mixed = RGBAImage(width: 2, height: 1, pixels: [200, 200, 200, 128, 100, 100, 100, 255]).resized(width: 1, height: 1)
        let alpha = (128.0 + 255) / 2, level = (200.0 * 128 + 100 * 255) / 2 / alpha
        #expect(nearPixel(mixed[0, 0], (UInt8(level.rounded()), UInt8(level.rounded()), UInt8(level.rounded()), UInt8(alpha.rounded())), tolerance: 0))
    }

    @Test func integerShrinkInTwoDimensionsIsTheBlockMean() throws {
        var random = SplitMix64(seed: 5)
        let source = RGBAImage(width: 8, height: 6, pixels: (0..<(8 * 6 * 4)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let shrunk = source.resized(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 {
                // Independently: the premultiplied mean of the 2×2 block.
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { source[2 * x + $0.0, 2 * y + $0.1] }
                let alpha = block.reduce(0.0) { $0 + Double($1.a) } / 4
                func channel(_ value: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> UInt8) -> UInt8 {
                    alpha == 0 ? 0 : UInt8(min(255, (block.reduce(0.0) { $0 + Double(value($1)) * Double($1.a) } / 4 / alpha).rounded()))
                }
                let expected = (channel { $0.r }, channel { $0.g }, channel { $0.b }, UInt8(alpha.rounded()))
                #expect(nearPixel(shrunk[x, y], expected, tolerance: 1), "(\(x),\(y))")
            }
        }
    }

    @Test func shrinkingOneAxisWhileGrowingTheOther() {
        // 4×1 → 2×2: columns average in pairs, rows copy the single source row.
        let image = grayRow([10, 30, 200, 100]).resized(width: 2, height: 2)
        #expect(reds(image) == [20, 150, 20, 150])
    }

    @Test func sameSizeIsIdenticalAndDegenerateSizesAreEmpty() {
        let image = grayRow([1, 2, 3])
        #expect(image.resized(width: 3, height: 1) == image)
        #expect(image.resized(width: 0, height: 5).pixels.isEmpty)
        #expect(image.resized(width: -3, height: 5).pixels.isEmpty)
        #expect(RGBAImage(width: 0, height: 0).resized(width: 2, height: 2) == RGBAImage(width: 2, height: 2))
    }

    @Test func fittedLetterboxesInTheCenter() {
        // 4×2 into 2×3: scale 0.5 → 2×1 content on row 1; rows 0 and 2 are the background.
        let image = RGBAImage(width: 4, height: 2, pixels: [UInt8](repeating: 200, count: 32))
        let fitted = image.fitted(into: (2, 3))
        #expect(fitted.width == 2 && fitted.height == 3)
        #expect(samePixel(fitted[0, 1], (200, 200, 200, 200)) && samePixel(fitted[1, 1], (200, 200, 200, 200)))
        #expect(samePixel(fitted[0, 0], (0, 0, 0, 0)) && samePixel(fitted[1, 2], (0, 0, 0, 0)))
        let onBlack = grayRow([90, 90]).fitted(into: (4, 4), background: .black)
        #expect(reds(onBlack) == [0, 0, 0, 0, 90, 90, 90, 90, 90, 90, 90, 90, 0, 0, 0, 0])
    }

    @Test func filledCropsTheCenter() {
        // 4×2 into 2×2: scale 1, the middle two columns exactly.
        let image = RGBAImage(width: 4, height: 2, pixels: [10, 20, 30, 40, 50, 60, 70, 80].flatMap { [$0, $0, $0, 255] })
        #expect(reds(image.filled(into: (2, 2))) == [20, 30, 60, 70])
        // 6×2 into 1×1: scale 0.5, the central 2×2 block averaged.
        let wide = RGBAImage(width: 6, height: 2, pixels: [0, 0, 10, 30, 0, 0, 0, 0, 50, 70, 0, 0].flatMap { [$0, $0, $0, 255] })
        #expect(reds(wide.filled(into: (1, 1))) == [40])
    }
}
