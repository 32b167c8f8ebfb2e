import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// An unreadable picture's card says why, on the card itself, where its title goes (SPEC §10
/// "Loading is visible"): "not a picture", "truncated", with the file name kept. Read back from a
/// replay's screenshot like `PictureFolderReplayTests`' titles.
@Suite("the reason on an unreadable card")
struct UnreadableReasonTests {
    @Test("a text file's and a truncated JPEG's placeholders show their reasons before their names")
    func reasonsDrawn() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        // Names of one length, so that only the reasons make the titles differ in length.
        try PNGCodec.write(RGBAImage(width: 160, height: 120, fill: (90, 120, 90, 255)), to: images.appendingPathComponent("1.png").path)
        try Data("this is no picture at all\n".utf8).write(to: images.appendingPathComponent("2.png"))
        let jpeg = try JPEGEncoder.encode(RGBAImage(width: 640, height: 480, fill: (30, 90, 200, 255)), quality: 90)
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: images.appendingPathComponent("3.jpg"))

        let shot = folder.url("reasons.png")
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: [
            "--size", "900x400", "--layout", "grid", "--images", images.path, "--screenshot", shot.path,
            "--thumbnail-cache", "off"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("2.png") && outcome.stderr.contains("3.jpg"), "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        let viewport = Size(width: 900, height: 400)
        // A placeholder's title is drawn across its middle, light on the card's dark background
        // (its unreadable mark above is red, its number badge at the top right): bright columns
        // below the top third, above the rim, measure the title's width.
        func inkedColumns(_ slot: Int) -> Int {
            let frame = GridLayout().slotFrame(at: slot, viewport: viewport)
            let rows = Int(frame.minY + frame.size.height * 0.35)..<Int(frame.maxY - 6)
            var columns = 0
            for x in Int(frame.minX + 4)..<Int(frame.maxX - 4) where rows.contains(where: { Int(image[x, $0].g) > 110 }) {
                columns += 1
            }
            return columns
        }
        let columns = (1..<3).map(inkedColumns)
        // "not a picture: 2" (16 characters) and "truncated: 3" (12): inked columns (the gaps
        // between glyphs not counted) about 56 and 47 at this size; a title of the name alone
        // ("2") would be one glyph, a few pixels wide.
        #expect(columns[0] > 40 && columns[1] > 30, "\(columns)")
        let ratio = Double(columns[0]) / Double(max(columns[1], 1))
        #expect(ratio > 1.1 && ratio < 1.7, "widths \(columns): 16 against 12 characters")
    }
}
