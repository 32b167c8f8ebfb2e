import CardImaging
import CardPixels
import Foundation
import Testing

/// A valid 2×2 RGBA file with `chunks` (type, declared length, the bytes that follow the type)
/// spliced in right after IHDR; the spliced bytes are raw, so a chunk may lie about its length.
private func file(withRawChunksAfterHeader raw: [UInt8]) -> [UInt8] {
    let png = TestPNG(width: 2, height: 2, colorType: .rgba, bitDepth: 8, samples: [[1, 2, 3, 255], [4, 5, 6, 255], [7, 8, 9, 255], [10, 11, 12, 255]]).bytes()
    return Array(png[0..<33]) + raw + png[33...]
}

/// A chunk header declaring `length` bytes of `type`, followed by only a few real bytes.
private func lyingChunk(_ type: String, length: UInt32) -> [UInt8] {
    TestPNG.bigEndian32(length) + Array(type.utf8) + [0x61, 0x62]
}

@Suite("PNG chunk structure is validated before libpng allocates anything")
struct PNGChunkValidationTests {
    static let metadataTypes = ["tEXt", "zTXt", "iTXt", "iCCP", "pCAL", "sPLT", "eXIf", "vpAg"]

    @Test(arguments: metadataTypes)
    func aChunkDeclaringTwoGibibytesIsRefusedWithTheReason(type: String) {
        // The 49-byte file: a signature, IHDR, then a chunk declaring 2³¹−1 bytes.
        let bytes = Array(file(withRawChunksAfterHeader: []).prefix(33)) + lyingChunk(type, length: 0x7FFF_FFFF)
        #expect(bytes.count < 50)
        #expect {
            try PNGCodec.decode(bytes, name: "huge-\(type).png")
        } throws: { error in
            guard let error = error as? PNGError, case let .unreadable(path, reason) = error else { return false }
            return path == "huge-\(type).png" && reason.contains("'\(type)'") && reason.contains("2147483647")
                && !error.description.contains("\n")
        }
    }

    @Test(arguments: metadataTypes + ["IDAT"])
    func aDeclaredLengthPastTheEndIsRefusedAnywhereInTheFile(type: String) {
        // Declared lengths larger than what remains, before the image data and after it.
        let before = file(withRawChunksAfterHeader: lyingChunk(type, length: 5000))
        #expect(throws: PNGError.self) { try PNGStructure.chunks(of: before) }
        var after = file(withRawChunksAfterHeader: [])
        after.insert(contentsOf: lyingChunk(type, length: 0x7FFF_FFF0), at: after.count - 12)  // before IEND
        #expect(throws: PNGError.self) { try PNGCodec.decode(after) }
    }

    @Test func ancillaryChunksOverTheCapAreRefusedEvenWhenTheBytesAreThere() throws {
        let big = [UInt8](repeating: 0x41, count: PNGStructure.maximumAncillaryLength + 1)
        let bytes = file(withRawChunksAfterHeader: TestPNG.chunk("tEXt", Array("Comment".utf8) + [0] + big))
        #expect {
            try PNGCodec.decode(bytes, name: "big.png")
        } throws: { error in
            (error as? PNGError)?.description.contains("larger than \(PNGStructure.maximumAncillaryLength)") == true
        }
        let atCap = [UInt8](repeating: 0x41, count: PNGStructure.maximumAncillaryLength - 8)
        let fine = file(withRawChunksAfterHeader: TestPNG.chunk("tEXt", Array("Comment".utf8) + [0] + atCap))
        #expect(try PNGCodec.decode(fine).width == 2)
    }

    @Test func imageDataTooSmallForTheDeclaredSizeIsRefusedBeforeLibpng() throws {
        // 8000×8000 RGBA within the limits, but deflate inflates at most 1032:1: 256 MB of rows
        // need at least 248 KB of image data, and this file has 16 bytes.
        var bytes = file(withRawChunksAfterHeader: [])
        let header = TestPNG.chunk("IHDR", TestPNG.bigEndian32(8000) + TestPNG.bigEndian32(8000) + [8, 6, 0, 0, 0])
        bytes.replaceSubrange(8..<33, with: header)
        #expect {
            try PNGCodec.decode(bytes, name: "hollow.png")
        } throws: { error in
            (error as? PNGError)?.description.contains("cannot hold a 8000x8000 image") == true
        }
    }

    @Test func malformedStructuresAreRefused() {
        let good = file(withRawChunksAfterHeader: [])
        var badType = good
        badType[37] = 0x31  // a digit in the first chunk after IHDR's type
        let cases: [(String, [UInt8])] = [
            ("bad type", badType),
            ("no IHDR first", Array(good[0..<8]) + TestPNG.chunk("tEXt", [0x61, 0, 0x62]) + good[8...]),
            ("short IHDR", Array(good[0..<8]) + TestPNG.chunk("IHDR", [0, 0, 0, 1]) + good[33...]),
            ("header cut", Array(good.prefix(8 + 25 + 7))),
            ("over 2^31", Array(good[0..<33]) + lyingChunk("tEXt", length: 0x8000_0000)),
            ("signature only", Array(good.prefix(8))),
        ]
        for (label, bytes) in cases {
            #expect(throws: PNGError.self, "\(label)") { try PNGStructure.chunks(of: bytes) }
            #expect(throws: PNGError.self, "\(label)") { try PNGCodec.decode(bytes) }
        }
    }

    @Test func metadataChunksAreDroppedWithoutChangingThePixels() throws {
        let plain = file(withRawChunksAfterHeader: [])
        let metadata = Self.metadataTypes.filter { $0 != "iCCP" }.flatMap { TestPNG.chunk($0, Array("Key".utf8) + [0, 0, 0, 0x41]) }
        // Before the image data and after it (before IEND).
        var decorated = file(withRawChunksAfterHeader: metadata)
        decorated.insert(contentsOf: TestPNG.chunk("tEXt", Array("After".utf8) + [0] + Array("IDAT".utf8)), at: decorated.count - 12)
        #expect(try PNGCodec.decode(decorated) == PNGCodec.decode(plain))
        let chunks = try PNGStructure.chunks(of: decorated)
        #expect(chunks.map(\.type).filter { $0 == "tEXt" }.count == 2)
        #expect(chunks.last?.type == "IEND")
    }

    @Test func textEntriesAreReadFromValidatedChunks() throws {
        let extra = [PNGStructure.textChunk(keyword: "Thumb::URI", text: "file:///tmp/a%20b.jpg"),
                     PNGStructure.textChunk(keyword: "Thumb::MTime", text: "1700000000"),
                     PNGStructure.textChunk(keyword: "Software", text: "Café 1.0")]
        let png = try PNGStructure.inserting(extra, into: PNGCodec.encode(RGBAImage(width: 3, height: 1, fill: (1, 2, 3, 255))))
        let entries = PNGStructure.textEntries(of: png, chunks: try PNGStructure.chunks(of: png))
        #expect(entries.map(\.keyword) == ["Thumb::URI", "Thumb::MTime", "Software"])
        #expect(entries.map(\.text) == ["file:///tmp/a%20b.jpg", "1700000000", "Café 1.0"])
        // The spliced chunks carry correct CRCs: libpng reads the file (it checks CRCs).
        #expect(try PNGCodec.decode(png)[2, 0] == (1, 2, 3, 255))
        // Malformed text chunks are ignored, not trusted.
        let odd = file(withRawChunksAfterHeader: TestPNG.chunk("tEXt", Array("NoSeparator".utf8)) + TestPNG.chunk("tEXt", [0, 0x61]))
        #expect(PNGStructure.textEntries(of: odd, chunks: try PNGStructure.chunks(of: odd)).isEmpty)
    }
}
