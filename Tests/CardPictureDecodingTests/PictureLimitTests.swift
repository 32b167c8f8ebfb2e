import CTurboJPEG
import CardImaging
import CardMath
import CardPixels
import Testing
@testable import CardPictureDecoding

/// Hostile JPEG files made in the test: a real small file's header, its size patched, and its
/// first scan repeated `scans` times (each followed by one byte of entropy-coded data).
private enum HostileJPEG {
    static func make(progressive: Bool, subsampling: TJSAMP, width: Int, height: Int, scans: Int) throws -> [UInt8] {
        let flags = progressive ? Int32(TJFLAG_PROGRESSIVE) : 0
        var bytes = TestJPEG.encode(TestJPEG.quadrants(width: 32, height: 32), subsampling: subsampling, flags: flags)
        let marker: UInt8 = progressive ? 0xC2 : 0xC0
        let sof = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == marker })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        let sos = try #require((sof..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let length = Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3])
        let scan = Array(bytes[sos..<(sos + 2 + length)]) + [0x00]
        return Array(bytes[..<sos]) + Array((0..<scans).map { _ in scan }.joined()) + [0xFF, 0xD9]
    }
}

/// A PNG of only its IHDR (and IEND): what a header declares is all the caps look at.
private func pngHeader(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaced: Bool) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    let ihdr = be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGStructure.chunk(type: "IHDR", data: ihdr)
        + PNGStructure.chunk(type: "IDAT", data: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        + PNGStructure.chunk(type: "IEND", data: [])
}

private func decodeError(_ bytes: [UInt8], name: String) -> PictureError? {
    do {
        _ = try PictureDecoder.decode(bytes, name: name, target: .fit(PixelSize(width: 64, height: 64)))
        return nil
    } catch {
        return error as? PictureError
    }
}

@Suite("Picture caps from the header: scans, decode work, working memory (SPEC §11)")
struct PictureLimitTests {
    @Test func moreThan64ScansAreRefusedBeforeDecoding() throws {
        let bytes = try HostileJPEG.make(progressive: true, subsampling: TJSAMP_444, width: 32, height: 32, scans: 65)
        let error = try #require(decodeError(bytes, name: "scans.jpg"))
        guard case let .corrupt(path, reason) = error else { Issue.record("\(error)"); return }
        #expect(path == "scans.jpg")
        #expect(reason.contains("more than 64 scans"))
        #expect(!error.description.contains("\n"))
        // 64 scans pass the count (TurboJPEG then judges the made-up data).
        let allowed = try HostileJPEG.make(progressive: true, subsampling: TJSAMP_444, width: 32, height: 32, scans: 64)
        #expect(!(decodeError(allowed, name: "ok.jpg")?.description.contains("scans") ?? false))
    }

    @Test func theScanCountStopsPastTheLimitAndSkipsStuffedBytes() throws {
        let bytes = try HostileJPEG.make(progressive: false, subsampling: TJSAMP_420, width: 32, height: 32, scans: 3)
        guard case let .header(header) = JPEGHeader.scan(bytes) else { Issue.record("no header"); return }
        #expect(header.scanCount(in: bytes) == 3)
        #expect(header.scanCount(in: bytes, stoppingAfter: 1) == 2)
        // A real file: one scan (baseline), about ten (progressive).
        let real = TestJPEG.encode(TestJPEG.quadrants(width: 64, height: 48), flags: Int32(TJFLAG_PROGRESSIVE))
        guard case let .header(realHeader) = JPEGHeader.scan(real) else { Issue.record("no header"); return }
        #expect((2...20).contains(realHeader.scanCount(in: real)))
    }

    @Test func progressiveDecodeWorkOver2GPixelScansIsRefused() throws {
        // Greyscale 8192×8192 progressive: 134 MB of coefficients (allowed), but 31 scans are
        // 2.08 G pixel-scans.
        let bytes = try HostileJPEG.make(progressive: true, subsampling: TJSAMP_GRAY, width: 8192, height: 8192, scans: 31)
        #expect(decodeError(bytes, name: "work.jpg") == .tooMuchWork(path: "work.jpg", pixelScans: 8192 * 8192 * 31))
        let fewer = try HostileJPEG.make(progressive: true, subsampling: TJSAMP_GRAY, width: 8192, height: 8192, scans: 29)
        #expect(decodeError(fewer, name: "work.jpg").map { if case .tooMuchWork = $0 { true } else { false } } != true)
    }

    @Test func coefficientMemoryFollowsSubsamplingAndMCUs() throws {
        func header(_ subsampling: TJSAMP, progressive: Bool, _ width: Int, _ height: Int) throws -> JPEGHeader {
            let bytes = try HostileJPEG.make(progressive: progressive, subsampling: subsampling, width: width, height: height, scans: 1)
            guard case let .header(header) = JPEGHeader.scan(bytes) else { throw PictureError.corrupt(path: "", reason: "") }
            return header
        }
        #expect(try header(TJSAMP_420, progressive: true, 8192, 8192).coefficientBytes == 8192 * 8192 * 3 / 2 * 2)
        #expect(try header(TJSAMP_444, progressive: true, 8192, 8192).coefficientBytes == 8192 * 8192 * 3 * 2)
        #expect(try header(TJSAMP_GRAY, progressive: true, 9, 9).coefficientBytes == 4 * 128)
        #expect(try header(TJSAMP_420, progressive: false, 8192, 8192).coefficientBytes == 0)
    }

    @Test func aProgressive8192SquareJPEGIsTooLargeForItsCoefficients() throws {
        // 4:2:0: 1.5 M blocks × 128 bytes = 201 MB over the 192 MB cap; refused from the header,
        // by probe (the header alone) and decode alike, with the size in the message.
        let bytes = try HostileJPEG.make(progressive: true, subsampling: TJSAMP_420, width: 8192, height: 8192, scans: 1)
        let expected = PictureError.tooMuchMemory(path: "big.jpg", bytes: 201_326_592, limit: 192_000_000)
        #expect(decodeError(bytes, name: "big.jpg") == expected)
        #expect(throws: expected) { try PictureDecoder.probe(bytes, name: "big.jpg") }
        #expect(expected.description == "'big.jpg': too large (decoding needs 202 MB of memory; at most 192 MB)")
        // A 24 MP progressive photo (72 MB of coefficients) is within the cap.
        let photo = try HostileJPEG.make(progressive: true, subsampling: TJSAMP_420, width: 6000, height: 4000, scans: 1)
        #expect(throws: Never.self) { try PictureDecoder.probe(photo, name: "photo.jpg") }
    }

    @Test func pngsReadWholeOverTheCapAreRefused() throws {
        // 8000×8000 RGB at 16 bits, interlaced: read whole, as 16-bit RGBA (8 bytes a pixel)
        // and then 8-bit RGBA (4 more): 768 MB.
        let hostile = pngHeader(width: 8000, height: 8000, bitDepth: 16, colorType: 2, interlaced: true)
        let expected = PictureError.tooMuchMemory(path: "deep.png", bytes: 768_000_000, limit: 192_000_000)
        #expect(decodeError(hostile, name: "deep.png") == expected)
        #expect(throws: expected) { try PictureDecoder.probe(hostile, name: "deep.png") }
        // 16-bit alone and interlacing alone count too; an 8-bit, non-interlaced one streams.
        #expect(decodeError(pngHeader(width: 8000, height: 8000, bitDepth: 16, colorType: 6, interlaced: false), name: "a.png")
            == .tooMuchMemory(path: "a.png", bytes: 768_000_000, limit: 192_000_000))
        #expect(decodeError(pngHeader(width: 8000, height: 8000, bitDepth: 8, colorType: 6, interlaced: true), name: "b.png")
            == .tooMuchMemory(path: "b.png", bytes: 256_000_000, limit: 192_000_000))
        #expect(throws: Never.self) {
            try PictureDecoder.probe(pngHeader(width: 8000, height: 8000, bitDepth: 8, colorType: 6, interlaced: false), name: "c.png")
        }
        // Grey and interlaced, read whole as RGBA whatever its depth: 6000×6000 is 144 MB (within
        // the cap), 8000×8000 is 256 MB (refused; 64 MB at its own depth).
        #expect(throws: Never.self) {
            try PictureDecoder.probe(pngHeader(width: 6000, height: 6000, bitDepth: 8, colorType: 0, interlaced: true), name: "d.png")
        }
        #expect(throws: PictureError.tooMuchMemory(path: "e.png", bytes: 256_000_000, limit: 192_000_000)) {
            try PictureDecoder.probe(pngHeader(width: 8000, height: 8000, bitDepth: 8, colorType: 0, interlaced: true), name: "e.png")
        }
    }
}
