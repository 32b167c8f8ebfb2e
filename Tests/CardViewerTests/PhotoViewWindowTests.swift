import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// The photo view (SPEC §10) in the real window, in `ViewerWindowTests`' serialized suite (the X
/// pointer is shared): Enter opens a picture with four coloured borders whole, 1 shows it at
/// 100 %, a drag pans it (clamped), 0 fits it again, Right and Left step to the next and back,
/// Esc goes back to the grid with the picture last shown current and its focus ring drawn. Each
/// step read back from a screenshot (S) of the window.
extension ViewerWindowTests {
    /// The bordered picture's colours: top, bottom, left, right, middle.
    static let borders: [(r: UInt8, g: UInt8, b: UInt8)] = [(230, 30, 30), (30, 200, 60), (30, 60, 230), (240, 220, 20), (128, 128, 128)]

    /// A 400 × 600 picture with 30-pixel borders of four colours round a grey middle.
    static func borderedPicture() -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(400 * 600 * 4)
        for y in 0..<600 {
            for x in 0..<400 {
                let c = y < 30 ? borders[0] : y >= 570 ? borders[1] : x < 30 ? borders[2] : x >= 370 ? borders[3] : borders[4]
                pixels += [c.r, c.g, c.b, 255]
            }
        }
        return RGBAImage(width: 400, height: 600, pixels: pixels)
    }

    @Test("photo view: opened whole (four borders), 100 %, pan, fit, next and previous, Esc back with the card current")
    func photoViewInTheWindow() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        try PNGCodec.write(Self.borderedPicture(), to: images.appendingPathComponent("01-border.png").path)
        for i in 1...2 {
            let c = ViewerTest.colors[i]
            try PNGCodec.write(RGBAImage(width: 320, height: 200, fill: (c.r, c.g, c.b, 255)),
                               to: images.appendingPathComponent(String(format: "%02d-card.png", i + 1)).path)
        }
        let before = try ViewerTest.contents(of: images)
        let shots = try folder.folder("shots")

        let shot = "sleep 1.3\nxdotool key --window \"$w\" s\nsleep 1.1"
        let outcome = try WindowDriver.run(["run", "--size", "800x500", "--layout", "grid", "--images", images.path,
                                            "--thumbnail-cache", "off", "--screenshot-dir", shots.path], script: """
        sleep 2
        xdotool mousemove --window "$w" 790 490
        xdotool key --window "$w" Return
        \(shot)
        xdotool mousemove --window "$w" 400 250
        xdotool key --window "$w" z
        \(shot)
        xdotool mousemove --window "$w" 400 150
        sleep 0.2
        xdotool mousedown 1
        for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do xdotool mousemove --window "$w" 400 $((150 + i * 10)); sleep 0.03; done
        sleep 0.3
        xdotool mouseup 1
        \(shot)
        xdotool key --window "$w" z
        xdotool key --window "$w" Right
        \(shot)
        xdotool key --window "$w" Left
        \(shot)
        xdotool key --window "$w" Right
        sleep 0.3
        xdotool key --window "$w" Escape
        \(shot)
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }

        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        try #require(names.count == 6, "\(names)")
        let frames = try names.map { try PNGCodec.read(contentsOf: shots.appendingPathComponent($0).path) }
        let (top, bottom, left, right, middle) = (Self.borders[0], Self.borders[1], Self.borders[2], Self.borders[3], Self.borders[4])
        func expectPixel(_ frame: Int, _ x: Int, _ y: Int, _ color: (r: UInt8, g: UInt8, b: UInt8), _ what: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(ViewerTest.pixel(frames[frame], x, y, is: color, tolerance: 6), "\(what): (\(x), \(y)) is \(frames[frame][x, y])",
                    sourceLocation: sourceLocation)
        }
        // 1. Fitted whole: 400 × 600 at 5/6 is 333 × 500 points, centred (x 233…567); every border shows.
        expectPixel(0, 400, 8, top, "fit: top border")
        expectPixel(0, 400, 492, bottom, "fit: bottom border")
        expectPixel(0, 240, 250, left, "fit: left border")
        expectPixel(0, 560, 250, right, "fit: right border")
        expectPixel(0, 400, 250, middle, "fit: middle")
        #expect(!ViewerTest.pixel(frames[0], 200, 250, is: left, tolerance: 30) && !ViewerTest.pixel(frames[0], 200, 250, is: middle, tolerance: 6),
                "fit: nothing of the picture left of it")
        // 2. 100 %: one picture pixel per screen pixel, 400 wide (x 200…600), 600 tall centred
        //    (y −50…550): the left border 30 pixels wide, the top and bottom borders out of the window.
        expectPixel(1, 205, 250, left, "100 %: left border")
        expectPixel(1, 225, 250, left, "100 %: left border, 30 pixels wide")
        expectPixel(1, 235, 250, middle, "100 %: the middle after 30 pixels")
        expectPixel(1, 595, 250, right, "100 %: right border")
        expectPixel(1, 400, 5, middle, "100 %: the top border is above the window")
        expectPixel(1, 400, 495, middle, "100 %: the bottom border is below the window")
        // 3. Dragged down 160 points: clamped at the picture's top edge (y 0…600), the top border shows.
        expectPixel(2, 400, 10, top, "pan: the top border at the window's top")
        expectPixel(2, 400, 40, middle, "pan: no gap above the picture")
        expectPixel(2, 400, 495, middle, "pan: the bottom border still below the window")
        // 4. Z (back to fit; in a deck of pictures 0 rates) then Right: the next picture, 320 × 200 fitted to 800 × 500, fills the window.
        for (x, y) in [(5, 5), (400, 250), (795, 495)] { expectPixel(3, x, y, ViewerTest.colors[1], "next picture") }
        // 5. Left: the bordered picture again, fitted.
        expectPixel(4, 400, 8, top, "previous: top border")
        expectPixel(4, 240, 250, left, "previous: left border")
        // 6. Right, Esc: the grid, with card 2 current: its focus ring (the accent rim) shows, card 1 has none.
        let grid = GridLayout()
        let viewport = Size(width: 800, height: 500)
        let second = grid.slotFrame(at: 1, viewport: viewport), first = grid.slotFrame(at: 0, viewport: viewport)
        let accent: (r: UInt8, g: UInt8, b: UInt8) = (56, 153, 255)
        let ringY = Int(second.origin.y + second.size.height / 2)
        expectPixel(5, Int(second.origin.x + 1.5), ringY, accent, "back: card 2's focus ring")
        #expect(!ViewerTest.pixel(frames[5], Int(first.origin.x + 1.5), ringY, is: accent, tolerance: 40), "back: card 1 has no ring")
        // The pictures were only read.
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
    }
}
