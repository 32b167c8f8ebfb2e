import CardMath
import CardPixels
import Testing
@testable import CardPictureDecoding

/// Embedded JPEG previews (`JPEGEmbeddedPreview`): with `embeddedPreviews`, a target the EXIF
/// thumbnail or an MPF large thumbnail covers is decoded from it (smallest first), with the main
/// image's orientation; larger targets, `.fullSize`, a preview of another aspect or one that
/// fails to decode get the main image. Each image here is one flat colour, so the pixels say
/// which one was decoded.
@Suite("Embedded JPEG previews: EXIF thumbnail and MPF")
struct EmbeddedPreviewTests {
    static let mainColor: (UInt8, UInt8, UInt8) = (200, 40, 40)
    static let mpfColor: (UInt8, UInt8, UInt8) = (40, 200, 40)
    static let exifColor: (UInt8, UInt8, UInt8) = (40, 40, 200)

    static func flat(_ width: Int, _ height: Int, _ color: (UInt8, UInt8, UInt8)) throws -> [UInt8] {
        try JPEGEncoder.encode(RGBAImage(width: width, height: height, fill: (color.0, color.1, color.2, 255)), quality: 95)
    }

    /// A 1200 × 900 main image with a 600 × 450 MPF preview and a 160 × 120 EXIF thumbnail.
    static func camera(mpf: (Int, Int) = (600, 450), orientation: PictureOrientation? = nil) throws -> [UInt8] {
        let main = try flat(1200, 900, mainColor)
        let withMPF = JPEGPreviewWriter.withMPFPreview(main, preview: try flat(mpf.0, mpf.1, mpfColor))
        return JPEGPreviewWriter.withExifThumbnail(withMPF, thumbnail: try flat(160, 120, exifColor), orientation: orientation)
    }

    /// Which of the three colours `image`'s centre pixel is (within JPEG's error).
    static func source(of image: RGBAImage) -> String {
        let i = ((image.height / 2) * image.width + image.width / 2) * 4
        let pixel = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        for (name, color) in [("main", mainColor), ("mpf", mpfColor), ("exif", exifColor)]
        where abs(pixel.0 - Int(color.0)) < 12 && abs(pixel.1 - Int(color.1)) < 12 && abs(pixel.2 - Int(color.2)) < 12 {
            return name
        }
        return "unknown \(pixel)"
    }

    @Test
    func bothPreviewsAreFound() throws {
        let file = try Self.camera()
        guard case let .header(main) = JPEGHeader.scan(file) else { Issue.record("no header"); return }
        let previews = JPEGEmbeddedPreview.previews(in: file, main: main)
        #expect(previews.map(\.header.size) == [PixelSize(width: 160, height: 120), PixelSize(width: 600, height: 450)])
    }

    /// The smallest preview that covers the target; the main image past both, and for `.fullSize`.
    @Test(arguments: [(128, "exif"), (160, "exif"), (256, "mpf"), (600, "mpf"), (601, "main"), (1000, "main")])
    func theSmallestCoveringPreviewIsDecoded(side: Int, expected: String) throws {
        let picture = try PictureDecoder.decode(try Self.camera(), target: .fit(PixelSize(width: side, height: side)),
                                                embeddedPreviews: true)
        #expect(Self.source(of: picture.image) == expected)
        #expect(picture.fromEmbeddedPreview == (expected != "main"))
        #expect(picture.fullSize == PixelSize(width: 1200, height: 900))
        // The size asked for, whichever image it came from.
        let wanted = PictureTarget.fit(PixelSize(width: side, height: side)).size(for: PixelSize(width: 1200, height: 900))
        #expect(picture.image.width == wanted.width && picture.image.height == wanted.height)
    }

    @Test
    func withoutTheOptionOrAtFullSizeTheMainImageIsDecoded() throws {
        let file = try Self.camera()
        let small = PictureTarget.fit(PixelSize(width: 128, height: 128))
        #expect(Self.source(of: try PictureDecoder.decode(file, target: small).image) == "main")
        let full = try PictureDecoder.decode(file, target: .fullSize, embeddedPreviews: true)
        #expect(Self.source(of: full.image) == "main" && !full.fromEmbeddedPreview)
    }

    /// A preview of another aspect (600 × 300 for a 4:3 picture) is not used.
    @Test
    func aPreviewOfAnotherAspectIsNotUsed() throws {
        let file = JPEGPreviewWriter.withMPFPreview(try Self.flat(1200, 900, Self.mainColor), preview: try Self.flat(600, 300, Self.mpfColor))
        let picture = try PictureDecoder.decode(file, target: .fit(PixelSize(width: 256, height: 256)), embeddedPreviews: true)
        #expect(Self.source(of: picture.image) == "main" && !picture.fromEmbeddedPreview)
        // Within the tolerance (600 × 448 is 0.4 % off 4:3) it is.
        let close = JPEGPreviewWriter.withMPFPreview(try Self.flat(1200, 900, Self.mainColor), preview: try Self.flat(600, 448, Self.mpfColor))
        #expect(Self.source(of: try PictureDecoder.decode(close, target: .fit(PixelSize(width: 256, height: 256)), embeddedPreviews: true).image) == "mpf")
    }

    /// A preview whose data is broken after its header: the main image is decoded instead.
    @Test
    func aPreviewThatFailsToDecodeFallsBackToTheMainImage() throws {
        var preview = try Self.flat(600, 450, Self.mpfColor)
        guard case let .header(header) = JPEGHeader.scan(preview) else { Issue.record("no header"); return }
        preview = Array(preview.prefix(header.scanOffset + 20))  // cut short: "truncated"
        let file = JPEGPreviewWriter.withMPFPreview(try Self.flat(1200, 900, Self.mainColor), preview: preview)
        let picture = try PictureDecoder.decode(file, target: .fit(PixelSize(width: 256, height: 256)), embeddedPreviews: true)
        #expect(Self.source(of: picture.image) == "main" && !picture.fromEmbeddedPreview)
    }

    /// MPF offsets pointing past the file, and an EXIF thumbnail offset past its segment, are ignored.
    @Test
    func previewOffsetsOutsideTheFileAreIgnored() throws {
        var file = try Self.camera()
        // Cut the appended MPF preview off: its entry now points past the end.
        file = Array(file.prefix(file.count - 100))
        guard case let .header(main) = JPEGHeader.scan(file) else { Issue.record("no header"); return }
        #expect(JPEGEmbeddedPreview.previews(in: file, main: main).map(\.header.size) == [PixelSize(width: 160, height: 120)])
    }

    /// The main image's EXIF orientation turns the preview too (orientation 6: a quarter turn clockwise).
    @Test
    func thePreviewTakesTheMainImagesOrientation() throws {
        // A preview whose left half is dark: after orientation 6 the dark half is on top.
        var image = RGBAImage(width: 600, height: 450, fill: (Self.mpfColor.0, Self.mpfColor.1, Self.mpfColor.2, 255))
        for y in 0..<450 { for x in 0..<300 { image.pixels.replaceSubrange(((y * 600 + x) * 4)..<((y * 600 + x) * 4 + 3), with: [0, 0, 0]) } }
        let main = try Self.flat(1200, 900, Self.mainColor)
        let file = JPEGEncoder.withOrientation(JPEGPreviewWriter.withMPFPreview(main, preview: try JPEGEncoder.encode(image, quality: 95)), .right)
        let picture = try PictureDecoder.decode(file, target: .fit(PixelSize(width: 256, height: 256)), embeddedPreviews: true)
        #expect(picture.fromEmbeddedPreview)
        #expect(picture.fullSize == PixelSize(width: 900, height: 1200))
        #expect(picture.image.width == 192 && picture.image.height == 256)
        let top = (20 * 192 + 96) * 4, bottom = (236 * 192 + 96) * 4
        #expect(picture.image.pixels[top + 1] < 30 && picture.image.pixels[bottom + 1] > 170)
    }

    /// A preview is colour-managed with the main image's profile when it has none of its own.
    @Test
    func thePreviewTakesTheMainImagesProfile() throws {
        let profile = ICCTestProfiles.profile(.adobeRGB)
        let file = JPEGPreviewWriter.withICCProfile(try Self.camera(), profile: profile)
        let target = PictureTarget.fit(PixelSize(width: 256, height: 256))
        let tagged = try PictureDecoder.decode(file, target: target, embeddedPreviews: true)
        let untagged = try PictureDecoder.decode(try Self.camera(), target: target, embeddedPreviews: true)
        #expect(tagged.fromEmbeddedPreview && untagged.fromEmbeddedPreview)
        #expect(ICCTestProfiles.maximumDifference(tagged.image, ICCTestProfiles.reference(untagged.image, from: profile)) <= 1)
    }
}
