import CardFormatSamples
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// Single HEVC images decoded by libde265 directly (`HEVCFrameDecoder`): libheif's pixels,
/// turned as libheif turns them, without libheif's copy of the planes in the estimate; what is
/// not the simple case (alpha, 4:4:4, grids) still goes through libheif.
@Suite("HEIC single frames through libde265 directly: libheif's pixels, less memory")
struct HEIFDirectDecodeTests {
    /// The largest channel difference between two images of one size.
    func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The primary image's direct item, or nil when libheif decodes it.
    func directItem(_ bytes: [UInt8]) throws -> HEVCItem? {
        let file = try HEIFFile(source: bytes, name: "d.heic")
        return file.directItem(file.primary)
    }

    /// Gradients coded 4:2:0 by libheif's encoder: taken directly; every pixel within 2 of
    /// libheif's own RGBA decode at full size, and of it reduced by the same area average when
    /// decoded for a smaller target; the cost is the direct path's.
    @Test func aSingleFrameDecodesAsLibheifDoes() throws {
        let bytes = try HEIFSample.encodePlanes(width: 96, height: 64) { x, y in (20 + x * 2, 60 + y * 2, 200 - x, 0) }
        let item = try #require(try directItem(bytes))
        #expect(item.transforms.isEmpty && item.lengthSize == 4 && item.parameterSets.count >= 3)
        #expect(item.codedSize.width >= 96 && item.codedSize.width <= 96 + 64 && item.codedSize.height >= 64, "\(item.codedSize)")
        let reference = try HEIFSample.libheifRGBA(bytes)
        let decoded = try PictureDecoder.decode(bytes, name: "d.heic")
        #expect(decoded.image.width == 96 && decoded.image.height == 64)
        #expect(largestDifference(decoded.image, reference) <= 2)
        let box = PixelSize(width: 40, height: 30)
        let small = try PictureDecoder.decode(bytes, name: "d.heic", target: .fit(box))
        let wanted = PictureTarget.fit(box).size(for: PixelSize(width: 96, height: 64))
        #expect(small.image.width == wanted.width && small.image.height == wanted.height)
        #expect(largestDifference(small.image, AreaDownscaler.downscale(reference, to: wanted)) <= 2)
        let cost = try PictureDecoder.cost(bytes, target: .fit(box), limits: .standard)
        #expect(cost.working == HEIFDecoder.directWorkingBytes(size: PixelSize(width: 96, height: 64), item: item, wanted: wanted))
    }

    /// Every EXIF orientation, stored by libheif's encoder as irot/imir: turned while the rows
    /// are read, libheif's own picture within 3, full size and reduced.
    @Test(arguments: 2...8)
    func transformationsAreAppliedAsLibheifDoes(orientation: Int) throws {
        // 96 × 64: libheif 1.15's encoder wraps some sizes (64 × 48) in a grid of one tile.
        var picture = SamplePictures.quadrants(width: 96, height: 64)
        for x in 0..<8 { picture[x, 0] = (0, 0, 0, 255) }  // a mark at the top left
        let bytes = try HEIFSample.encode(picture, orientation: orientation)
        let item = try #require(try directItem(bytes))
        #expect(!item.transforms.isEmpty)
        let reference = try HEIFSample.libheifRGBA(bytes)
        let decoded = try PictureDecoder.decode(bytes, name: "o.heic")
        #expect(decoded.image.width == reference.width && decoded.image.height == reference.height)
        #expect(largestDifference(decoded.image, reference) <= 3)
        let wanted = PixelSize(width: reference.width / 4, height: reference.height / 4)
        let small = try PictureDecoder.decode(bytes, name: "o.heic", target: .fit(wanted))
        #expect(largestDifference(small.image, AreaDownscaler.downscale(reference, to: wanted)) <= 3)
    }

    /// A thumbnail (an `hvc1` item of its own) is decoded directly too, and shows its own picture.
    @Test func aThumbnailIsDecodedDirectly() throws {
        let thumbnail = RGBAImage(width: 640, height: 480, fill: (0, 255, 0, 255))
        let bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 640, height: 480), thumbnail: thumbnail, thumbnailBox: 160)
        let file = try HEIFFile(source: bytes, name: "t.heic")
        let small = try #require(file.thumbnails.first)
        #expect(file.directItem(small) != nil && file.itemID(of: small) != file.itemID(of: file.primary))
        let decoded = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 100, height: 100)))
        #expect(sampleQuadrants(decoded.image).allSatisfy { nearColor($0, green) })
    }

    /// Alpha (an auxiliary image), 4:4:4 and 10 bits are left to libheif, and decode as before.
    @Test func whatIsNotTheSimpleCaseGoesThroughLibheif() throws {
        let alpha = try HEIFSample.encodePlanes(width: 64, height: 48, alpha: true) { x, _ in (150, 100, 180, x * 4) }
        let full = try HEIFSample.encodePlanes(width: 64, height: 48, chroma: .yuv444) { x, y in (40 + x, 90 + y, 160 - x, 0) }
        let deep = try HEIFSample.encodePlanes(width: 64, height: 48, bitDepth: 10) { x, y in ((40 + x) * 4, (90 + y) * 4, 500, 0) }
        for bytes in [alpha, full, deep] {
            #expect(try directItem(bytes) == nil)
            let decoded = try PictureDecoder.decode(bytes, name: "f.heic")
            #expect(largestDifference(decoded.image, try HEIFSample.libheifRGBA(bytes)) <= 2)
        }
    }

    /// Broken item data — a NAL length past the data, an extent past the file (a cut file) — is
    /// refused with a `PictureError`; coded garbage (which libde265 decodes as best it can) gives
    /// a picture of the item's size or a `PictureError`, never a trap.
    @Test func brokenItemDataIsRefused() throws {
        let bytes = try HEIFSample.encodePlanes(width: 96, height: 64) { x, y in (40 + x, 90 + y, 160 - x, 0) }
        let item = try #require(try directItem(bytes))
        let data = try #require(item.extents.first)
        var longNAL = bytes
        longNAL.replaceSubrange(data.lowerBound..<data.lowerBound + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        var garbage = bytes
        for index in data.dropFirst(8) { garbage[index] = UInt8(truncatingIfNeeded: index &* 7919) }
        for broken in [longNAL, Array(bytes[..<(data.lowerBound + data.count / 2)])] {
            #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(broken, name: "broken.heic") }
        }
        // An ispe of 16 × 16 under an SPS of 96 × 64: libde265 would allocate more than the item
        // says, so it is left to libheif.
        var small = bytes
        let ispe = Array("ispe".utf8)
        for index in 0..<(small.count - 16) where small[index..<index + 4].elementsEqual(ispe) {
            for offset in [index + 8, index + 12] { small.replaceSubrange(offset..<offset + 4, with: [0, 0, 0, 16]) }
        }
        #expect(try directItem(small) == nil)
        do {
            let decoded = try PictureDecoder.decode(garbage, name: "garbage.heic")
            #expect(decoded.image.width == 96 && decoded.image.height == 64)
        } catch is PictureError {}
    }
}

extension HEIFDirectDecodeTests {
    /// A 12 MP (4032 × 3024) single frame decoded for a screen under a scaled-down cap of 48 MB:
    /// libheif's path (its planes beside libde265's frame, 4.5 bytes a pixel: 55 MB) would be
    /// refused; the direct path (3 bytes a pixel and the coded bytes) opens, its quadrants right;
    /// and a child decoding it peaks within the estimate (+ 8 MiB) over its baseline.
    @Test func aSingleFrameOverLibheifsEstimateOpensUnderTheCap() throws {
        let width = 4032, height = 3024
        let bytes = try HEIFSample.encodePlanes(width: width, height: height, quality: 50) { x, y in
            let ycc = HEIFPlanesTests.quadrants[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)].ycc
            return (ycc.0, ycc.1, ycc.2, 0)
        }
        let file = try HEIFFile(source: bytes, name: "12mp.heic")
        #expect(file.directItem(file.primary) != nil)
        let limits = PictureLimits(maximumWorkingMemory: 48_000_000)
        let target = PictureTarget.fit(PixelSize(width: 1920, height: 1080))
        let wanted = target.size(for: PixelSize(width: width, height: height))
        let libheifs = HEIFDecoder.workingBytes(file.primary, coding: file.coding, isPrimary: true, wanted: wanted)
        #expect(libheifs > limits.maximumWorkingMemory, "\(libheifs)")
        let cost = try PictureDecoder.cost(bytes, target: target, limits: limits)
        #expect(cost.working + cost.output <= limits.maximumWorkingMemory, "\(cost)")
        let decoded = try PictureDecoder.decode(bytes, name: "12mp.heic", target: target, limits: limits)
        #expect(decoded.image.width == wanted.width && decoded.image.height == wanted.height)
        #expect(zip(sampleQuadrants(decoded.image), HEIFPlanesTests.quadrants).allSatisfy { nearColor($0, $1.rgb, tolerance: 3) })

        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("heif-direct")
        defer { folder.remove() }
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("large.heic")))
        try Data(HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))).write(to: URL(fileURLWithPath: folder.path("small.heic")))
        let small = try ChildProcess.run(tool, ["decode", "--fit", "1920x1080", "--peak-memory", folder.path("small.heic")])
        let large = try ChildProcess.run(tool, ["decode", "--fit", "1920x1080", "--peak-memory", folder.path("large.heic")])
        #expect(small.status == 0 && large.status == 0, "\(small.stderr) \(large.stderr)")
        let peak = try #require(ChildProcess.reportedPeak(in: large.stdout)) - #require(ChildProcess.reportedPeak(in: small.stdout))
        #expect(peak <= cost.total + 8 << 20, "peak \(peak >> 20) MiB over the baseline, estimate \(cost.total >> 20) MiB")
        #expect(peak < limits.maximumWorkingMemory, "peak \(peak >> 20) MiB over the baseline")
    }
}
