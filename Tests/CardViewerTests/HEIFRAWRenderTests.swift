import CardFormatSamples
import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// HEIC, AVIF, DNG and a RAW+JPEG pair in one folder, through the real binary: `cardviewer
/// layout` lists 3 + 1 cards, and `cardviewer render` draws each card in its picture's colour
/// (the pair's card showing the JPEG, not the RAW's black preview), with nothing on stderr.
@Suite("HEIF and RAW end to end (layout, render)")
struct HEIFRAWRenderTests {
    static let viewport = Size(width: 640, height: 400)
    /// The cards in name order and the colour each shows.
    static let cards: [(name: String, color: (r: UInt8, g: UInt8, b: UInt8))] = [
        ("a.heic", (200, 40, 40)), ("b.avif", (40, 160, 60)), ("c.dng", (40, 80, 200)), ("d.jpg", (230, 230, 230)),
    ]

    /// The folder: the four pictures and the RAW half of the pair (`D.CR2`, a DNG inside,
    /// whose preview is black).
    static func folder() throws -> TemporaryFolder {
        let directory = try TemporaryFolder("cardviewer-e2e")
        func solid(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> RGBAImage { RGBAImage(width: 300, height: 200, fill: (c.r, c.g, c.b, 255)) }
        let files: [(String, [UInt8])] = [
            ("a.heic", try HEIFSample.encode(solid(cards[0].color), codec: .hevc)),
            ("b.avif", try HEIFSample.encode(solid(cards[1].color), codec: .av1)),
            ("c.dng", DNGSample.make(preview: solid(cards[2].color))),
            ("d.jpg", try JPEGEncoder.encode(solid(cards[3].color), quality: 95)),
            ("D.CR2", DNGSample.make(preview: solid((0, 0, 0)))),
        ]
        for (name, bytes) in files { try directory.write(name, bytes) }
        return directory
    }

    @Test func layoutListsThreePlusOneCards() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try ChildProcess.runViewer(["layout", "--layout", "grid", folder.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let cards = try #require(json["cards"] as? [[String: Any]])
        #expect(cards.count == 4)
    }

    @Test func renderDrawsEachFormatAndThePairsJPEG() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let out = folder.path("out.png")
        let outcome = try ChildProcess.runViewer(["render", "--images", folder.path, "--out", out, "--layout", "grid",
                                                  "--size", "\(Int(Self.viewport.width))x\(Int(Self.viewport.height))",
                                                  "--thumbnail-cache", "off"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: out)
        for (index, card) in Self.cards.enumerated() {
            let frame = GridLayout().slotFrame(at: index, viewport: Self.viewport)
            let (x, y) = (Int(frame.center.x), Int(frame.center.y))
            #expect(ViewerTest.pixel(image, x, y, is: card.color, tolerance: 16), "\(card.name): \(image[x, y])")
        }
    }
}
