import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Every row of `bytes` through `PNGRowReader`, as one image.
func readRows(_ source: some ByteSource, name: String = "rows.png") throws -> RGBAImage {
    let reader = try PNGRowReader(source: source, name: name)
    var pixels = [UInt8](repeating: 0, count: reader.width * reader.height * 4)
    try pixels.withUnsafeMutableBytes { out in
        for y in 0..<reader.height {
            try reader.readRow(into: UnsafeMutableRawBufferPointer(rebasing: out[(y * reader.width * 4)..<((y + 1) * reader.width * 4)]))
        }
    }
    return RGBAImage(width: reader.width, height: reader.height, pixels: pixels)
}

/// The PNG row reader (libpng's classic reader behind the C shim) gives the pixels of the whole
/// decode byte for byte, without holding the image, and refuses what it cannot stream.
@Suite("PNG read a row at a time")
struct PNGRowReaderTests {
    static let nonInterlaced = PNGFormat.all

    @Test(arguments: nonInterlaced)
    func everyFormatGivesTheWholeDecodesPixels(format: PNGFormat) throws {
        let png = randomPNG(format, interlaced: false, seed: 40 + UInt64(format.bitDepth) + UInt64(format.colorType.rawValue))
        let bytes = png.bytes()
        let streamed = try readRows(bytes)
        #expect(streamed == (try PNGCodec.decode(bytes)))
        #expect(mismatches(streamed, png).isEmpty)
    }

    @Test func transparencyGammaAndManyChunksMatchTheWholeDecode() throws {
        var cases: [TestPNG] = []
        var gray = randomPNG(PNGFormat(colorType: .gray, bitDepth: 4), interlaced: false, seed: 1)
        gray.transparency = [0, UInt8(gray.samples[0][0])]
        cases.append(gray)
        var rgb = randomPNG(PNGFormat(colorType: .rgb, bitDepth: 8), interlaced: false, seed: 2)
        rgb.transparency = rgb.samples[3].flatMap { [0, UInt8($0)] }
        cases.append(rgb)
        var palette = randomPNG(PNGFormat(colorType: .palette, bitDepth: 8), interlaced: false, seed: 3)
        palette.transparency = (0..<50).map { UInt8($0 * 5) }
        cases.append(palette)
        for gamma in [100_000, 45_455, 70_000] as [UInt32] {
            var linear = randomPNG(PNGFormat(colorType: .rgba, bitDepth: 8), interlaced: false, seed: UInt64(gamma))
            linear.extraChunks = [("gAMA", TestPNG.bigEndian32(gamma))]
            cases.append(linear)
        }
        var split = randomPNG(PNGFormat(colorType: .rgb, bitDepth: 8), interlaced: false, seed: 4, width: 60, height: 40)
        split.imageDataChunkSize = 7
        split.extraChunks = [("tEXt", Array("Comment\u{0}hello".utf8)), ("sRGB", [0])]
        cases.append(split)
        for png in cases {
            let bytes = png.bytes()
            #expect(try readRows(bytes) == (try PNGCodec.decode(bytes)), "\(png.colorType) \(png.extraChunks.map(\.type))")
        }
    }

    @Test func aFileIsReadInPiecesWithTheSamePixels() throws {
        let png = randomPNG(PNGFormat(colorType: .rgba, bitDepth: 8), interlaced: false, seed: 9, width: 300, height: 200).bytes()
        let folder = try TemporaryFolder("rows")
        defer { folder.remove() }
        let path = try folder.write("rows.png", png)
        let file = try FileSource(opening: path)
        #expect(file.count == png.count)
        #expect(try readRows(file) == (try PNGCodec.decode(png)))
    }

    @Test func interlacedFilesAreNotStreamed() throws {
        #expect(!PNGRowReader.canStream(interlaced: true) && PNGRowReader.canStream(interlaced: false))
        let png = randomPNG(PNGFormat(colorType: .rgb, bitDepth: 8), interlaced: true, seed: 5).bytes()
        #expect { try PNGRowReader(source: png, name: "adam7.png") } throws: { error in
            (error as? PNGError).map { "\($0)".contains("adam7.png") && "\($0)".contains("interlaced") } ?? false
        }
    }

    @Test func damagedAndShortImageDataFailsOnTheRowNotBefore() throws {
        let png = randomPNG(PNGFormat(colorType: .rgb, bitDepth: 8), interlaced: false, seed: 6, width: 40, height: 30)
        var bytes = png.bytes()
        // The image data's last bytes replaced by a too-short stream: the rows run out.
        let idat = try #require((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) })
        let length = bytes[(idat - 4)..<idat].reduce(0) { $0 << 8 | Int($1) }
        let shortened = Array(bytes[(idat + 4)..<(idat + 4 + length / 2)])
        bytes = Array(bytes[..<(idat - 4)]) + TestPNG.chunk("IDAT", shortened) + TestPNG.chunk("IEND", [])
        let reader = try PNGRowReader(source: bytes, name: "short.png")
        var row = [UInt8](repeating: 0, count: 40 * 4)
        var failure: (any Error)?
        for _ in 0..<30 where failure == nil {
            do { try row.withUnsafeMutableBytes { try reader.readRow(into: $0) } } catch { failure = error }
        }
        let error = try #require(failure as? PNGError)
        #expect("\(error)".contains("short.png") && !"\(error)".contains("\n"))
        #expect(reader.rowsRead < 30)
    }

    @Test func theChunkWalkOfAFileAgreesWithTheWalkOfItsBytes() throws {
        var png = randomPNG(PNGFormat(colorType: .gray, bitDepth: 8), interlaced: false, seed: 8, width: 100, height: 100)
        png.imageDataChunkSize = 13  // hundreds of chunks: the walk crosses its 4 KiB window many times
        let bytes = png.bytes()
        let folder = try TemporaryFolder("walk")
        defer { folder.remove() }
        let path = try folder.write("walk.png", bytes)
        let walked = try PNGStructure.chunks(in: FileSource(opening: path), name: path)
        #expect(walked == (try PNGStructure.chunks(of: bytes)))
        #expect(walked.count > 700)
    }
}
