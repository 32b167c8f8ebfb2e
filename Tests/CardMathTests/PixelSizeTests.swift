import CardMath
import Testing

/// The one pixel-size type (window, renderer, decoders and the picture pool all use it).
@Suite struct PixelSizeTests {
    @Test func negativeSidesBecomeZeroAndEmpty() {
        let size = PixelSize(width: -3, height: 5)
        #expect(size.width == 0 && size.height == 5)
        #expect(size.isEmpty && size.aspect == 0 && size.rgbaBytes == 0 && size.pixelCount == 0)
        #expect(PixelSize(width: 0, height: 0).isEmpty)
        #expect(!PixelSize(width: 1, height: 1).isEmpty)
    }

    @Test func derivedMeasures() {
        let size = PixelSize(width: 1920, height: 1080)
        #expect(size.aspect == 1920.0 / 1080.0)
        #expect(size.pixelCount == 2_073_600)
        #expect(size.rgbaBytes == 8_294_400)
        #expect(size.longerSide == 1920)
        #expect(size.transposed == PixelSize(width: 1080, height: 1920))
        #expect(size.description == "1920x1080")
    }
}
