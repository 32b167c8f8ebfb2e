import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// Hostile PNG files, each as small as the issue's: huge declared chunks and zlib bombs.
enum HostilePNGs {
    static let header: [UInt8] = {
        let png = try! PNGCodec.encode(RGBAImage(width: 1, height: 1, fill: (10, 20, 30, 255)))
        return Array(png[0..<33])  // signature + IHDR
    }()

    /// `type` declaring 2³¹−1 bytes right after IHDR, followed by two real bytes.
    static func declaringTwoGibibytes(_ type: String) -> [UInt8] {
        header + [0x7F, 0xFF, 0xFF, 0xFF] + Array(type.utf8) + [0x61, 0x62]
    }

    /// A valid 1×1 picture carrying `chunk` before its image data.
    static func valid(with chunk: [UInt8]) throws -> [UInt8] {
        try PNGStructure.inserting([chunk], into: PNGCodec.encode(RGBAImage(width: 1, height: 1, fill: (10, 20, 30, 255))))
    }

    /// zTXt and iTXt whose compressed text inflates to 256 MB; an iCCP whose profile inflates
    /// to 256 MB and whose ICC header declares 2³¹−1 bytes.
    static func bombs() throws -> [(name: String, bytes: [UInt8])] {
        let bomb = HostileFiles.zlibZeros(count: 256 << 20)
        let iccBomb = [0x78, 0x01] + deflateStoredPrefix([0x7F, 0xFF, 0xFF, 0xFF]) + bomb.dropFirst(2)
        return [
            ("bomb-zTXt.png", try valid(with: PNGStructure.chunk(type: "zTXt", data: Array("Comment".utf8) + [0, 0] + bomb))),
            ("bomb-iTXt.png", try valid(with: PNGStructure.chunk(type: "iTXt", data: Array("Comment".utf8) + [0, 1, 0, 0, 0] + bomb))),
            ("bomb-iCCP.png", try valid(with: PNGStructure.chunk(type: "iCCP", data: Array("icc".utf8) + [0, 0] + iccBomb))),
        ]
    }

    /// A non-final stored deflate block holding `bytes` (to put a declared ICC length first).
    static func deflateStoredPrefix(_ bytes: [UInt8]) -> [UInt8] {
        let n = UInt16(bytes.count)
        return [0x00, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + bytes
    }
}

@Suite("Hostile PNGs are skipped with a warning, in little memory")
struct PeakMemoryTests {
    static let types = ["tEXt", "zTXt", "iTXt", "iCCP", "pCAL", "sPLT", "eXIf", "vpAg"]

    @Test func aChildDecodingEveryHostileFileStaysSmall() throws {
        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        var paths: [String] = []
        for type in Self.types {
            let bytes = HostilePNGs.declaringTwoGibibytes(type)
            #expect(bytes.count <= 49)
            paths.append("\(folder.path)/huge-\(type).png")
            try Data(bytes).write(to: URL(fileURLWithPath: paths.last!))
        }
        for bomb in try HostilePNGs.bombs() {
            #expect(bomb.bytes.count < 2 << 20)
            paths.append("\(folder.path)/\(bomb.name)")
            try Data(bomb.bytes).write(to: URL(fileURLWithPath: paths.last!))
        }
        // The child reports its own high-water mark (VmHWM): a parent's wait4 figure would include
        // the memory of this test process, which the child shares until it execs.
        let outcome = try ChildProcess.run(tool, ["decode", "--peak-memory"] + paths)
        // Each huge-chunk file: one warning line naming it. The bombs are valid pictures whose
        // metadata is never inflated (zTXt, iTXt dropped; the iCCP profile refused by libpng's
        // own limit), so they decode.
        let warnings = outcome.stderr.split(separator: "\n")
        #expect(outcome.status == 1)
        #expect(warnings.count == Self.types.count)
        for type in Self.types {
            #expect(warnings.contains { $0.contains("huge-\(type).png") && $0.contains("declares 2147483647 bytes") })
        }
        for name in ["bomb-zTXt.png", "bomb-iTXt.png", "bomb-iCCP.png"] {
            #expect(outcome.stdout.contains("\(name): png 1x1 -> 1x1"), "\(outcome.stdout)")
        }
        // Before the fix one such file alone took 2.1 GB.
        let peak = try #require(ChildProcess.reportedPeak(in: outcome.stdout))
        #expect(peak < 48 << 20, "peak \(peak >> 20) MiB")
    }

    @Test("a 16384² baseline JPEG and an 8-bit 16384² PNG decode to a card in about the memory of their output")
    func pictures268MPCostTheirOutput() throws {
        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        // Made byte by byte: 1.5 MB of flat grey JPEG, 5 MB of zeros PNG (805 MB of rows).
        for file in HostileFiles.largest { try file.make("\(folder.path)/\(file.name)") }
        let outcome = try ChildProcess.run(tool, ["decode", "--fit", "512x512", "--peak-memory"]
            + HostileFiles.largest.map { "\(folder.path)/\($0.name)" })
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("flat-16384.jpg: jpeg 16384x16384 -> 512x512"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("zeros-16384.png: png 16384x16384 -> 512x512"), "\(outcome.stdout)")
        // The JPEG at 1/8 is 2048² (16 MiB); the PNG holds a few rows. Whole, each would be 1 GiB.
        let peak = try #require(ChildProcess.reportedPeak(in: outcome.stdout))
        #expect(peak < 64 << 20, "peak \(peak >> 20) MiB")
    }

    @Test func bombsDecodeInProcessToo() throws {
        for bomb in try HostilePNGs.bombs() {
            #expect(try PictureDecoder.decode(bomb.bytes, name: bomb.name).image[0, 0] == (10, 20, 30, 255))
        }
    }
}
