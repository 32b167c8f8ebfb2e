@testable import CardImaging
import CardPixels
import CardTestSupport
import Testing

/// The direct read of 8-bit RGB/RGBA PNGs (libdeflate + unfiltering here) gives libpng's pixels
/// byte for byte, and steps aside (nil) for every file it does not handle or finds damaged.
@Suite struct PNGDirectReadTests {
    /// The direct read's pixels, or nil when it steps aside.
    func direct(_ bytes: [UInt8]) throws -> RGBAImage? {
        PNGCodec.readDirectly(bytes, chunks: try PNGStructure.chunks(of: bytes))
    }

    func libpng(_ bytes: [UInt8]) throws -> RGBAImage {
        try PNGCodec.decodeThroughLibpng(bytes, chunks: PNGStructure.chunks(of: bytes), name: "test.png")
    }

    static let formats = [PNGFormat(colorType: .rgb, bitDepth: 8), PNGFormat(colorType: .rgba, bitDepth: 8)]

    @Test(arguments: formats, [0, 1, 2, 3, 4, 5])
    func everyFilterTypeMatchesTheSpecificationAndLibpng(format: PNGFormat, filter: Int) throws {
        // Filters 0…4 on every row, and (5) all five in turn.
        var png = randomPNG(format, interlaced: false, seed: UInt64(filter + 40), width: 37, height: 23)
        png.filterForScanline = { row in UInt8(filter == 5 ? row % 5 : filter) }
        let bytes = png.bytes()
        let image = try #require(try direct(bytes))
        #expect(mismatches(image, png).isEmpty)
        #expect(image == (try libpng(bytes)))
        #expect(try PNGCodec.decode(bytes) == image)
    }

    @Test(arguments: formats)
    func imageDataSplitOverManyChunksIsJoined(format: PNGFormat) throws {
        var png = randomPNG(format, interlaced: false, seed: 7, width: 64, height: 40)
        png.imageDataChunkSize = 97
        let image = try #require(try direct(png.bytes()))
        #expect(mismatches(image, png).isEmpty)
    }

    @Test(arguments: [false, true])
    func thumbnailsThisProgramWritesAreReadDirectly(fast: Bool) throws {
        var random = SplitMix64(seed: 99)
        // Smooth rows with noise: libpng's adaptive filtering picks several filter types.
        let pixels = (0..<(96 * 64)).flatMap { index -> [UInt8] in
            let x = index % 96, y = index / 96
            return [UInt8(x * 2 + Int.random(in: 0...3, using: &random)), UInt8(y * 3), UInt8((x + y) % 256), 255]
        }
        let image = RGBAImage(width: 96, height: 64, pixels: pixels)
        let bytes = try PNGCodec.encode(image, fast: fast)
        #expect(try direct(bytes) == image)
        #expect(try libpng(bytes) == image)
    }

    @Test(arguments: [
        ("16-bit", PNGFormat(colorType: .rgba, bitDepth: 16), false),
        ("grey", PNGFormat(colorType: .gray, bitDepth: 8), false),
        ("grey and alpha", PNGFormat(colorType: .grayAlpha, bitDepth: 8), false),
        ("palette", PNGFormat(colorType: .palette, bitDepth: 8), false),
        ("interlaced", PNGFormat(colorType: .rgba, bitDepth: 8), true),
    ])
    func otherKindsAreLeftToLibpng(kind: String, format: PNGFormat, interlaced: Bool) throws {
        let png = randomPNG(format, interlaced: interlaced, seed: 5)
        #expect(try direct(png.bytes()) == nil, "\(kind)")
        #expect(mismatches(try PNGCodec.decode(png.bytes()), png).isEmpty, "\(kind)")
    }

    @Test func transparencyProfilesAndGammaConversionAreLeftToLibpng() throws {
        let base = randomPNG(PNGFormat(colorType: .rgb, bitDepth: 8), interlaced: false, seed: 6)
        var transparent = base
        transparent.transparency = [0, 1, 0, 2, 0, 3]
        var linear = base
        linear.extraChunks = [("gAMA", [0, 1, 0x86, 0xA0])]  // gamma 1.0: converted to sRGB
        var profiled = base
        profiled.extraChunks = [("iCCP", Array("icc".utf8) + [0, 0, 0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])]
        for png in [transparent, linear, profiled] { #expect(try direct(png.bytes()) == nil) }
        // gAMA of sRGB's 1/2.2 converts nothing: read directly.
        var nearSRGB = base
        nearSRGB.extraChunks = [("gAMA", TestPNG.bigEndian32(45_455))]
        #expect(try direct(nearSRGB.bytes()) == (try libpng(nearSRGB.bytes())))
    }

    /// The first IDAT chunk of `bytes`.
    func imageDataChunk(_ bytes: [UInt8]) throws -> PNGChunk {
        try #require(try PNGStructure.chunks(of: bytes).first { $0.type == "IDAT" })
    }

    @Test func damageIsLeftToLibpngWhichReportsIt() throws {
        let png = randomPNG(PNGFormat(colorType: .rgba, bitDepth: 8), interlaced: false, seed: 8, width: 20, height: 10)
        let bytes = png.bytes()
        let idat = try imageDataChunk(bytes)
        // A wrong CRC on the image data.
        var badCRC = bytes
        badCRC[idat.data.upperBound] ^= 0xFF
        // A filter type past Paeth.
        var badFilter = TestPNG(width: 2, height: 1, colorType: .rgba, bitDepth: 8, samples: [[1, 2, 3, 4], [5, 6, 7, 8]])
        badFilter.filterForScanline = { _ in 7 }
        // Image data one row short of the header's height, and one byte too many.
        let shortBytes = patchedHeight(bytes, to: 11), longBytes = try appendingByte(to: png)
        for (what, damaged) in [("CRC", badCRC), ("filter", badFilter.bytes()), ("short", shortBytes), ("long", longBytes)] {
            #expect(try direct(damaged) == nil, "\(what)")
        }
        #expect(throws: PNGError.self) { try PNGCodec.decode(badCRC) }
        #expect(throws: PNGError.self) { try PNGCodec.decode(badFilter.bytes()) }
    }

    /// `bytes` with IHDR's height set to `height` (its CRC recomputed).
    func patchedHeight(_ bytes: [UInt8], to height: Int) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(20..<24, with: TestPNG.bigEndian32(UInt32(height)))
        copy.replaceSubrange(29..<33, with: TestPNG.bigEndian32(TestPNG.crc32(Array(copy[12..<29]))))
        return copy
    }

    /// `png` whose image data holds one byte more than its rows.
    func appendingByte(to png: TestPNG) throws -> [UInt8] {
        var file = Array(png.bytes().prefix(33))
        file += TestPNG.chunk("IDAT", TestPNG.zlibStored(png.filteredImageData() + [0]))
        file += TestPNG.chunk("IEND", [])
        return file
    }

    @Test func paethPicksTheNearestNeighborWithTiesToLeftThenAbove() {
        #expect(PNGCodec.paeth(10, 20, 10) == 20)  // p = 20: above
        #expect(PNGCodec.paeth(20, 10, 10) == 20)  // p = 20: left
        #expect(PNGCodec.paeth(10, 10, 10) == 10)  // all equal: left
        #expect(PNGCodec.paeth(0, 255, 255) == 0)  // p = 0: left
        #expect(PNGCodec.paeth(100, 50, 200) == 50)  // p = −50: pa 150, pb 100, pc 250 → above
    }
}
