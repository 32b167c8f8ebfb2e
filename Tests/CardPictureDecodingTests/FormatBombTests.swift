import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// Declared-size bombs in the new formats, each a few hundred bytes declaring hundreds of
/// megabytes to gigabytes of pixels, decoded by a child (`picture-tool decode --peak-memory`):
/// one warning line each, and the child's peak memory stays small (nothing was allocated for
/// the declared pixels).
@Suite("WebP, TIFF and GIF size bombs are refused in little memory")
struct FormatBombTests {
    static func bombs() -> [(name: String, bytes: [UInt8])] {
        // WebP: a lossless header declaring 16383 × 16383 (1 GiB of ARGB to decode).
        let side = 16383 - 1
        let vp8l: [UInt8] = [0x2F] + WebPEncoder.littleEndian(side | side << 14, 4) + [UInt8](repeating: 0, count: 20)
        let webp = WebPEncoder.riff(WebPEncoder.chunk("VP8L", vp8l))
        // GIF: a 16000 × 12000 screen (192 MB of colour indices).
        var gif = GIFEncoder.encode(canvas: PixelSize(width: 4, height: 4), palette: [(1, 2, 3), (4, 5, 6)],
                                    frames: [GIFEncoder.Frame(indices: [UInt8](repeating: 1, count: 16), width: 4, height: 4)])
        gif.replaceSubrange(6..<10, with: WebPEncoder.littleEndian(16000, 2) + WebPEncoder.littleEndian(12000, 2))
        // TIFF: 16000 × 16000 in one deflate strip (a 768 MB strip buffer; TIFFEncoder's default).
        let tiff = TIFFDecodingTests.patching(TIFFEncoder.encode(FormatSamples.pattern(width: 4, height: 4), layout: .strips(rows: 4)),
                                              width: 16000, height: 16000, rowsPerStrip: 16000)
        // TIFF: 100000 × 100000 (over the side limit).
        let wide = TIFFDecodingTests.patching(TIFFEncoder.encode(FormatSamples.pattern(width: 4, height: 4), layout: .strips(rows: 4)),
                                              width: 100_000, height: 100_000)
        return [("bomb.webp", webp), ("bomb.gif", gif), ("bomb-strip.tif", tiff), ("bomb-wide.tif", wide)]
    }

    @Test func aChildRefusesEachBombInLittleMemory() throws {
        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        var paths: [String] = []
        for bomb in Self.bombs() {
            #expect(bomb.bytes.count < 2000, "\(bomb.name): \(bomb.bytes.count) bytes")
            paths.append("\(folder.path)/\(bomb.name)")
            try Data(bomb.bytes).write(to: URL(fileURLWithPath: paths.last!))
        }
        let outcome = try ChildProcess.run(tool, ["decode", "--peak-memory"] + paths)
        #expect(outcome.status == 1)
        let warnings = outcome.stderr.split(separator: "\n")
        #expect(warnings.count == paths.count, "\(outcome.stderr)")
        for bomb in Self.bombs() {
            #expect(warnings.contains { $0.contains(bomb.name) && $0.contains(": too large") }, "\(outcome.stderr)")
        }
        let peak = try #require(ChildProcess.reportedPeak(in: outcome.stdout))
        #expect(peak < 48 << 20, "peak \(peak >> 20) MiB")
    }
}
