import CardFormatSamples
import CardImaging
import CardPixels
import Testing
@testable import CardPictureDecoding

/// A RAW file cut short inside its embedded preview: LibRaw 0.20 unpacks the preview by its
/// declared length whatever it read, so the preview's end came from whatever LibRaw's buffer held
/// (a freed copy of the same JPEG made it decode whole, now and then). The decoder refuses a
/// preview whose end is nowhere in the file's bytes, as truncated, every time.
@Suite("a RAW preview that ends past the end of the file")
struct RAWTruncatedPreviewTests {
    let dng = DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64))

    /// The sample's preview as LibRaw hands it out from the whole file.
    func wholePreview() throws -> [UInt8] {
        let file = try RAWFile(source: dng, name: "whole.dng", limits: .standard)
        guard case let .jpeg(bytes) = try #require(file.preview(maximumBytes: 1 << 20)) else {
            throw PictureError.corrupt(path: "whole.dng", reason: "the sample's preview is not a JPEG")
        }
        return bytes
    }

    @Test func theWholeFileHoldsItsPreviewsEnd() throws {
        let file = try RAWFile(source: dng, name: "whole.dng", limits: .standard)
        #expect(file.holdsTail(of: try wholePreview()))
    }

    /// What LibRaw handed out now and then for the file cut at 2,100 bytes (the preview starts at
    /// 2,056): the whole preview, its end from a freed copy. The cut file does not hold that end,
    /// and the file is refused, whatever LibRaw's leftovers are.
    @Test func aFileCutInsideItsPreviewDoesNotHoldItsEnd() throws {
        let cut = Array(dng[..<2100])
        let file = try RAWFile(source: cut, name: "cut.dng", limits: .standard)
        #expect(!file.holdsTail(of: try wholePreview()))
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(cut, name: "cut.dng") }
    }
}
