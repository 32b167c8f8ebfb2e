import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// The photo view headless (SPEC §10): `cardviewer run --headless --replay` on a folder, its
/// screenshots read back — Enter opens the picture whole (four borders), `+` twice reaches 100 %
/// (the borders at its top and bottom leave the window, the left one is 30 pixels wide), Esc goes
/// back and the arrow moves the current card, whose focus ring shows.
@Suite("cardviewer run --headless: the photo view (end to end)")
struct PhotoViewReplayTests {
    @Test("Enter opens whole, + + is 100 %, Esc back, the arrow moves the focus ring")
    func openZoomBackAndRing() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        try PNGCodec.write(ViewerWindowTests.borderedPicture(), to: images.appendingPathComponent("01-border.png").path)
        let c = ViewerTest.colors[1]
        try PNGCodec.write(RGBAImage(width: 320, height: 200, fill: (c.r, c.g, c.b, 255)), to: images.appendingPathComponent("02-card.png").path)
        let before = try ViewerTest.contents(of: images)
        let shots = try folder.folder("shots")
        let events = [
            #"{"time": 0.1, "type": "key", "key": "enter"}"#, #"{"time": 0.5, "type": "waitForPictures"}"#,
            #"{"time": 0.5, "type": "key", "key": "s"}"#,
            #"{"time": 0.6, "type": "key", "key": "+"}"#, #"{"time": 0.7, "type": "key", "key": "+"}"#,
            #"{"time": 0.9, "type": "waitForPictures"}"#, #"{"time": 0.9, "type": "key", "key": "s"}"#,
            #"{"time": 1.0, "type": "key", "key": "escape"}"#, #"{"time": 1.5, "type": "key", "key": "right"}"#,
            #"{"time": 2.2, "type": "waitForPictures"}"#, #"{"time": 2.2, "type": "key", "key": "s"}"#,
        ]
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": 2.3}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--images", images.path, "--thumbnail-cache", "off", "--screenshot-dir", shots.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let taken = PictureFolderReplayTests.screenshots(outcome)
        try #require(taken.count == 3, "\(outcome.stdout)")
        let frames = try taken.map { try PNGCodec.read(contentsOf: $0) }
        let (top, bottom, left, right, middle) = (ViewerWindowTests.borders[0], ViewerWindowTests.borders[1], ViewerWindowTests.borders[2],
                                                  ViewerWindowTests.borders[3], ViewerWindowTests.borders[4])
        func expectPixel(_ frame: Int, _ x: Int, _ y: Int, _ color: (r: UInt8, g: UInt8, b: UInt8), _ what: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(ViewerTest.pixel(frames[frame], x, y, is: color, tolerance: 6), "\(what): (\(x), \(y)) is \(frames[frame][x, y])",
                    sourceLocation: sourceLocation)
        }
        // Fitted: 400 × 600 at 2/3 is 267 × 400 points, x 187…453.
        expectPixel(0, 320, 5, top, "fit: top")
        expectPixel(0, 320, 395, bottom, "fit: bottom")
        expectPixel(0, 192, 200, left, "fit: left")
        expectPixel(0, 448, 200, right, "fit: right")
        expectPixel(0, 320, 200, middle, "fit: middle")
        expectPixel(0, 150, 200, PictureFolderReplayTests.windowBackground, "fit: the window's background beside it")
        // + + : ×√2, then 100 % (a stop on the way): x 120…520, y −100…500.
        expectPixel(1, 125, 200, left, "100 %: left border")
        expectPixel(1, 146, 200, left, "100 %: left border, 30 pixels")
        expectPixel(1, 155, 200, middle, "100 %: middle")
        expectPixel(1, 515, 200, right, "100 %: right border")
        expectPixel(1, 320, 5, middle, "100 %: the top border is above the window")
        expectPixel(1, 100, 200, PictureFolderReplayTests.windowBackground, "100 %: the window's background beside it")
        // Back in the grid, Right: card 2 current, with its focus ring; card 1 without.
        let grid = GridLayout(), viewport = Size(width: 640, height: 400)
        let first = grid.slotFrame(at: 0, viewport: viewport), second = grid.slotFrame(at: 1, viewport: viewport)
        let accent: (r: UInt8, g: UInt8, b: UInt8) = (56, 153, 255)
        let y = Int(first.origin.y + first.size.height / 2)
        expectPixel(2, Int(second.origin.x + 1.5), y, accent, "card 2's focus ring")
        #expect(!ViewerTest.pixel(frames[2], Int(first.origin.x + 1.5), y, is: accent, tolerance: 40), "card 1 has no ring")
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
    }
}
