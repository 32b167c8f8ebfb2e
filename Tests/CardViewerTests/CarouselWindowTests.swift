import CardImaging
import CardLayout
import CardMath
import CardTestSupport
import Foundation
import Testing

/// A carousel (SPEC §8) in the real window, in `ViewerWindowTests`' serialized suite (the X
/// pointer is shared): drag one card, click a side card, click the centre card; each step read
/// back from a screenshot (S) of the window.
extension ViewerWindowTests {
    @Test("linear carousel: a drag of one slot moves one card, a side card clicked comes to the centre, the centre card opens")
    func carouselDragAndClicks() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let shots = try folder.folder("shots")
        // The carousel's slot: the card's width, 256 points; the current card is centred at (400, 250).
        let w = CarouselLayout(type: .linear).geometry(viewport: Size(width: 800, height: 500), cardCount: 6).itemWidth

        // A slow drag of one slot to the left, held still before the release: no fling.
        let drag = WindowDriver.pointerMoves(from: Vec2(600, 250), to: Vec2(600 - w, 250), steps: 16, pause: 0.03)
        let outcome = try WindowDriver.run(["run", "--size", "800x500", "--layout", "linear", "--images", images.path,
                                            "--screenshot-dir", shots.path], script: """
        sleep 1.5
        xdotool mousemove --window "$w" 600 250
        sleep 0.2
        xdotool mousedown 1
        \(drag)
        sleep 0.4
        xdotool mouseup 1
        sleep 1.5
        xdotool key --window "$w" s
        sleep 1.2
        xdotool mousemove --window "$w" \(Int(400 + w)) 250 click 1
        sleep 1.5
        xdotool key --window "$w" s
        sleep 1.2
        xdotool mousemove --window "$w" 400 250 click 1
        sleep 1.5
        xdotool key --window "$w" s
        sleep 1.2
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }

        // Screenshots a second or more apart: their names (a time stamp each) sort in order.
        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        try #require(names.count == 3, "\(names)")
        let frames = try names.map { try PNGCodec.read(contentsOf: shots.appendingPathComponent($0).path) }
        // 1. The drag moved one card: card 1 at the centre, card 0 one slot left of it.
        #expect(ViewerTest.pixel(frames[0], 400, 250, is: ViewerTest.colors[1]), "\(frames[0][400, 250])")
        #expect(ViewerTest.pixel(frames[0], Int(400 - w), 250, is: ViewerTest.colors[0]), "\(frames[0][Int(400 - w), 250])")
        // 2. The card right of the centre, clicked, is the centre one.
        #expect(ViewerTest.pixel(frames[1], 400, 250, is: ViewerTest.colors[2]), "\(frames[1][400, 250])")
        #expect(ViewerTest.pixel(frames[1], Int(400 - w), 250, is: ViewerTest.colors[1]))
        // 3. The centre card, clicked, opened over the whole window (clear of its badge, top right).
        for (x, y) in [(10, 10), (740, 70), (400, 250), (10, 490), (790, 490)] {
            #expect(ViewerTest.pixel(frames[2], x, y, is: ViewerTest.colors[2]), "(\(x), \(y)): \(frames[2][x, y])")
        }
    }
}
