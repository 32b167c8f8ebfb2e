import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// TIFFs stored as one strip (issue 31): libtiff re-cuts a single uncompressed strip of
/// contiguous samples into strips of about 8 KiB (at least a row) when it opens the file
/// (STRIPCHOP), so such a file is read a row or so at a time and shown; a single strip it must
/// decode whole — compressed, or uncompressed with separate planes — costs the strip and a band
/// of that many RGBA rows, and past the working-memory cap is refused from its header.
@Suite("TIFF in one strip: uncompressed read a row at a time, compressed refused when too large")
struct TIFFSingleStripTests {
    static let card = PictureTarget.fit(PixelSize(width: 256, height: 256))

    /// What the plan of the TIFF at `path` finds, at `target`.
    static func plan(_ path: String, target: PictureTarget = card) throws -> (header: TIFFHeader, cost: PictureCost) {
        let plan = try PictureDecoder.plan(FileSource(opening: path), name: path, target: target, limits: .standard)
        guard case let .tiff(header) = plan.route else { throw PictureError.corrupt(path: path, reason: "not planned as TIFF") }
        return (header, plan.cost)
    }

    @Test("a real 16000² TIFF in one uncompressed strip (768 MB, sparse) passes with under 2 MiB of working memory")
    func uncompressedSingleStripIsReadARowAtATime() throws {
        let folder = try TemporaryFolder("tiff-strip")
        defer { folder.remove() }
        let path = folder.path("single-strip.tif")
        let layout = StripTIFF.Layout(width: 16000, height: 16000, rowsPerStrip: 16000)
        try StripTIFF.write(layout, to: path)
        #expect(layout.rawStripBytes == [768_000_000])
        #expect(try PictureDecoder.probe(contentsOf: path).size == PixelSize(width: 16000, height: 16000))
        let (header, cost) = try Self.plan(path)
        // libtiff chopped the strip into one-row strips of 48,000 bytes.
        #expect(header.bandRows == 1 && header.chunkBytes == 48_000, "\(header)")
        #expect(cost.input == 0 && cost.working < 2 << 20, "\(cost)")
        #expect(cost.output == 256 * 256 * 4)
    }

    @Test("a 3000×2000 TIFF in one uncompressed strip decodes exactly, whole and to a card")
    func uncompressedSingleStripDecodesRight() throws {
        let folder = try TemporaryFolder("tiff-strip")
        defer { folder.remove() }
        let path = folder.path("photo.tif")
        let (width, height) = (3000, 2000)
        try StripTIFF.write(StripTIFF.Layout(width: width, height: height, rowsPerStrip: height),
                            data: Self.rows(width: width, height: height), to: path)
        let (header, _) = try Self.plan(path, target: .fullSize)
        #expect(header.bandRows == 1 && header.chunkBytes == width * 3)
        let picture = try PictureDecoder.decode(contentsOf: path)
        #expect(picture.format == .tiff && picture.fullSize == PixelSize(width: width, height: height))
        for (x, y) in [(0, 0), (1499, 0), (1500, 0), (2999, 999), (0, 1000), (1500, 1999), (2999, 1999), (777, 1234)] {
            let (r, g, b, a) = picture.image[x, y]
            let wanted = Self.color(x: x, y: y, width: width, height: height)
            #expect([r, g, b, a] == [wanted.0, wanted.1, wanted.2, 255], "(\(x), \(y)): \(picture.image[x, y])")
        }
        let card = try PictureDecoder.decode(contentsOf: path, target: .fit(PixelSize(width: 300, height: 300)))
        #expect(card.image.width == 300 && card.image.height == 200)
        let (r, g, b, _) = card.image[225, 150]  // in the bottom-right quadrant
        #expect(abs(Int(b) - 200) <= 1 && r < 20 && abs(Int(g) - 160) <= 1, "\(card.image[225, 150])")
    }

    @Test("a 16000² TIFF in one deflate strip is refused from its header, its strip never read")
    func compressedSingleStripIsRefused() throws {
        let folder = try TemporaryFolder("tiff-strip")
        defer { folder.remove() }
        // A real deflate strip of 768 MB of zeros (about 4.8 MB: HostileFiles.zlibZeros).
        let deflate = HostileFiles.zlibZeros(count: 16000 * 16000 * 3)
        let path = folder.path("deflate.tif")
        try StripTIFF.write(StripTIFF.Layout(width: 16000, height: 16000, rowsPerStrip: 16000, compression: 8,
                                             stripBytes: [deflate.count]), data: deflate, to: path)
        // LZW: the strip's bytes are never looked at.
        let lzw = folder.path("lzw.tif")
        try StripTIFF.write(StripTIFF.Layout(width: 16000, height: 16000, rowsPerStrip: 16000, compression: 5,
                                             stripBytes: [4096]), to: lzw)
        for file in [path, lzw] {
            let header = try TIFFHeader(TIFFFile(FileSource(opening: file), name: file, maximumAllocation: 1 << 20))
            #expect(header.bandRows == 16000 && header.chunkBytes == 768_000_000, "\(header)")
            for target in [Self.card, .fullSize] {
                guard case let .tooMuchMemory(_, bytes, limit) = try #require(Self.error { try Self.plan(file, target: target) })
                else { Issue.record("\(file): not too much memory"); continue }
                // The strip (768 MB) and a band of 16000 RGBA rows (1024 MB).
                #expect(bytes > 768_000_000 + 1_024_000_000 && limit == PictureLimits.defaultWorkingMemory)
            }
        }
    }

    @Test("an uncompressed single strip a plane (separate planes) is not chopped: refused when too large")
    func separatePlanesAreDecodedWhole() throws {
        let folder = try TemporaryFolder("tiff-strip")
        defer { folder.remove() }
        let path = folder.path("planes.tif")
        try StripTIFF.write(StripTIFF.Layout(width: 8000, height: 8000, rowsPerStrip: 8000, separatePlanes: true), to: path)
        guard case .tooMuchMemory = try #require(Self.error { try Self.plan(path) }) else {
            Issue.record("not too much memory")
            return
        }
        // Small enough, it is shown: 3 × 1 MB of strips and 4 MB of rows.
        let small = folder.path("planes-small.tif")
        try StripTIFF.write(StripTIFF.Layout(width: 1000, height: 1000, rowsPerStrip: 1000, separatePlanes: true), to: small)
        let (header, _) = try Self.plan(small)
        #expect(header.bandRows == 1000 && header.chunkBytes == 3_000_000)
        #expect(try PictureDecoder.decode(contentsOf: small, target: Self.card).image.width == 256)
    }

    /// Four quadrants: (y mod 256, 40, 200 − …) top left, and so on; see `color`.
    static func color(x: Int, y: Int, width: Int, height: Int) -> (UInt8, UInt8, UInt8) {
        switch (x < width / 2, y < height / 2) {
        case (true, true): (UInt8(y % 256), 40, 90)
        case (false, true): (220, UInt8(y % 256), 30)
        case (true, false): (30, 30, UInt8(y % 256))
        case (false, false): (10, 160, 200)
        }
    }

    /// The rows of `color`, 8-bit RGB, top to bottom (each half row made by doubling one pixel:
    /// copies, not a loop per pixel, in a debug build).
    static func rows(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for half in [0, width / 2] {
                let (r, g, b) = color(x: half, y: y, width: width, height: height)
                let run = (half == 0 ? width / 2 : width - width / 2) * 3
                var pixels: [UInt8] = [r, g, b]
                while pixels.count < run { pixels += pixels }
                bytes += pixels[0..<run]
            }
        }
        return bytes
    }

    static func error(_ body: () throws -> Any) -> PictureError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? PictureError
        }
    }
}
