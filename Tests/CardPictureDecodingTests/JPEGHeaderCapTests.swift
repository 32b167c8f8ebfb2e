import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// JPEGs whose header segments (everything before the first scan) are padded to a chosen length
/// with comment segments (COM, the most a segment holds: 65,533 bytes of data each).
enum PaddedJPEG {
    /// A small real JPEG (a 64×48 red picture, baseline 4:2:0).
    static let base: [UInt8] = try! JPEGEncoder.encode(RGBAImage(width: 64, height: 48, fill: (200, 30, 30, 255)), quality: 90)

    /// Where `jpeg`'s first scan header ends, bytes: the prefix `JPEGHeader.scan` needs whole.
    static func headerEnd(of jpeg: [UInt8]) -> Int {
        guard case let .header(header) = JPEGHeader.scan(jpeg) else { preconditionFailure("not a JPEG") }
        let offset = header.scanOffset
        return offset + 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
    }

    /// `base` with COM segments after its start-of-image marker so that its first scan's header
    /// ends at byte `end` (at least the base's own header end + 4).
    static func withHeader(endingAt end: Int) -> [UInt8] {
        var padding = end - headerEnd(of: base)
        precondition(padding >= 4, "the header cannot end before byte \(headerEnd(of: base) + 4)")
        var segments: [UInt8] = []
        segments.reserveCapacity(padding)
        while padding > 0 {
            // A whole segment unless what is left would be too short for one (4 bytes at least).
            var size = min(padding, 65_537)
            if (1..<4).contains(padding - size) { size -= 4 }
            let length = size - 2
            segments += [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += [UInt8](repeating: 0x20, count: size - 4)
            padding -= size
        }
        return Array(base.prefix(2)) + segments + base.dropFirst(2)
    }
}

/// The cap on a JPEG's header segments (`PictureDecoder.maximumHeaderBytes`, 16 MiB): a valid
/// file whose first scan starts past it is refused as too large, with its own reason (issue 31:
/// it used to be called truncated); one whose header ends at the cap decodes.
@Suite("JPEG header segments: at most 16 MiB before the first scan")
struct JPEGHeaderCapTests {
    static let cap = PictureDecoder.maximumHeaderBytes

    @Test func theCapIs16MiB() {
        #expect(Self.cap == 16 << 20)
    }

    @Test("a header ending at the cap decodes; one byte more is refused as too large, not truncated")
    func headerPastTheCapIsTooLarge() throws {
        let atCap = PaddedJPEG.withHeader(endingAt: Self.cap)
        #expect(PaddedJPEG.headerEnd(of: atCap) == Self.cap)
        let picture = try PictureDecoder.decode(atCap, name: "at-cap.jpg")
        #expect(picture.fullSize == PixelSize(width: 64, height: 48))
        let (r, g, b, _) = picture.image[32, 24]
        #expect(abs(Int(r) - 200) <= 8 && g < 50 && b < 50, "\(picture.image[32, 24])")

        let over = PaddedJPEG.withHeader(endingAt: Self.cap + 1)
        #expect(throws: PictureError.headerTooLarge(path: "over.jpg", limit: Self.cap)) {
            try PictureDecoder.decode(over, name: "over.jpg")
        }
        #expect(throws: PictureError.headerTooLarge(path: "over.jpg", limit: Self.cap)) {
            try PictureDecoder.probe(over, name: "over.jpg")
        }
    }

    @Test("the refusal says what is too large and names the limit")
    func wording() {
        #expect(PictureError.headerTooLarge(path: "a.jpg", limit: 16 << 20).description
                == "'a.jpg': too large (header segments over 16 MiB, the limit)")
    }

    @Test("a file that ends inside its header is still truncated, however long the header")
    func endingInsideTheHeaderIsTruncated() throws {
        let long = PaddedJPEG.withHeader(endingAt: 5 << 20)
        let cut = Array(long.prefix(4 << 20))
        guard case .truncated = try #require(decodeError(cut)) else { Issue.record("not truncated"); return }
    }

    @Test("from a file too: over 16 MiB of segments is refused after reading at most 16 MiB")
    func fromAFile() throws {
        let folder = try TemporaryFolder("jpeg-header-cap")
        defer { folder.remove() }
        let path = folder.path("segments.jpg")
        try Data(PaddedJPEG.withHeader(endingAt: Self.cap + 70_000)).write(to: URL(fileURLWithPath: path))
        #expect(throws: PictureError.headerTooLarge(path: path, limit: Self.cap)) {
            try PictureDecoder.decode(contentsOf: path, target: .fit(PixelSize(width: 32, height: 32)))
        }
    }

    private func decodeError(_ bytes: [UInt8]) -> PictureError? {
        do {
            _ = try PictureDecoder.decode(bytes, name: "x.jpg")
            return nil
        } catch {
            return error as? PictureError
        }
    }
}
