import CardPictureDecoding
import Testing

/// SPEC §11: one line per error naming the file once, one wording per reason; a failure record an
/// older version wrote (`picture 'NAME' is truncated: …`) is read in today's wording.
@Suite("PictureError wording")
struct PictureErrorWordingTests {
    @Test func eachReasonHasOneWordingAndThePathOnce() {
        #expect(PictureError.truncated(path: "x.jpg", reason: "Premature end of JPEG file").description
            == "'x.jpg': truncated (Premature end of JPEG file)")
        #expect(PictureError.unsupported(path: "x.jpg", reason: PictureError.notAPictureReason).cardReason == "not a picture")
        #expect(PictureError.unsupported(path: "x.jpg", reason: "12-bit JPEG").description == "'x.jpg': not supported (12-bit JPEG)")
        #expect(PictureError.tooLarge(path: "b.png", width: 30000, height: 30000, maximumPixels: 268_435_456).description
            == "'b.png': too large: 30000 × 30000 (at most 65535 pixels a side and 268435456 pixels)")
        let remembered = PictureError.remembered(path: "x.jpg", reason: "truncated (Premature end of JPEG file)")
        #expect(remembered.description == "'x.jpg': truncated (Premature end of JPEG file; remembered from an earlier attempt)")
        #expect(remembered.cardReason == "truncated")
    }

    @Test func olderRecordsAreReadInTodaysWording() {
        #expect(PictureError.reason(ofRecord: "picture 'a' is b.jpg' is truncated: cut") == "truncated (cut)")
        #expect(PictureError.reason(ofRecord: "picture 'x.jpg' is not supported: not a PNG, JPEG, HEIF, WebP, TIFF, GIF or camera RAW file")
            == "not a picture (not a PNG, JPEG, HEIF, WebP, TIFF, GIF or camera RAW file)")
        #expect(PictureError.reason(ofRecord: "picture 'x.gif' is corrupt: an unknown GIF record") == "corrupt (an unknown GIF record)")
        #expect(PictureError.reason(ofRecord: "truncated (cut)") == "truncated (cut)")
    }
}
