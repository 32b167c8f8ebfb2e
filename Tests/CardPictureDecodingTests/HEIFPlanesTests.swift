import CardFormatSamples
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// The HEIF decode from libheif's native planes: converted to RGB a row at a time as libheif's
/// own RGBA decode would, reduced as the rows come, within the caps for pictures whose RGBA
/// alone would not fit.
@Suite("HEIF planes to RGBA strip by strip: libheif's colours, alpha, 24 MP under the cap")
struct HEIFPlanesTests {
    /// The largest channel difference between two images of one size.
    func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    struct Coding: Sendable, CustomTestStringConvertible {
        var chroma: HEIFSample.Chroma, bits: Int, fullRange: Bool, matrix: UInt16
        var testDescription: String { "\(chroma) \(bits)-bit \(fullRange ? "full" : "limited") matrix \(matrix)" }
    }

    /// Gradients in every plane, at every chroma format, 8 and 10 bits: every pixel within 2 of
    /// libheif's own RGBA decode. (libheif 1.15's encoder writes no nclx box for YCbCr input, so
    /// these files all use the defaults, BT.601 full range; other matrices and limited range are
    /// checked on planes given directly, below.)
    @Test(arguments: [
        Coding(chroma: .yuv420, bits: 8, fullRange: true, matrix: 6), Coding(chroma: .yuv422, bits: 8, fullRange: true, matrix: 6),
        Coding(chroma: .yuv444, bits: 8, fullRange: true, matrix: 6), Coding(chroma: .monochrome, bits: 8, fullRange: true, matrix: 6),
        Coding(chroma: .yuv420, bits: 10, fullRange: true, matrix: 6),
    ])
    func planesConvertAsLibheifDoes(coding: Coding) throws {
        let scale = 1 << (coding.bits - 8)
        let bytes = try HEIFSample.encodePlanes(width: 96, height: 64, chroma: coding.chroma, bitDepth: coding.bits,
                                                fullRange: coding.fullRange, matrix: coding.matrix) { x, y in
            ((20 + x * 2) * scale, (60 + y * 2) * scale, (200 - x) * scale, 0)
        }
        let reference = try HEIFSample.libheifRGBA(bytes)
        let decoded = try PictureDecoder.decode(bytes, name: "planes.heic")
        #expect(decoded.image.width == reference.width && decoded.image.height == reference.height)
        #expect(largestDifference(decoded.image, reference) <= 2)
    }

    /// Limited-range BT.709 and full-range BT.2020 planes carrying their nclx: converted with
    /// libheif's formulas (limited range stretched by 1.1689 and 1.1429 from 16 and 128; Kr, Kb of
    /// the matrix), within 1 of them computed here in doubles.
    @Test(arguments: [(UInt16(1), false, 0.2126, 0.0722), (9, true, 0.2627, 0.0593)])
    func nclxMatrixAndRangeAreHonored(matrix: UInt16, fullRange: Bool, kr: Double, kb: Double) throws {
        let pattern: (Int, Int) -> (Int, Int, Int) = { x, y in (30 + x * 6, 70 + y * 8, 190 - x * 4) }
        let image = try HEIFSample.planesImage(width: 32, height: 24, matrix: matrix, fullRange: fullRange, pattern: pattern)
        defer { HEIFSample.release(image) }
        let planes = try HEIFPlanes(image, handle: nil, name: "planes")
        var row = [UInt8](repeating: 0, count: 32 * 4)
        var worst = 0.0
        for y in 0..<24 {
            row.withUnsafeMutableBufferPointer { planes.convertRow(y, into: $0.baseAddress!) }
            for x in 0..<32 {
                let sample = pattern(x & ~1, y & ~1)
                var luma = Double(pattern(x, y).0), cb = Double(sample.1) - 128, cr = Double(sample.2) - 128
                if !fullRange { luma = (luma - 16) * 1.1689; cb *= 1.1429; cr *= 1.1429 }
                let kg = 1 - kr - kb
                let want = [luma + 2 * (1 - kr) * cr, luma - 2 * kb * (1 - kb) / kg * cb - 2 * kr * (1 - kr) / kg * cr, luma + 2 * (1 - kb) * cb]
                for c in 0..<3 { worst = max(worst, abs(Double(row[x * 4 + c]) - min(255, max(0, want[c])))) }
                #expect(row[x * 4 + 3] == 255)
            }
        }
        #expect(worst <= 1, "worst \(worst)")
    }

    /// An alpha plane (a horizontal ramp) comes through with the colour; a reduced decode
    /// averages it.
    @Test func alphaIsCarriedThrough() throws {
        let bytes = try HEIFSample.encodePlanes(width: 64, height: 48, alpha: true) { x, y in
            (150, 100, 180, x * 4)
        }
        let reference = try HEIFSample.libheifRGBA(bytes)
        let decoded = try PictureDecoder.decode(bytes, name: "alpha.heic")
        #expect(largestDifference(decoded.image, reference) <= 2)
        #expect(decoded.image[0, 10].a < 8 && decoded.image[63, 10].a > 245)
        let small = try PictureDecoder.decode(bytes, name: "alpha.heic", target: .fit(PixelSize(width: 16, height: 12)))
        #expect(abs(Int(small.image[8, 6].a) - 130) < 12, "\(small.image[8, 6])")
    }

    /// Quadrants coded as YCbCr (BT.601, full range) and the RGB they stand for.
    static let quadrants: [(rgb: (Int, Int, Int), ycc: (Int, Int, Int))] = [(200, 60, 40), (60, 170, 90), (50, 80, 200), (220, 220, 220)]
        .map { r, g, b in
            let y = 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
            let cb = 128 + (Double(b) - y) / 1.772, cr = 128 + (Double(r) - y) / 1.402
            let ycc = (Int(y.rounded()), Int(cb.rounded()), Int(cr.rounded()))
            // The RGB those rounded samples decode to.
            let yv = Double(ycc.0), u = Double(ycc.1) - 128, v = Double(ycc.2) - 128
            let rgb = (Int((yv + 1.402 * v).rounded()), Int((yv - 0.344136 * u - 0.714136 * v).rounded()), Int((yv + 1.772 * u).rounded()))
            return (rgb, ycc)
        }

    func quadrantsMatch(_ image: RGBAImage) -> Bool {
        zip(sampleQuadrants(image), Self.quadrants).allSatisfy { nearColor($0, $1.rgb, tolerance: 3) }
    }

    /// A 24 MP (6000 × 4000) HEIC without a thumbnail: its RGBA alone (96 MB) with the old
    /// estimate (11 bytes a pixel: 264 MB) was refused; from its 4:2:0 planes (36 MB) and
    /// libde265's own frame it decodes for a card and for a screen within the default caps, its
    /// pixels the quadrants' (±3); at full size (decoded by libde265 directly, 72 MB beside its
    /// 96 MB of RGBA) it is decoded whole within the cap; and a child decoding it for a screen
    /// peaks under the cap.
    @Test func a24MPPictureDecodesForACardAndAScreenUnderTheCap() throws {
        let width = 6000, height = 4000
        let bytes = try HEIFSample.encodePlanes(width: width, height: height, quality: 50) { x, y in
            let ycc = Self.quadrants[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)].ycc
            return (ycc.0, ycc.1, ycc.2, 0)
        }
        let limits = PictureLimits.standard
        for target in [PictureTarget.fit(PixelSize(width: 320, height: 240)), .fit(PixelSize(width: 1920, height: 1080))] {
            let cost = try PictureDecoder.cost(bytes, target: target, limits: limits)
            #expect(cost.working + cost.output <= limits.maximumWorkingMemory, "\(cost)")
            #expect(cost.working < width * height * 5, "\(cost)")
            let admission = SampleAdmission()
            let decoded = try PictureDecoder.decode(bytes, name: "24mp.heic", target: target, admission: admission)
            #expect(admission.requests == [cost.total])
            #expect(decoded.fullSize == PixelSize(width: width, height: height) && decoded.image.width == target.size(for: decoded.fullSize).width)
            #expect(quadrantsMatch(decoded.image), "\(sampleQuadrants(decoded.image))")
        }
        let whole = try PictureDecoder.decode(bytes, name: "24mp.heic", target: .fullSize)
        let cost = try PictureDecoder.cost(bytes, target: .fullSize, limits: limits)
        #expect(cost.working + cost.output <= limits.maximumWorkingMemory, "\(cost)")
        #expect(whole.image.width == width && whole.image.height == height && whole.fullSize == PixelSize(width: width, height: height))
        #expect(abs(Double(whole.image.width) / Double(whole.image.height) - 1.5) < 0.01)
        #expect(quadrantsMatch(whole.image), "\(sampleQuadrants(whole.image))")

        try expectChildPeak(bytes, fit: PixelSize(width: 1920, height: 1080), limits: limits)
    }

    /// A child (`picture-tool decode --peak-memory`) decoding `bytes` to fit `box` peaks at most
    /// the estimate (+ 8 MiB) and under `--max-picture-memory` over its own baseline (the same
    /// child decoding a 64 × 48 HEIC).
    func expectChildPeak(_ bytes: [UInt8], fit box: PixelSize, limits: PictureLimits) throws {
        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("heif-planes")
        defer { folder.remove() }
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("large.heic")))
        try Data(HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))).write(to: URL(fileURLWithPath: folder.path("small.heic")))
        let fit = "\(box.width)x\(box.height)"
        let small = try ChildProcess.run(tool, ["decode", "--fit", fit, "--peak-memory", folder.path("small.heic")])
        let large = try ChildProcess.run(tool, ["decode", "--fit", fit, "--peak-memory", folder.path("large.heic")])
        #expect(small.status == 0 && large.status == 0, "\(small.stderr) \(large.stderr)")
        let baseline = try #require(ChildProcess.reportedPeak(in: small.stdout))
        let peak = try #require(ChildProcess.reportedPeak(in: large.stdout)) - baseline
        let cost = try PictureDecoder.cost(bytes, target: .fit(box), limits: limits)
        #expect(peak <= cost.total + 8 << 20, "peak \(peak >> 20) MiB over the baseline, estimate \(cost.total >> 20) MiB")
        #expect(peak < limits.maximumWorkingMemory, "peak \(peak >> 20) MiB over the baseline")
    }
}

extension HEIFPlanesTests {
    /// A 48 MP (8064 × 6048) grid HEIC as phones write them (here 8 × 6 tiles of 1008², each a
    /// quadrant's colour; no thumbnail): estimated at libheif 1.15's planar RGB of the whole
    /// picture (146 MB) and four tiles decoding at once, it decodes for a card and a screen within
    /// the default caps, its quadrants within 3; at full size (195 MB of RGBA) at the largest size
    /// that fits beside the planes; and a child decoding it for a screen peaks within its
    /// estimate and under the cap.
    @Test func a48MPGridPictureDecodesUnderTheCap() throws {
        let side = 1008, columns = 8, rows = 6, width = 8064, height = 6048
        let byQuadrant = try Self.quadrants.map { quadrant in
            try HEIFSample.encodePlanes(width: side, height: side, quality: 50) { _, _ in
                (quadrant.ycc.0, quadrant.ycc.1, quadrant.ycc.2, 0)
            }
        }
        var tiles: [[UInt8]] = []
        for row in 0..<rows {
            for column in 0..<columns { tiles.append(byQuadrant[(row * side >= height / 2 ? 2 : 0) + (column * side >= width / 2 ? 1 : 0)]) }
        }
        let bytes = try HEIFSample.grid(tiles: tiles, columns: columns, rows: rows, tileSize: (side, side), size: (width, height))
        let limits = PictureLimits.standard
        let planes = width * height * 3
        for target in [PictureTarget.fit(PixelSize(width: 320, height: 240)), .fit(PixelSize(width: 2560, height: 1440))] {
            let cost = try PictureDecoder.cost(bytes, target: target, limits: limits)
            #expect(cost.working + cost.output <= limits.maximumWorkingMemory, "\(cost)")
            #expect(cost.working < planes + 32 << 20, "\(cost)")
            let decoded = try PictureDecoder.decode(bytes, name: "48mp.heic", target: target)
            #expect(decoded.fullSize == PixelSize(width: width, height: height) && decoded.image.width == target.size(for: decoded.fullSize).width)
            #expect(quadrantsMatch(decoded.image), "\(sampleQuadrants(decoded.image))")
        }
        let whole = try PictureDecoder.decode(bytes, name: "48mp.heic", target: .fullSize)
        #expect(whole.image.width < width && whole.image.width > width / 4, "\(whole.image.width)")
        #expect(quadrantsMatch(whole.image), "\(sampleQuadrants(whole.image))")

        try expectChildPeak(bytes, fit: PixelSize(width: 2560, height: 1440), limits: limits)
    }
}

extension HEIFPlanesTests {
    /// Every EXIF orientation, written by libheif's encoder as irot/imir: the decoder turns the
    /// rows itself (libheif told to ignore the transformations) and gets libheif's own picture.
    @Test(arguments: 1...8)
    func transformationsAreAppliedAsLibheifDoes(orientation: Int) throws {
        var picture = SamplePictures.quadrants(width: 64, height: 48)
        for x in 0..<8 { picture[x, 0] = (0, 0, 0, 255) }  // a mark at the top left
        let bytes = try HEIFSample.encode(picture, orientation: orientation)
        let file = try HEIFFile(source: bytes, name: "o.heic")
        #expect(orientation == 1 ? file.coding.primaryTransforms == [] : file.coding.primaryTransforms?.isEmpty == false)
        let reference = try HEIFSample.libheifRGBA(bytes)
        let decoded = try PictureDecoder.decode(bytes, name: "o.heic")
        #expect(decoded.image.width == reference.width && decoded.image.height == reference.height)
        #expect(largestDifference(decoded.image, reference) <= 3)
    }

    /// A grid turned by an irot on the grid item (how phones store portrait pictures): turned
    /// while the rows are read, as libheif turns it, without the turned copy in the estimate.
    @Test func aTurnedGridIsTurnedWithoutACopy() throws {
        let side = 1008, width = 4032, height = 2016
        let byQuadrant = try Self.quadrants.map { quadrant in
            try HEIFSample.encodePlanes(width: side, height: side, quality: 50) { _, _ in (quadrant.ycc.0, quadrant.ycc.1, quadrant.ycc.2, 0) }
        }
        var tiles: [[UInt8]] = []
        for row in 0..<2 {
            for column in 0..<4 { tiles.append(byQuadrant[(row == 1 ? 2 : 0) + (column >= 2 ? 1 : 0)]) }
        }
        let bytes = try HEIFSample.grid(tiles: tiles, columns: 4, rows: 2, tileSize: (side, side), size: (width, height), quarterTurns: 1)
        let decoded = try PictureDecoder.decode(bytes, name: "turned.heic")
        let reference = try HEIFSample.libheifRGBA(bytes)
        #expect(decoded.image.width == height && decoded.image.height == width && reference.width == height)
        #expect(largestDifference(decoded.image, reference) <= 3)
        let cost = try PictureDecoder.cost(bytes, target: .fullSize, limits: .standard)
        #expect(cost.working < width * height * 3 + 32 << 20, "\(cost)")
    }
}

extension PictureDecoder {
    /// The cost of decoding `bytes` at `target` (tests).
    static func cost(_ bytes: [UInt8], target: PictureTarget, limits: PictureLimits) throws -> PictureCost {
        try plan(bytes, name: "<memory>", target: target, limits: limits).cost
    }
}
