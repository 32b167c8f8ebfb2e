import CardPictureDecoding
import Testing
@testable import CardViewerFrame

/// A JPEG whose header segments run past `PictureDecoder.maximumHeaderBytes` shows "too large" on
/// its card (issue 31: it said "truncated"), and so does the failure the thumbnail cache
/// remembers for it.
@Suite("a JPEG header over 16 MiB: the card says too large")
struct HeaderCapReasonTests {
    @Test func theCardSaysTooLarge() {
        let error = PictureError.headerTooLarge(path: "big-header.jpg", limit: PictureDecoder.maximumHeaderBytes)
        #expect(CardReason.of(error) == "too large")
        let remembered = PictureError.remembered(path: "big-header.jpg", reason: error.reason)
        #expect(CardReason.of(remembered) == "too large")
    }
}
