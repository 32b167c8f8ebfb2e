import CardFormatSamples
import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

/// A direct decode gives the file's pages of the item's coded bytes back once libde265 holds its
/// own copy (`HEIFFile.release`), so the estimate counts the coded bytes once — and a 48 MP
/// single frame for a 2560 × 1440 screen takes libde265's worker threads under the default cap.
@Suite("HEIC single frames: the file's coded bytes given back once libde265 copied them")
struct HEIFCodedBytesReleaseTests {
    /// A 1200 × 900 frame of noise at quality 90 (more than `releaseMinimumBytes` of coded
    /// bytes): decoded directly, libheif's own pixels within 2 (as `HEIFDirectDecodeTests`);
    /// afterwards the file's bytes before the item are untouched, at least `releasableBytes` of
    /// the item read as zeros, the item's extents are listed as given back, and a second decode
    /// from the same file is refused with one line rather than decoding zeros.
    @Test func theItemsPagesAreGivenBackAfterThePush() throws {
        var seed: UInt32 = 12345
        func noise() -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 24)
        }
        let bytes = try HEIFSample.encodePlanes(width: 1200, height: 900, quality: 90) { x, y in
            (40 + (x + y) / 20 % 120 + noise() % 64, 100 + noise() % 56, 100 + noise() % 56, 0)
        }
        let file = try HEIFFile(source: bytes, name: "n.heic")
        let item = try #require(file.directItem(file.primary))
        let extent = try #require(item.extents.first)
        #expect(item.extents.count == 1 && extent.count >= HEIFFile.releaseMinimumBytes, "\(item.extents)")
        let releasable = HEIFFile.releasableBytes(extent)
        #expect(releasable > extent.count - 2 * HEIFFile.pageSize && releasable % HEIFFile.pageSize == 0, "\(releasable)")
        let zerosBefore = file.contents[extent].reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        #expect(zerosBefore < extent.count / 16, "noise codes few zero bytes: \(zerosBefore)")

        let full = PixelSize(width: 1200, height: 900)
        let decoded = try HEIFDecoder.decode(file, handle: file.primary, wanted: full, name: "n.heic")
        let reference = try HEIFSample.libheifRGBA(bytes)
        #expect(decoded.width == 1200 && decoded.height == 900)
        #expect(zip(decoded.pixels, reference.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "libheif's pixels")

        #expect(Array(file.contents[0..<extent.lowerBound]) == Array(bytes[0..<extent.lowerBound]))
        let zerosAfter = file.contents[extent].reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        #expect(zerosAfter - zerosBefore >= releasable - zerosBefore, "\(zerosAfter) zero bytes, \(releasable) given back at least")
        #expect(file.released == item.extents)
        #expect(throws: PictureError.self) { try HEIFDecoder.decode(file, handle: file.primary, wanted: full, name: "n.heic") }
    }

    /// Ranges under `releaseMinimumBytes` are kept (the small items of the other tests, whose
    /// estimates stay what they were); `releasableBytes` is whole pages and never more than
    /// `release` gives back at any offset.
    @Test func shortRangesAreKeptAndTheCountIsALowerBound() throws {
        let small = HEIFFile.releaseMinimumBytes - 1
        #expect(HEIFFile.releasableBytes(0..<small) == 0)
        let page = HEIFFile.pageSize
        for start in [0, 1, page - 1, page, 3 * page + 17] {
            for extra in [0, 5, page - 2, page - 1] {
                let range = start..<(start + HEIFFile.releaseMinimumBytes + extra)
                let count = HEIFFile.releasableBytes(range)
                // The pages wholly within `range` at any address of the buffer's first byte.
                let fewest = (0..<page).map { base in (base + range.upperBound) / page - (base + range.lowerBound + page - 1) / page }.min()!
                #expect(count % page == 0 && count >= range.count - 2 * page && count == fewest * page, "\(range): \(count)")
            }
        }
    }

    /// 48 MP (8064 × 6048, the SPS coding the same size) of 26.8 MB coded bytes — the `heif-enc
    /// -q 80` file of docs/BENCHMARKS.md —, decoded for a 2560 × 1440 screen (1920 × 1440): with
    /// the file's copy given back, the estimate with libde265's threads and the output fits the
    /// default 192 MB, so it takes them; counted as before (the coded bytes held twice), it
    /// would not (206 MB working).
    @Test func a48MegapixelFrameForTheScreenTakesTheThreads() throws {
        let bytes = try HEIFSample.encodePlanes(width: 96, height: 64) { x, y in (20 + x * 2, 60 + y * 2, 200 - x, 0) }
        let file = try HEIFFile(source: bytes, name: "s.heic")
        var item = try #require(file.directItem(file.primary))
        let size = PixelSize(width: 8064, height: 6048)
        item.codedSize = size
        let coded = 26_796_000
        item.extents = [4096..<(4096 + coded)]
        let wanted = PictureTarget.fit(PixelSize(width: 2560, height: 1440)).size(for: size)
        #expect(wanted == PixelSize(width: 1920, height: 1440))
        let threads = HEIFDecoder.directThreads(size: size, item: item, wanted: wanted, limits: .standard)
        #expect(threads == HEIFDecoder.directThreads)
        let working = HEIFDecoder.directWorkingBytes(size: size, item: item, wanted: wanted, threads: 2)
        let output = wanted.pixelCount * 4
        #expect(working + output <= PictureLimits.defaultWorkingMemory, "\(working + output)")
        let heldTwice = working + HEIFFile.releasableBytes(item.extents[0])
        #expect(heldTwice + output > PictureLimits.defaultWorkingMemory, "\(heldTwice + output)")
        // The frame (3 bytes a coded pixel), the threads' share, what is left of the coded bytes.
        let frame = size.pixelCount * 3, parallel = HEIFDecoder.directThreadBytes(size, threads: 2)
        let rows = size.width * 4 + RowDownscaler.workingBytes(width: size.width, size: wanted)
        let kept = item.parameterSets.reduce(0) { $0 + $1.count } + 2 * HEIFFile.pageSize
        #expect(working >= frame + parallel + rows && working <= frame + parallel + rows + kept, "\(working - frame - parallel - rows)")
    }
}
