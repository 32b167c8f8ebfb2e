import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// Expects decoding `bytes` to fail with a one-line error of the given kind naming `name`.
private func expectRefused(_ bytes: [UInt8], name: String, _ kind: (PictureError) -> Bool,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(sourceLocation: sourceLocation) {
        try PictureDecoder.decode(bytes, name: name, target: .fit(PixelSize(width: 64, height: 64)))
    } throws: { error in
        guard let error = error as? PictureError else { return false }
        return kind(error) && error.description.contains("'\(name)'") && !error.description.contains("\n")
    }
}

@Suite("Picture decoding refuses broken and absurd files with one line naming them")
struct PictureErrorTests {
    static let jpeg = TestJPEG.encode(TestJPEG.quadrants(width: 64, height: 48))

    @Test func emptyAndForeignFiles() {
        expectRefused([], name: "empty.jpg") { if case .truncated = $0 { true } else { false } }
        expectRefused(Array("BM6 a bitmap, not a picture the viewer reads".utf8), name: "a.bmp.jpg") { if case .unsupported = $0 { true } else { false } }
        expectRefused([0xFF, 0xD8], name: "soi-only.jpg") { if case .unsupported = $0 { true } else { false } }
    }

    @Test(arguments: [3, 20, 100, 200])
    func filesCutInTheHeaderAreTruncated(cut: Int) {
        expectRefused(Array(Self.jpeg.prefix(cut)), name: "cut.jpg") { if case .truncated = $0 { true } else { false } }
    }

    @Test func filesCutInTheImageDataAreTruncated() throws {
        let sos = try #require((2..<Self.jpeg.count - 1).first { Self.jpeg[$0] == 0xFF && Self.jpeg[$0 + 1] == 0xDA })
        let cut = Array(Self.jpeg.prefix(sos + (Self.jpeg.count - sos) / 2))
        expectRefused(cut, name: "half.jpg") { if case .truncated = $0 { true } else { false } }
    }

    @Test func absurdSizesAreRefusedFromTheHeader() throws {
        // The frame header patched to 60000×60000: refused before TurboJPEG allocates anything.
        var bytes = Self.jpeg
        let sof = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        expectRefused(bytes, name: "huge.jpg") { $0 == .tooLarge(path: "huge.jpg", width: 60000, height: 60000, maximumPixels: PictureLimits.defaultMaximumPixels) }
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0, 0, 0, 10])
        expectRefused(bytes, name: "zero.jpg") { if case .corrupt = $0 { true } else { false } }
        #expect(throws: PictureError.self) { try PictureDecoder.probe(bytes, name: "zero.jpg") }
    }

    @Test func sizesTheImageDataCannotHoldAreRefusedBeforeDecoding() throws {
        // 8000×6000 is within the limits, but 48 million pixels need at least 93,750 bytes of
        // Huffman-coded data (one bit per 8×8 block); this file has a few hundred.
        var bytes = Self.jpeg
        let sof = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x17, 0x70, 0x1F, 0x40])
        expectRefused(bytes, name: "hollow.jpg") { error in
            if case let .truncated(_, reason) = error { reason.contains("cannot hold a 8000x6000 picture") } else { false }
        }
        // The header alone still probes: it is only decoding that needs the data.
        #expect(try PictureDecoder.probe(bytes).size == PixelSize(width: 8000, height: 6000))
    }

    @Test func brokenMarkersAreCorrupt() {
        var bytes = Self.jpeg
        bytes[4] = 0x7F  // the first segment's length (high byte): it runs past the end
        expectRefused(bytes, name: "length.jpg") { if case .truncated = $0 { true } else { false } }
        expectRefused([0xFF, 0xD8, 0xFF, 0xD9], name: "eoi.jpg") { if case .corrupt = $0 { true } else { false } }
        expectRefused([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9], name: "scan-first.jpg") { if case .corrupt = $0 { true } else { false } }
        expectRefused([0xFF, 0xD8, 0xFF, 0xE0, 0, 1], name: "short-length.jpg") { if case .corrupt = $0 { true } else { false } }
    }

    @Test func damagedImageDataNeverCrashes() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var bytes = Self.jpeg
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 2..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            do {
                let picture = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 32, height: 32)))
                #expect(picture.image.pixels.count == picture.image.width * picture.image.height * 4)
            } catch {
                #expect(error is PictureError)
            }
        }
    }

    @Test func filesOnDiskAreNamedInErrors() throws {
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        let cut = "\(folder.path)/cut.jpg"
        try Data(Self.jpeg.prefix(100)).write(to: URL(fileURLWithPath: cut))
        for path in [cut, "\(folder.path)/missing.jpg", folder.path] {
            #expect {
                try PictureDecoder.decode(contentsOf: path)
            } throws: { error in
                (error as? PictureError)?.description.contains("'\(path)'") == true && (error as? PictureError)?.path == path
            }
            #expect(throws: PictureError.self) { try PictureDecoder.probe(contentsOf: path) }
        }
    }

    @Test func probesReadPastLargeSegmentsBeforeTheFrame() throws {
        // Three 60 KB APP2 segments (as ICC profiles take) put the frame header past 180 KB.
        var bytes = Self.jpeg
        for _ in 0..<3 {
            let payload = [UInt8](repeating: 0x41, count: 60_000)
            bytes = Array(bytes[0..<2]) + [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload + bytes[2...]
        }
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        try Data(bytes).write(to: URL(fileURLWithPath: "\(folder.path)/icc.jpg"))
        #expect(try PictureDecoder.probe(contentsOf: "\(folder.path)/icc.jpg").size == PixelSize(width: 64, height: 48))
    }

    @Test func pngProbesReadTheHeader() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 30, height: 20))
        #expect(try PictureDecoder.probe(png) == PictureInfo(size: PixelSize(width: 30, height: 20), format: .png, orientation: .up))
        #expect(throws: PictureError.self) { try PictureDecoder.probe(Array(png.prefix(20))) }
    }
}
