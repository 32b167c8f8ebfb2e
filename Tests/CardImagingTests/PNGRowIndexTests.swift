import CardPixels
import Testing
@testable import CardImaging

/// Rows of a PNG from checkpoints (`PNGRowIndex`, the photo view's regions of large PNGs):
/// every row read from a checkpoint equals libpng's decode of the whole file.
@Suite("PNG rows from checkpoints")
struct PNGRowIndexTests {
    /// Rows `rows` of `index` as RGBA.
    static func rows(_ index: PNGRowIndex, _ rows: Range<Int>) throws -> [[UInt8]] {
        var out: [[UInt8]] = []
        try index.readRows(rows) { y, row in
            #expect(y == rows.lowerBound + out.count)
            out.append(Array(UnsafeBufferPointer(start: row, count: index.width * 4)))
        }
        return out
    }

    static func row(_ image: RGBAImage, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]) }

    @Test("every colour type, every filter, image data in many chunks: rows from checkpoints equal libpng's",
          arguments: [TestPNG.ColorType.gray, .grayAlpha, .rgb, .rgba])
    func everyFilter(colorType: TestPNG.ColorType) throws {
        let (width, height) = (97, 300)
        let samples = (0..<(width * height)).map { i in
            (0..<Int(colorType.channels)).map { (c: Int) -> Int in (i * 7 + c * 53 + (i / width) * 3) % 256 }
        }
        var png = TestPNG(width: width, height: height, colorType: colorType, bitDepth: 8, samples: samples)
        png.filterForScanline = { UInt8($0 % 5) }
        png.imageDataChunkSize = 1000
        let bytes = png.bytes()
        let whole = try PNGCodec.decode(bytes)
        let index = try #require(try PNGRowIndex.open(source: bytes, name: "t.png", interval: 16))
        #expect(index.width == width && index.height == height && index.hasAlpha == [.grayAlpha, .rgba].contains(colorType))
        // A region first (checkpoints above it kept on the way), then the whole index, then
        // regions anywhere, in any order.
        for (y, row) in try Self.rows(index, 100..<110).enumerated() { #expect(row == Self.row(whole, 100 + y), "row \(100 + y)") }
        try index.indexAll()
        #expect(index.checkpointCount == 19)  // rows 0, 16, …, 288
        for range in [290..<300, 0..<3, 17..<49, 255..<257, 160..<161] {
            for (y, row) in try Self.rows(index, range).enumerated() {
                #expect(row == Self.row(whole, range.lowerBound + y), "row \(range.lowerBound + y)")
            }
        }
    }

    @Test("a compressed file (libpng's adaptive filters and deflate): regions after the index equal the decode")
    func compressed() throws {
        var image = RGBAImage(width: 300, height: 700)
        for y in 0..<700 { for x in 0..<300 { image[x, y] = (UInt8((x * y) % 251), UInt8((x + 3 * y) % 256), UInt8((x ^ y) & 255), UInt8(255 - (y % 200))) } }
        let bytes = try PNGCodec.encode(image)
        let index = try #require(try PNGRowIndex.open(source: bytes, name: "c.png", interval: 32))
        try index.indexAll()
        for range in [650..<700, 33..<40, 0..<1] {
            for (y, row) in try Self.rows(index, range).enumerated() { #expect(row == Self.row(image, range.lowerBound + y)) }
        }
    }

    @Test("files whose rows libpng transforms are not indexed (they are read through libpng)")
    func notIndexed() throws {
        let samples = [[Int]](repeating: [1, 2, 3], count: 16)
        var png = TestPNG(width: 4, height: 4, colorType: .rgb, bitDepth: 8, samples: samples)
        #expect(try PNGRowIndex.open(source: png.bytes(), name: "plain.png") != nil)
        png.transparency = [0, 1, 0, 2, 0, 3]
        #expect(try PNGRowIndex.open(source: png.bytes(), name: "trns.png") == nil)
        png.transparency = nil
        png.extraChunks = [("gAMA", [0, 1, 0x86, 0xA0])]  // 1.0
        #expect(try PNGRowIndex.open(source: png.bytes(), name: "gamma.png") == nil)
        png.extraChunks = [("gAMA", [0, 0, 0xB1, 0x8F])]  // 45455: sRGB's
        #expect(try PNGRowIndex.open(source: png.bytes(), name: "srgb-gamma.png") != nil)
        let deep = TestPNG(width: 4, height: 4, colorType: .rgb, bitDepth: 16, samples: [[Int]](repeating: [1, 2, 3], count: 16))
        #expect(try PNGRowIndex.open(source: deep.bytes(), name: "deep.png") == nil)
    }

    @Test("damaged image data is an error naming the file, not a crash")
    func damaged() throws {
        var png = TestPNG(width: 50, height: 50, colorType: .rgb, bitDepth: 8, samples: [[Int]](repeating: [9, 9, 9], count: 2500))
        png.filterForScanline = { _ in 7 }  // no such filter
        let index = try #require(try PNGRowIndex.open(source: png.bytes(), name: "bad.png"))
        #expect(throws: PNGError.self) { try index.indexAll() }
    }
}
