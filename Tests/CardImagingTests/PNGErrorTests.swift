import CardImaging
import CardTestSupport
import Foundation
import Testing

/// A small valid test file: 8-bit RGBA, 6×4, filtered.
private func validFile() -> [UInt8] {
    randomPNG(PNGFormat(colorType: .rgba, bitDepth: 8), interlaced: false, seed: 1, width: 6, height: 4).bytes()
}

/// Expects `bytes` to be refused with an error whose one-line description names `name`.
private func expectUnreadable(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(sourceLocation: sourceLocation) {
        try PNGCodec.decode(bytes, name: name)
    } throws: { error in
        guard let error = error as? PNGError, case .unreadable = error else { return false }
        return error.description.contains("'\(name)'") && !error.description.contains("\n")
    }
}

@Suite("PNG decoding refuses broken and absurd files")
struct PNGErrorTests {
    @Test func emptyFile() { expectUnreadable([], name: "empty.png") }

    @Test func wrongSignature() {
        var bytes = validFile()
        bytes[1] = UInt8(ascii: "J")
        expectUnreadable(bytes, name: "signature.png")
        expectUnreadable(Array("GIF89a, not a PNG at all".utf8), name: "fake.png")
    }

    @Test(arguments: [4, 8, 20, 33, 60, -13, -20])
    func truncatedFile(cut: Int) {
        // Cut inside the signature, after it, inside the IHDR, at the IDAT, inside the image data,
        // and inside the IDAT chunk's CRC and Adler-32 checksum.
        let bytes = validFile()
        expectUnreadable(Array(bytes.prefix(cut > 0 ? cut : bytes.count + cut)), name: "truncated.png")
    }

    @Test func missingEndChunkStillDecodesLikeBrowsersShowIt() throws {
        // All image data is there; only the 12-byte IEND chunk is missing.
        let bytes = validFile()
        #expect(try PNGCodec.decode(Array(bytes.dropLast(12))) == PNGCodec.decode(bytes))
    }

    @Test(arguments: ["IHDR", "IDAT"])
    func badCRC(chunk: String) throws {
        var bytes = validFile()
        let chunkType = Array(chunk.utf8)
        let at = try #require((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == chunkType })
        let length = bytes[(at - 4)..<at].reduce(0) { $0 << 8 | Int($1) }
        bytes[at + 4 + length] ^= 0x5A  // first CRC byte
        expectUnreadable(bytes, name: "crc.png")
    }

    @Test(arguments: [(100_000, 100_000), (65_536, 1), (1, 65_536), (8_193, 8_193)])
    func absurdDimensionsAreRefusedFromTheHeader(width: Int, height: Int) throws {
        // A header promising a huge image, followed by a few bytes of image data: refused as too
        // large before any pixel buffer is allocated (a 100000² RGBA buffer would be 40 GB).
        var file = Array(TestPNG(width: 1, height: 1, colorType: .rgba, bitDepth: 8, samples: [[1, 2, 3, 4]]).bytes())
        let header = TestPNG.chunk("IHDR", TestPNG.bigEndian32(UInt32(width)) + TestPNG.bigEndian32(UInt32(height)) + [8, 6, 0, 0, 0])
        file.replaceSubrange(8..<(8 + 25), with: header)
        #expect {
            try PNGCodec.decode(file, name: "huge.png")
        } throws: { error in
            guard let error = error as? PNGError, case let .tooLarge(path, w, h) = error else { return false }
            return path == "huge.png" && w == width && h == height && error.description.contains("too large")
        }
    }

    @Test func theLargestAllowedSideStillDecodes() throws {
        let png = TestPNG(width: PNGCodec.maximumDimension, height: 1, colorType: .gray, bitDepth: 1,
                          samples: (0..<PNGCodec.maximumDimension).map { [$0 % 3 == 0 ? 1 : 0] })
        let image = try PNGCodec.decode(png.bytes())
        #expect(image.width == PNGCodec.maximumDimension && image[3, 0].r == 255 && image[4, 0].r == 0)
    }

    @Test func filesOnDiskAreNamedInErrors() throws {
        let folder = try TemporaryFolder("png-errors")
        defer { folder.remove() }
        let broken = folder.path("broken.png")
        try Data(validFile().prefix(40)).write(to: URL(fileURLWithPath: broken))
        for path in [broken, folder.path("missing.png"), folder.path] {
            #expect {
                try PNGCodec.read(contentsOf: path)
            } throws: { error in
                (error as? PNGError)?.description.contains("'\(path)'") == true
            }
        }
        let good = folder.path("good.png")
        try Data(validFile()).write(to: URL(fileURLWithPath: good))
        #expect(try PNGCodec.read(contentsOf: good).width == 6)
    }

    @Test func mutatedFilesNeverCrash() {
        // Random byte damage anywhere, in every format: each decode either succeeds or throws a PNGError.
        var random = SplitMix64(seed: 2024)
        for (index, format) in PNGFormat.all.enumerated() {
            let original = randomPNG(format, interlaced: index % 2 == 0, seed: UInt64(index)).bytes()
            for _ in 0..<40 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                if Bool.random(using: &random) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))) }
                do {
                    let image = try PNGCodec.decode(bytes)
                    #expect(image.pixels.count == image.width * image.height * 4)
                } catch {
                    #expect(error is PNGError)
                }
            }
        }
    }
}
