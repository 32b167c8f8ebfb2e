import CardMath
import Testing
@testable import CardPictureDecoding

/// Inputs fuzz-webp, fuzz-tiff and fuzz-gif found, kept after the fix.
@Suite("WebP, TIFF and GIF fuzzer findings stay fixed")
struct FormatFuzzRegressionTests {
    /// fuzz-gif, 76 bytes, a timeout (13 s under AddressSanitizer): a 12 × 9 interlaced frame at
    /// row 9728 of an 11785 × 15620 screen (184 MP, within the caps). Every transparent canvas
    /// row went through the downscaler; now the rows outside the frame are skipped unread
    /// (`RowDownscaler.addTransparentRow`), and the whole canvas is over the decode budget.
    static let smallFrameOnAHugeScreen: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x09, 0x2E, 0x04, 0x3D, 0xF1, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00,
        0x00, 0x00, 0xFF, 0xFA, 0xFA, 0xFA, 0x21, 0xF9, 0x04, 0x08, 0x0A, 0x00, 0xFF, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x26,
        0x0C, 0x00, 0x09, 0x00, 0x40, 0x02, 0x11, 0x44, 0x34, 0x86, 0x9A, 0xD7, 0xEB, 0x98, 0x8C, 0x14, 0xDA, 0x87, 0xE7,
        0xD5, 0xB9, 0xF6, 0xED, 0x14, 0x00, 0x3B, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]

    @Test func aSmallFrameOnAHugeScreenCostsItsOutput() throws {
        let bytes = Self.smallFrameOnAHugeScreen
        let info = try PictureDecoder.probe(bytes)
        #expect(info.size == PixelSize(width: 11785, height: 15620) && info.format == .gif)
        let picture = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 40, height: 40)))
        #expect(picture.image.width == 31 && picture.image.height == 40)
        // The frame (12 × 9 of 11785 × 15620) averages to nothing: every pixel transparent.
        #expect(picture.image.pixels.allSatisfy { $0 == 0 })
        // Whole, the canvas is 737 MB of output: more than all the workers' budget.
        let whole = try PictureDecoder.plan(bytes, name: "x", target: .fullSize, limits: .standard).cost
        #expect(whole.total > PictureLimits.standard.decodeBudget)
    }
}
