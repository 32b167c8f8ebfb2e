import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
@testable import CardViewerFrame
import Foundation
import Testing

/// Issue 22 parts 4 and 5 in the viewer, read back from `cardviewer render`'s PNGs: a camera
/// JPEG's card is drawn from its embedded MPF preview (a different colour from the main image
/// here, so the pixels say which was decoded) unless `--no-embedded-previews`; a PNG tagged with
/// a ProPhoto profile is drawn converted to sRGB (as `PictureDecoder` gives it, far from the
/// untagged colour).
@Suite("embedded previews and colour profiles in the viewer (render, pixels)", .serialized)
struct EmbeddedPreviewRenderTests {
    static let mainColor: (UInt8, UInt8, UInt8) = (210, 50, 40)
    static let previewColor: (UInt8, UInt8, UInt8) = (40, 190, 60)

    /// The centre pixel of the first grid card in a 640 × 400 render of `folder`.
    static func firstCardCenter(_ folder: URL, extra: [String] = [], in directory: URL, name: String) throws -> (r: UInt8, g: UInt8, b: UInt8) {
        let out = directory.appendingPathComponent(name).path
        let outcome = try ChildProcess.runViewer(["render", "--layout", "grid", "--size", "640x400", "--images", folder.path,
                                                  "--thumbnail-cache", "off", "--out", out] + extra)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: out)
        let center = GridLayout().slotFrame(at: 0, viewport: Size(width: 640, height: 400)).center
        let p = image[Int(center.x), Int(center.y)]
        return (p.r, p.g, p.b)
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8), _ c: (UInt8, UInt8, UInt8), _ tolerance: Int = 12) -> Bool {
        abs(Int(p.r) - Int(c.0)) <= tolerance && abs(Int(p.g) - Int(c.1)) <= tolerance && abs(Int(p.b) - Int(c.2)) <= tolerance
    }

    @Test("a card comes from the embedded preview; --no-embedded-previews decodes the main image")
    func cardsFromEmbeddedPreviews() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try directory.folder("camera")
        let main = try JPEGEncoder.encode(RGBAImage(width: 1600, height: 1200, fill: (Self.mainColor.0, Self.mainColor.1, Self.mainColor.2, 255)))
        let preview = try JPEGEncoder.encode(RGBAImage(width: 800, height: 600, fill: (Self.previewColor.0, Self.previewColor.1, Self.previewColor.2, 255)))
        let file = folder.appendingPathComponent("IMG_0001.JPG")
        let bytes = JPEGPreviewWriter.withMPFPreview(main, preview: preview)
        try Data(bytes).write(to: file)
        let withPreviews = try Self.firstCardCenter(folder, in: directory.url, name: "previews.png")
        #expect(Self.near(withPreviews, Self.previewColor), "\(withPreviews)")
        let without = try Self.firstCardCenter(folder, extra: ["--no-embedded-previews"], in: directory.url, name: "main.png")
        #expect(Self.near(without, Self.mainColor), "\(without)")
        #expect(try Data(contentsOf: file) == Data(bytes))  // the picture is only read
    }

    @Test("a PNG tagged with a ProPhoto profile is drawn converted to sRGB")
    func profilesAreHonoredOnCards() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let color: (UInt8, UInt8, UInt8) = (40, 160, 90)
        let image = RGBAImage(width: 400, height: 300, fill: (color.0, color.1, color.2, 255))
        let profile = try #require(ICCProfileWriter.profile(.proPhoto))
        let chunk = try #require(PNGICCProfile.chunk(profile: profile))
        let tagged = try PNGStructure.inserting([chunk], into: PNGCodec.encode(image))
        let folder = try directory.folder("tagged")
        try Data(tagged).write(to: folder.appendingPathComponent("tagged.png"))
        // What the decoder makes of it: far from the stored values (ProPhoto's green is wide).
        let decoded = try PictureDecoder.decode(tagged).image[200, 150]
        #expect(!Self.near((decoded.r, decoded.g, decoded.b), color, 20), "\(decoded)")
        let drawn = try Self.firstCardCenter(folder, in: directory.url, name: "tagged-render.png")
        #expect(Self.near(drawn, (decoded.r, decoded.g, decoded.b), 6), "\(drawn) against \(decoded)")
    }
}

/// Which decodes of the viewer's workers an embedded preview may serve (`PictureDecoding`): the
/// card tier's thumbnail-folder squares (`.fit`), never the full tier (`.stretch` to the
/// framebuffer's layers) nor the zoom (`.fullSize`); none with the option off.
@Suite("embedded previews serve the card tier only (PictureDecoding)")
struct EmbeddedPreviewTierTests {
    @Test func onlyFitTargetsUsePreviews() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let main = try JPEGEncoder.encode(RGBAImage(width: 1600, height: 1200, fill: (200, 40, 40, 255)))
        let preview = try JPEGEncoder.encode(RGBAImage(width: 800, height: 600, fill: (40, 200, 40, 255)))
        let path = directory.path("camera.jpg")
        try Data(JPEGPreviewWriter.withMPFPreview(main, preview: preview)).write(to: URL(fileURLWithPath: path))
        let on = PictureDecoding(limits: .standard, budget: nil, embeddedPreviews: true)
        let off = PictureDecoding(limits: .standard, budget: nil, embeddedPreviews: false)
        let card = PictureTarget.fit(PixelSize(width: 256, height: 256))
        #expect(try on.decode(path, card).fromEmbeddedPreview)
        #expect(try !off.decode(path, card).fromEmbeddedPreview)
        // The full tier's layer (smaller than the preview, so only the rule keeps it off).
        #expect(try !on.decode(path, .stretch(PixelSize(width: 512, height: 384))).fromEmbeddedPreview)
        #expect(try !on.decode(path, .fullSize).fromEmbeddedPreview)
        // The viewer's default is on.
        #expect(PictureOptions().embeddedPreviews)
    }
}
