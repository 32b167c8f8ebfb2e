import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// A colour type and bit depth PNG allows.
struct PNGFormat: Sendable, CustomStringConvertible {
    var colorType: TestPNG.ColorType
    var bitDepth: Int
    var description: String { "\(colorType) \(bitDepth)-bit" }

    static let all: [PNGFormat] =
        [1, 2, 4, 8, 16].map { PNGFormat(colorType: .gray, bitDepth: $0) }
        + [8, 16].map { PNGFormat(colorType: .rgb, bitDepth: $0) }
        + [1, 2, 4, 8].map { PNGFormat(colorType: .palette, bitDepth: $0) }
        + [8, 16].map { PNGFormat(colorType: .grayAlpha, bitDepth: $0) }
        + [8, 16].map { PNGFormat(colorType: .rgba, bitDepth: $0) }
}

/// A random test image of `format`, 13×11 (odd sizes exercise sub-byte row padding and every
/// Adam7 pass), its scanlines filtered with types 0–4 in turn.
func randomPNG(_ format: PNGFormat, interlaced: Bool, seed: UInt64, width: Int = 13, height: Int = 11) -> TestPNG {
    var random = SplitMix64(seed: seed)
    let depth = format.bitDepth
    var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
    if format.colorType == .palette {
        palette = (0..<min(1 << depth, 200)).map { _ in (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random)) }
    }
    let maximum = format.colorType == .palette ? palette.count - 1 : (1 << depth) - 1
    let samples = (0..<(width * height)).map { _ in (0..<format.colorType.channels).map { _ in Int.random(in: 0...maximum, using: &random) } }
    return TestPNG(width: width, height: height, colorType: format.colorType, bitDepth: depth, samples: samples,
                   palette: palette, interlaced: interlaced, filterForScanline: { UInt8($0 % 5) })
}

/// What a browser shows for `png`, from the PNG specification: 8-bit straight-alpha RGBA.
/// Sub-byte samples scale by 255 / (2ᵈ − 1), 16-bit samples become round(v / 257), tRNS marks
/// the matching colour (or palette entries) transparent.
func expectedRGBA(_ png: TestPNG) -> [UInt8] {
    func eight(_ v: Int) -> UInt8 {
        png.bitDepth == 16 ? UInt8((Double(v) / 257).rounded()) : UInt8(v * 255 / ((1 << png.bitDepth) - 1))
    }
    func sixteenBitValues(_ bytes: [UInt8]) -> [Int] {
        stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
    }
    var out: [UInt8] = []
    for sample in png.samples {
        switch png.colorType {
        case .gray:
            let transparent = png.transparency.map { sixteenBitValues($0) == [sample[0]] } ?? false
            out += [eight(sample[0]), eight(sample[0]), eight(sample[0]), transparent ? 0 : 255]
        case .rgb:
            let transparent = png.transparency.map { sixteenBitValues($0) == sample } ?? false
            out += sample.map(eight) + [transparent ? 0 : 255]
        case .palette:
            let entry = png.palette[sample[0]]
            let alpha = png.transparency.flatMap { sample[0] < $0.count ? $0[sample[0]] : nil } ?? 255
            out += [entry.r, entry.g, entry.b, alpha]
        case .grayAlpha:
            out += [eight(sample[0]), eight(sample[0]), eight(sample[0]), eight(sample[1])]
        case .rgba:
            out += sample.map(eight)
        }
    }
    return out
}

/// The 16-bit alpha of each pixel of a 16-bit `png`: its alpha sample, or 0/65535 from tRNS.
func sixteenBitAlphas(_ png: TestPNG) -> [Int] {
    let key = png.transparency.map { t in stride(from: 0, to: t.count - 1, by: 2).map { Int(t[$0]) << 8 | Int(t[$0 + 1]) } }
    return png.samples.map { sample in
        switch png.colorType {
        case .grayAlpha, .rgba: sample.last ?? 65_535
        default: key == sample ? 0 : 65_535
        }
    }
}

/// Pixels (x, y) of `decoded` that differ from `expected` by more than `tolerance` in any channel.
///
/// With `premultipliedAlphas` (the 16-bit alphas of a file PNGCodec reads through libpng's
/// premultiplied 16-bit output: interlaced, or declaring a gamma), its documented precision
/// applies instead: alpha exact; a fully transparent pixel is (0, 0, 0, 0); colours of pixels
/// with alpha ≥ 256 within max(1, tolerance); colours of nearly transparent pixels unchecked.
func mismatches(_ decoded: RGBAImage, _ expected: [UInt8], tolerance: Int = 0, premultipliedAlphas: [Int]? = nil) -> [String] {
    var found: [String] = []
    for i in stride(from: 0, to: expected.count, by: 4) {
        let got = decoded.pixels[i..<i + 4].map(Int.init)
        var want = expected[i..<i + 4].map(Int.init)
        var colorTolerance = tolerance
        if let alpha = premultipliedAlphas?[i / 4] {
            if alpha == 0 { want = [0, 0, 0, 0] }
            else if alpha < 256 { want[0...2] = got[0...2] }
            else { colorTolerance = max(1, tolerance) }
        }
        let wrong = (0..<3).contains { abs(got[$0] - want[$0]) > colorTolerance } || got[3] != want[3]
        if wrong { found.append("(\(i / 4 % decoded.width),\(i / 4 / decoded.width)): got \(got) want \(want)") }
    }
    return found
}

/// `mismatches` for a test image with the precision PNGCodec documents for it.
func mismatches(_ decoded: RGBAImage, _ png: TestPNG, tolerance: Int = 0) -> [String] {
    // A gamma counts when it is more than 5 % away from sRGB's nominal 1/2.2 and no sRGB chunk overrides it.
    let hasSRGB = png.extraChunks.contains { $0.type == "sRGB" }
    let declaresGamma = !hasSRGB && png.extraChunks.contains { chunk in
        chunk.type == "gAMA" && abs(Double(chunk.data.reduce(0) { $0 << 8 | Int($1) }) * 2.2 / 100_000 - 1) > 0.05
    }
    let premultiplied = png.bitDepth == 16 && (png.interlaced || declaresGamma)
    return mismatches(decoded, expectedRGBA(png), tolerance: tolerance, premultipliedAlphas: premultiplied ? sixteenBitAlphas(png) : nil)
}

@Suite("PNG decoding of every colour type, bit depth and interlacing")
struct PNGDecodingTests {
    @Test(arguments: PNGFormat.all, [false, true])
    func everyFormatDecodesExactly(format: PNGFormat, interlaced: Bool) throws {
        let png = randomPNG(format, interlaced: interlaced, seed: UInt64(format.bitDepth * 10) + UInt64(format.colorType.rawValue))
        let image = try PNGCodec.decode(png.bytes(), name: "\(format)")
        try #require(image.width == png.width && image.height == png.height)
        let wrong = mismatches(image, png)
        #expect(wrong.isEmpty, "\(wrong.count) wrong pixels, first: \(wrong.first ?? "")")
    }

    @Test(arguments: [1, 2, 8, 16], [false, true])
    func grayTransparencyMakesTheMatchingLevelTransparent(depth: Int, interlaced: Bool) throws {
        var png = randomPNG(PNGFormat(colorType: .gray, bitDepth: depth), interlaced: interlaced, seed: 7 + UInt64(depth))
        let key = png.samples[0][0]
        for i in stride(from: 3, to: png.samples.count, by: 4) { png.samples[i] = [key] }
        png.transparency = [UInt8(key >> 8), UInt8(key & 0xFF)]
        let image = try PNGCodec.decode(png.bytes())
        let expected = expectedRGBA(png)
        #expect(expected.enumerated().filter { $0.offset % 4 == 3 && $0.element == 0 }.count >= png.samples.count / 4)
        #expect(mismatches(image, png).isEmpty)
    }

    @Test(arguments: [8, 16], [false, true])
    func rgbTransparencyMakesTheMatchingColorTransparent(depth: Int, interlaced: Bool) throws {
        var png = randomPNG(PNGFormat(colorType: .rgb, bitDepth: depth), interlaced: interlaced, seed: 99 + UInt64(depth))
        let key = png.samples[5]
        for i in stride(from: 0, to: png.samples.count, by: 3) { png.samples[i] = key }
        png.transparency = key.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let image = try PNGCodec.decode(png.bytes())
        let expected = expectedRGBA(png)
        #expect(expected[3] == 0 && expected[5 * 4 + 3] == 0)
        #expect(mismatches(image, png).isEmpty)
    }

    @Test(arguments: [1, 2, 4, 8], [false, true])
    func paletteTransparencyAppliesPerEntry(depth: Int, interlaced: Bool) throws {
        var png = randomPNG(PNGFormat(colorType: .palette, bitDepth: depth), interlaced: interlaced, seed: 500 + UInt64(depth))
        // Fewer alpha entries than palette entries: the rest stay opaque.
        png.transparency = (0..<max(1, png.palette.count - 1)).map { UInt8(($0 * 97 + 13) % 256) }
        let image = try PNGCodec.decode(png.bytes())
        #expect(mismatches(image, png).isEmpty)
    }

    @Test func sixteenBitRoundingIsToNearestNotTruncation() throws {
        // These levels separate round(v/257) from truncation (v >> 8) and from libpng's default
        // reading of 16-bit files as linear light (which would turn 32768 into 186).
        let values = [0, 128, 129, 32767, 32768, 32896, 33000, 65407, 65408, 65535]
        let png = TestPNG(width: values.count, height: 1, colorType: .gray, bitDepth: 16, samples: values.map { [$0] })
        let image = try PNGCodec.decode(png.bytes())
        let expected = values.map { UInt8((Double($0) / 257).rounded()) }
        #expect((0..<values.count).map { image[$0, 0].r } == expected)
        #expect(expected != values.map { UInt8($0 >> 8) })
    }

    @Test func sixteenBitFileWithAnSRGBChunkIsOnlyRescaled() throws {
        var png = randomPNG(PNGFormat(colorType: .rgba, bitDepth: 16), interlaced: false, seed: 77)
        png.extraChunks = [("sRGB", [0])]
        #expect(mismatches(try PNGCodec.decode(png.bytes()), png).isEmpty)
    }

    @Test(arguments: [8, 16], [false, true])
    func declaredLinearGammaIsConvertedToSRGB(depth: Int, interlaced: Bool) throws {
        // gAMA 1.0 (100000) says the samples are linear light: libpng's model encodes them with a
        // 2.2 power. A ramp over the darkest 2048 levels plus random levels covers where gamma
        // tables are coarsest.
        let maximum = (1 << depth) - 1
        var random = SplitMix64(seed: 31)
        let levels = (0..<min(2048, maximum + 1)).map { $0 } + (0..<512).map { _ in Int.random(in: 0...maximum, using: &random) }
        var png = TestPNG(width: 64, height: levels.count / 64, colorType: .gray, bitDepth: depth,
                          samples: levels.prefix(levels.count / 64 * 64).map { [$0] })
        png.interlaced = interlaced
        png.filterForScanline = { UInt8($0 % 5) }
        png.extraChunks = [("gAMA", TestPNG.bigEndian32(100_000))]
        let image = try PNGCodec.decode(png.bytes())
        let expected = png.samples.flatMap { sample -> [UInt8] in
            let encoded = UInt8((255 * Double.pow(Double(sample[0]) / Double(maximum), 1 / 2.2)).rounded())
            return [encoded, encoded, encoded, 255]
        }
        let wrong = mismatches(image, expected, tolerance: 1)
        #expect(wrong.isEmpty, "\(wrong.count) pixels off by more than 1, first: \(wrong.first ?? "")")
    }

    @Test func gammaCloseToSRGBAndSRGBChunksMeanNoConversion() throws {
        // gAMA 45455 is sRGB's nominal 1/2.2; with an sRGB chunk a gAMA is overridden.
        for extra in [[("gAMA", TestPNG.bigEndian32(45_455))], [("sRGB", [0] as [UInt8]), ("gAMA", TestPNG.bigEndian32(100_000))]] {
            for depth in [8, 16] {
                for interlaced in [false, true] {
                    var png = randomPNG(PNGFormat(colorType: .rgba, bitDepth: depth), interlaced: interlaced, seed: 8)
                    png.extraChunks = extra
                    let wrong = mismatches(try PNGCodec.decode(png.bytes()), png)
                    #expect(wrong.isEmpty, "\(extra.map(\.0)) \(depth)-bit interlaced \(interlaced): \(wrong.first ?? "")")
                }
            }
        }
    }

    @Test func largeImagesSpanSeveralStoredBlocksAndDecode() throws {
        // 200×120 RGBA16 = 192 000 bytes of scanlines: three stored deflate blocks.
        let png = randomPNG(PNGFormat(colorType: .rgba, bitDepth: 16), interlaced: true, seed: 3, width: 200, height: 120)
        #expect(mismatches(try PNGCodec.decode(png.bytes()), png).isEmpty)
    }

    @Test func encodeThenDecodeRoundTrips() throws {
        var random = SplitMix64(seed: 12)
        let image = RGBAImage(width: 9, height: 5, pixels: (0..<(9 * 5 * 4)).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
    }
}
