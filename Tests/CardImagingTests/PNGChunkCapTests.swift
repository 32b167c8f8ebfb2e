import CardImaging
import CardPixels
import Testing

/// A valid 2×2 RGBA file with `extra` whole chunks spliced in after its image data (before IEND).
private func file(withChunksBeforeEnd extra: [UInt8]) -> [UInt8] {
    let png = TestPNG(width: 2, height: 2, colorType: .rgba, bitDepth: 8, samples: [[1, 2, 3, 255], [4, 5, 6, 255], [7, 8, 9, 255], [10, 11, 12, 255]]).bytes()
    return Array(png[..<(png.count - 12)]) + extra + png[(png.count - 12)...]
}

private func refusal(_ bytes: [UInt8], name: String) -> String? {
    do {
        _ = try PNGStructure.chunks(of: bytes, name: name)
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("PNG chunk caps: chunk count and image data beyond the declared size (SPEC §11)")
struct PNGChunkCapTests {
    @Test func moreThan100000ChunksStopTheWalk() throws {
        // 100,001 empty private chunks: 1.2 MB of nothing, refused before libpng sees it.
        let empty = TestPNG.chunk("zzZz", [])
        let many = [UInt8]([[UInt8]](repeating: empty, count: 100_001).joined())
        let reason = try #require(refusal(file(withChunksBeforeEnd: many), name: "many.png"))
        #expect(reason.contains("'many.png'") && reason.contains("more than 100000 chunks"))
        #expect(!reason.contains("\n"))
        #expect(throws: PNGError.self) { try PNGCodec.decode(file(withChunksBeforeEnd: many), name: "many.png") }
        // A few hundred are fine.
        let some = [UInt8]([[UInt8]](repeating: empty, count: 300).joined())
        #expect(try PNGCodec.decode(file(withChunksBeforeEnd: some)).width == 2)
    }

    @Test func imageDataBeyondWhatTheSizeCanNeedIsRefused() throws {
        // 2×2 RGBA: 18 raw bytes, so at most 18 + 1 + 64 KiB of image data.
        let padding = TestPNG.chunk("IDAT", [UInt8](repeating: 0, count: PNGStructure.imageDataSlack))
        let reason = try #require(refusal(file(withChunksBeforeEnd: padding), name: "padded.png"))
        #expect(reason.contains("'padded.png'") && reason.contains("more than a 2x2 image can need"))
        // Within the slack the walk accepts it (libpng judges the data).
        let small = TestPNG.chunk("IDAT", [UInt8](repeating: 0, count: 1000))
        #expect(refusal(file(withChunksBeforeEnd: small), name: "ok.png") == nil)
    }
}
