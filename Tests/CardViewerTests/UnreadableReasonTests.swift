import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import Foundation
import Testing

/// An unreadable picture's card says why, on the card itself, where its title goes (SPEC §10
/// "Loading is visible"): "not a picture", "truncated", with the file name kept. Read back from a
/// replay's screenshot like `PictureFolderReplayTests`' titles.
@Suite("the reason on an unreadable card")
struct UnreadableReasonTests {
    @Test("a good picture's card shows its name; a text file's and a truncated JPEG's cards show their reasons before it")
    func reasonsDrawn() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        // Names of one length, so that only the reasons make the titles differ in length.
        try PNGCodec.write(RGBAImage(width: 160, height: 120, fill: (90, 120, 90, 255)), to: images.appendingPathComponent("1.png").path)
        try Data("this is no picture at all\n".utf8).write(to: images.appendingPathComponent("2.png"))
        let jpeg = try JPEGEncoder.encode(RGBAImage(width: 640, height: 480, fill: (30, 90, 200, 255)), quality: 90)
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: images.appendingPathComponent("3.jpg"))

        let shot = folder.appendingPathComponent("reasons.png")
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder, arguments: [
            "--size", "900x400", "--layout", "grid", "--images", images.path, "--screenshot", shot.path,
            "--thumbnail-cache", "off"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("2.png") && outcome.stderr.contains("3.jpg"), "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        let viewport = Size(width: 900, height: 400)
        // The title band: the bottom of the card, 10 % of its shorter side (16…44 points) high;
        // bright pixels are text (light on the dark band), counted per column.
        func inkedColumns(_ slot: Int) -> Int {
            let frame = GridLayout().slotFrame(at: slot, viewport: viewport)
            let strip = min(max(0.1 * min(frame.size.width, frame.size.height), 16), 44)
            var columns = 0
            for x in Int(frame.minX + 2)..<Int(frame.maxX - 2) {
                let inked = (Int(frame.maxY - strip)..<Int(frame.maxY - 3)).contains { Int(image[x, $0].g) > 110 }
                if inked { columns += 1 }
            }
            return columns
        }
        let columns = (0..<3).map(inkedColumns)
        // "1.png" against "not a picture: 2.png" (20 characters) and "truncated: 3.jpg" (16).
        #expect(columns[0] > 5, "the good card's title: \(columns)")
        #expect(Double(columns[1]) > 2.5 * Double(columns[0]), "\(columns)")
        #expect(Double(columns[2]) > 2 * Double(columns[0]), "\(columns)")
        #expect(columns[1] > columns[2], "\(columns)")
    }
}
