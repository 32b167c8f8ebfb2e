import CardMath
import CardPixels
import CardTestSupport
import Testing
@testable import CardPictureDecoding

@Suite("Area downscaler: averages exactly what each pixel covers")
struct DownscalerTests {
    @Test(arguments: [(7, 3), (10, 10), (1000, 3), (13, 1), (5, 4)])
    func weightsCoverTheSourceOnceAndSumToOne(source: Int, destination: Int) {
        let taps = AxisTaps(source: source, destination: destination)
        var coverage = [Double](repeating: 0, count: source)
        for i in 0..<destination {
            let weights = (0..<taps.count[i]).map { Double(taps.weights[i * taps.stride + $0]) }
            #expect(closeEnough(weights.reduce(0, +), 1, absolute: 1e-5))
            for (tap, weight) in weights.enumerated() {
                coverage[taps.first[i] + tap] += weight * Double(source) / Double(destination)
            }
        }
        // Every source pixel counts exactly once in total.
        #expect(coverage.allSatisfy { closeEnough($0, 1, absolute: 1e-4) })
    }

    @Test func aUniformPictureStaysExactlyUniform() {
        let image = RGBAImage(width: 37, height: 23, fill: (12, 200, 99, 255))
        let small = AreaDownscaler.downscale(image, to: PixelSize(width: 5, height: 4))
        #expect(small.width == 5 && small.height == 4)
        #expect(stride(from: 0, to: small.pixels.count, by: 4).allSatisfy { small.pixels[$0..<$0 + 4].elementsEqual([12, 200, 99, 255]) })
    }

    @Test func wholeFactorsAverageBlocks() {
        // A 1-pixel checkerboard of black and white halves to mid-grey; thirds of a 3-pixel
        // stripe pattern (two white, one black) come out 170.
        var board = RGBAImage(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; board[x, y] = (v, v, v, 255) } }
        let gray = AreaDownscaler.downscale(board, to: PixelSize(width: 4, height: 4))
        #expect(gray.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : $0.element == 128 })
        var stripes = RGBAImage(width: 9, height: 1)
        for x in 0..<9 { let v: UInt8 = x % 3 == 2 ? 0 : 255; stripes[x, 0] = (v, v, v, 255) }
        let third = AreaDownscaler.downscale(stripes, to: PixelSize(width: 3, height: 1))
        #expect((0..<3).allSatisfy { third[$0, 0].r == 170 })
    }

    @Test func fractionalFactorsWeighPartlyCoveredPixels() {
        // 3 → 2: the middle source pixel is shared half and half: (255·2/3 + 0·1/3) = 170.
        var image = RGBAImage(width: 3, height: 1)
        image[0, 0] = (255, 255, 255, 255); image[1, 0] = (0, 0, 0, 255); image[2, 0] = (255, 255, 255, 255)
        let out = AreaDownscaler.downscale(image, to: PixelSize(width: 2, height: 1))
        #expect(out[0, 0].r == 170 && out[1, 0].r == 170)
    }

    @Test func transparentPixelsLendNoColor() {
        // Transparent red next to opaque blue: the average is blue at half coverage.
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = (255, 0, 0, 0)
        image[1, 0] = (0, 0, 255, 255)
        let out = AreaDownscaler.downscale(image, to: PixelSize(width: 1, height: 1))
        #expect(out[0, 0] == (0, 0, 255, 128))
        let clear = AreaDownscaler.downscale(RGBAImage(width: 4, height: 4, fill: (9, 9, 9, 0)), to: PixelSize(width: 2, height: 2))
        #expect(clear.pixels.allSatisfy { $0 == 0 })
    }

    @Test func anyTranslucentPixelIsNoticed() {
        for count in [1, 2, 3, 7] {
            for translucent in 0..<count {
                var pixels = [UInt8](repeating: 255, count: count * 4)
                #expect(pixels.withUnsafeBufferPointer(AreaDownscaler.isOpaque))
                pixels[translucent * 4 + 3] = 254
                #expect(!pixels.withUnsafeBufferPointer(AreaDownscaler.isOpaque), "pixel \(translucent) of \(count)")
            }
        }
    }

    @Test(arguments: [(64, 48, 10, 7), (100, 30, 33, 29), (17, 91, 16, 3), (640, 480, 213, 160)])
    func agreesWithTheReferenceResampler(width: Int, height: Int, toWidth: Int, toHeight: Int) {
        // RGBAImage.resized (CardImaging) is the slow, simple reference: area average on
        // premultiplied values in Double-weighted taps.
        var random = SplitMix64(seed: UInt64(width * 1000 + toWidth))
        var image = RGBAImage(width: width, height: height)
        for i in 0..<image.pixels.count { image.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        for i in stride(from: 3, to: image.pixels.count, by: 4) where i % 12 != 3 { image.pixels[i] = 255 }
        let fast = AreaDownscaler.downscale(image, to: PixelSize(width: toWidth, height: toHeight))
        let reference = image.resized(width: toWidth, height: toHeight)
        #expect(fast.width == toWidth && fast.height == toHeight)
        let worst = zip(fast.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst)")
    }

    @Test func targetsKeepTheAspectAndNeverEnlarge() {
        let photo = PixelSize(width: 4000, height: 3000)
        #expect(PictureTarget.fit(PixelSize(width: 640, height: 400)).size(for: photo) == PixelSize(width: 534, height: 400))
        #expect(PictureTarget.cover(PixelSize(width: 640, height: 400)).size(for: photo) == PixelSize(width: 640, height: 480))
        #expect(PictureTarget.fit(PixelSize(width: 640, height: 400)).size(for: photo.transposed) == PixelSize(width: 300, height: 400))
        #expect(PictureTarget.cover(PixelSize(width: 640, height: 400)).size(for: photo.transposed) == PixelSize(width: 640, height: 854))
        #expect(PictureTarget.fit(PixelSize(width: 8000, height: 8000)).size(for: photo) == photo)
        #expect(PictureTarget.fullSize.size(for: photo) == photo)
        // A panorama fitted into a small box keeps at least one pixel on its short side.
        #expect(PictureTarget.fit(PixelSize(width: 10, height: 10)).size(for: PixelSize(width: 10000, height: 50)) == PixelSize(width: 10, height: 1))
    }
}
