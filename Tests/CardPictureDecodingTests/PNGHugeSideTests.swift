import CardPictureDecoding
import Testing

/// A PNG header declaring sides of 2³² − 1 pixels (found by fuzz-picture: width × height × 12
/// overflowed Int) is refused with an error, never a crash.
@Suite struct PNGHugeSideTests {
    @Test func sidesPastTheFormatAreRefused() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        bytes += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 6, 0, 0, 1, 0, 0, 0, 0]
        #expect(throws: (any Error).self) { try PictureDecoder.probe(bytes, name: "huge.png") }
    }
}
