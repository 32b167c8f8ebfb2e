import CardFormatSamples
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// libde265's worker threads for a direct decode (`HEIFDecoder.directThreads`): taken only when
/// the estimate with them fits the cap, counted in it, and the same pixels as a decode alone.
@Suite("HEIC single frames: libde265's worker threads, counted")
struct HEIFDirectThreadsTests {
    static let width = 4032, height = 3024

    /// A 12 MP single frame of smooth ramps (libheif's encoder, 4:2:0).
    static func frame() throws -> [UInt8] {
        try HEIFSample.encodePlanes(width: width, height: height, quality: 60) { x, y in
            (16 + (x / 24 + y / 40) % 200, 64 + (x / 80) % 128, 200 - (y / 50) % 128, 0)
        }
    }

    /// Under the standard cap a 12 MP frame for a screen takes the threads (on a machine of more
    /// than one core) and its cost counts them (`directThreadBytes`: half a byte a coded pixel and
    /// more); under a cap that holds the decode alone and its output but not the threads', it
    /// decodes alone, to exactly the same pixels. A child decoding it with the threads peaks
    /// within the estimate (+ 8 MiB) over a 64 × 48 HEIC's baseline, and the threads add at most
    /// `directThreadBytes` (+ 2 MiB) to the peak of a child decoding it alone.
    @Test func threadsAreCountedAndChangeNoPixel() throws {
        let bytes = try Self.frame()
        let file = try HEIFFile(source: bytes, name: "12mp.heic")
        let item = try #require(file.directItem(file.primary))
        let full = PixelSize(width: Self.width, height: Self.height)
        let target = PictureTarget.fit(PixelSize(width: 1920, height: 1080))
        let wanted = target.size(for: full)
        let threads = HEIFDecoder.threads(file, handle: file.primary, wanted: wanted, limits: .standard)
        #expect(threads == HEIFDecoder.directThreads)
        let alone = HEIFDecoder.directWorkingBytes(size: full, item: item, wanted: wanted)
        let extra = HEIFDecoder.directThreadBytes(item.codedSize, threads: max(threads, 1))
        #expect(extra >= item.codedSize.pixelCount / 2, "\(extra)")
        let cost = try PictureDecoder.cost(bytes, target: target, limits: .standard)
        #expect(cost.working == alone + (threads > 0 ? extra : 0), "\(cost)")

        // A cap that holds the decode alone with its output, not the threads: no threads.
        let output = wanted.pixelCount * 4
        let tightMegabytes = (alone + output + 999_999) / 1_000_000
        #expect(tightMegabytes * 1_000_000 < alone + extra + output)
        let tight = PictureLimits(maximumWorkingMemory: tightMegabytes * 1_000_000)
        #expect(HEIFDecoder.threads(file, handle: file.primary, wanted: wanted, limits: tight) == 0)
        #expect(try PictureDecoder.cost(bytes, target: target, limits: tight).working == alone)
        let single = try PictureDecoder.decode(bytes, name: "12mp.heic", target: target, limits: tight)
        let parallel = try PictureDecoder.decode(bytes, name: "12mp.heic", target: target)
        #expect(single.image.width == wanted.width && single.image.height == wanted.height)
        #expect(parallel.image.pixels == single.image.pixels, "the threads changed pixels")

        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("heif-threads")
        defer { folder.remove() }
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("large.heic")))
        try Data(HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))).write(to: URL(fileURLWithPath: folder.path("small.heic")))
        let decode = ["decode", "--fit", "1920x1080", "--peak-memory"]
        let small = try ChildProcess.run(tool, decode + [folder.path("small.heic")])
        let withThreads = try ChildProcess.run(tool, decode + [folder.path("large.heic")])
        let withoutThreads = try ChildProcess.run(tool, decode + ["--max-picture-memory", "\(tightMegabytes)", folder.path("large.heic")])
        #expect(small.status == 0 && withThreads.status == 0 && withoutThreads.status == 0,
                "\(small.stderr) \(withThreads.stderr) \(withoutThreads.stderr)")
        let baseline = try #require(ChildProcess.reportedPeak(in: small.stdout))
        let peak = try #require(ChildProcess.reportedPeak(in: withThreads.stdout)) - baseline
        let peakAlone = try #require(ChildProcess.reportedPeak(in: withoutThreads.stdout)) - baseline
        #expect(peak <= cost.total + 8 << 20, "peak \(peak >> 20) MiB over the baseline, estimate \(cost.total >> 20) MiB")
        if threads > 0 {
            #expect(peak - peakAlone <= extra + 2 << 20, "threads add \((peak - peakAlone) >> 10) KiB, estimated \(extra >> 10) KiB")
        }
    }

    /// A frame under `directThreadsMinimumPixels` decodes alone whatever the cap: its cost is
    /// the single-threaded estimate.
    @Test func aSmallFrameDecodesAlone() throws {
        let bytes = try HEIFSample.encodePlanes(width: 96, height: 64) { x, y in (20 + x * 2, 60 + y * 2, 200 - x, 0) }
        let file = try HEIFFile(source: bytes, name: "s.heic")
        let item = try #require(file.directItem(file.primary))
        let size = PixelSize(width: 96, height: 64)
        #expect(HEIFDecoder.threads(file, handle: file.primary, wanted: size, limits: .standard) == 0)
        #expect(try PictureDecoder.cost(bytes, target: .fullSize, limits: .standard).working
                == HEIFDecoder.directWorkingBytes(size: size, item: item, wanted: size))
    }
}
