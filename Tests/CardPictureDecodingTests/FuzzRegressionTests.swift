import CardMath
import Foundation
import Testing
@testable import CardPictureDecoding

/// Inputs the fuzzers (Fuzz/, `make fuzz`) found crashing, kept after the fix: each must now be
/// refused with a `PictureError` (or decode), never trap.
@Suite("Fuzzer findings stay fixed")
struct FuzzRegressionTests {
    /// fuzz-picture, 49 bytes: an APP1 segment of length 2 (no data) followed by the bytes
    /// "Exif\0\0II*…" outside it. The EXIF reader checked the signature against the whole file,
    /// not the segment, and built the range 6 bytes past the segment's end: a trap.
    static let emptyAPP1FollowedByExifSignature: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x02, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x0A, 0x07, 0x07, 0x06, 0x08, 0x0C, 0x0A, 0x0C, 0x0C, 0x0B, 0x0A, 0x0B, 0x0B,
        0x0D, 0x0E, 0x10, 0x0D, 0x89, 0x50, 0x4E, 0x47, 0x0E, 0xFF, 0x0D,
    ]

    @Test func anEmptyAPP1SegmentIsNotReadPastItsEnd() {
        #expect(throws: PictureError.self) { try PictureDecoder.decode(Self.emptyAPP1FollowedByExifSignature) }
        #expect(throws: PictureError.self) { try PictureDecoder.probe(Self.emptyAPP1FollowedByExifSignature) }
        // And a valid file with an empty APP1 segment decodes, without an orientation.
        let jpeg = TestJPEG.encode(TestJPEG.quadrants(width: 16, height: 16))
        let withEmptyAPP1 = Array(jpeg[0..<2]) + [0xFF, 0xE1, 0x00, 0x02] + jpeg[2...]
        #expect((try? PictureDecoder.probe(withEmptyAPP1))?.orientation == .up)
    }

    /// fuzz-picture, 153 bytes, with embedded previews on: the same shape again — an empty APP1
    /// followed by "Exif\0\0" — in the embedded-preview reader, which checked the signature but
    /// not the segment's length before taking the TIFF range after it: a trap.
    static let emptyAPP1ForThePreviewReader = [UInt8](Data(base64Encoded: """
        /9j/4QACRXhpZgAASVVuc2FmFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQjAgAAAAAAABQUFBQUFBQUFBQUFBQUFBQUFP/AABEIAAwAAgMEBQYHCAnHhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrLZ2uLj5OXm5+jp6vLz9LX2QXJy9/j5+v/aAAwDAQACEQMRAD8A3/r5n//Z
        """.trimmingCharacters(in: .whitespacesAndNewlines))!)

    @Test func thePreviewReaderKeepsToItsSegments() throws {
        let input = Self.emptyAPP1ForThePreviewReader
        try #require(input.count == 153)
        let target = PictureTarget.cover(PixelSize(width: 26, height: 33))
        do { _ = try PictureDecoder.decode(input, target: target, embeddedPreviews: true) } catch is PictureError {}
        // An empty APP2 followed by "MPF\0" and a TIFF header, on a valid file: no preview, no trap.
        let jpeg = TestJPEG.encode(TestJPEG.quadrants(width: 16, height: 16))
        let mpf = Array(jpeg[0..<2]) + [0xFF, 0xE2, 0x00, 0x02] + Array("MPF".utf8) + [0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8] + jpeg[2...]
        let picture = try PictureDecoder.decode(mpf, target: .fit(PixelSize(width: 8, height: 8)), embeddedPreviews: true)
        #expect(!picture.fromEmbeddedPreview)
    }
}
