import CardPixels
@testable import CardRendering
import Testing

/// A title's mip levels are made on one channel (`CardRenderer.halvedCoverage`): each must be
/// the level the RGBA box filter (`RGBAImage.mipChain`) makes of the same coverage drawn as an
/// opaque grey image, texel for texel, odd sizes (the last texel of three) included.
@Suite("title mip levels match the RGBA box filter")
struct TitleMipTests {
    @Test("every level of odd and even sizes, texel for texel", arguments: [(1024, 26), (7, 5), (1, 9), (9, 1), (3, 3), (2, 2)])
    func matchesRGBA(_ size: (Int, Int)) {
        let (width, height) = size
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var coverage = [UInt8](repeating: 0, count: width * height)
        for index in coverage.indices {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            coverage[index] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        let gray = RGBAImage(width: width, height: height, pixels: coverage.flatMap { [$0, $0, $0, 255] })
        let expected = gray.mipChain()
        var level = (width: width, height: height, bytes: coverage)
        for reference in expected.dropFirst() {
            level = CardRenderer.halvedCoverage(level.bytes, width: level.width, height: level.height)
            #expect(level.width == reference.width && level.height == reference.height)
            let red = stride(from: 0, to: reference.pixels.count, by: 4).map { reference.pixels[$0] }
            #expect(level.bytes == red, "level \(reference.width)x\(reference.height)")
        }
    }
}
