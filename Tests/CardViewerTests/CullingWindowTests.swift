import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Culling in the real window (SPEC §10), in `ViewerWindowTests`' serialized suite: on a folder
/// of three photos, `P` and `Ctrl+3` (xdotool's `ctrl+3`: the modifier travels with the key)
/// give card 1 a pick flag and three stars, `Right` `X` rejects card 2 (dimmed, crossed out), and
/// `V` leaves only the pick. Each step read back from a screenshot (S) of the window.
extension ViewerWindowTests {
    @Test("culling: P, Ctrl+3, X and V in the window — flag, stars, a dimmed card, picks only")
    func cullingInTheWindow() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [(40, 80, 200), (90, 90, 90), (30, 170, 170)]
        for (i, c) in colors.enumerated() {
            try PNGCodec.write(RGBAImage(width: 320, height: 200, fill: (c.r, c.g, c.b, 255)),
                               to: images.appendingPathComponent("0\(i + 1).png").path)
        }
        let before = try ViewerTest.contents(of: images)
        let shots = try folder.folder("shots")

        // A screenshot, then a wait (up to 15 s, under load) until its file is there.
        let shot = { (n: Int) in
            "sleep 1.3\nxdotool key --window \"$w\" s\n"
                + "for i in $(seq 75); do [ $(ls '\(shots.path)' | wc -l) -ge \(n) ] && break; sleep 0.2; done\nsleep 0.3"
        }
        let outcome = try WindowDriver.run(["run", "--size", "900x560", "--layout", "grid", "--images", images.path,
                                            "--thumbnail-cache", "off", "--screenshot-dir", shots.path], script: """
        sleep 2
        xdotool mousemove --window "$w" 890 550
        xdotool key --window "$w" p
        xdotool key --window "$w" ctrl+3
        xdotool key --window "$w" Right
        xdotool key --window "$w" x
        \(shot(1))
        xdotool key --window "$w" v
        \(shot(2))
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }

        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        try #require(names.count == 2, "\(names)")
        let frames = try names.map { try PNGCodec.read(contentsOf: shots.appendingPathComponent($0).path) }
        let grid = GridLayout(), viewport = Size(width: 900, height: 560)
        let cards = (0..<3).map { grid.slotFrame(at: $0, viewport: viewport) }
        let center = { (r: Rect) in (Int(r.origin.x + r.size.width / 2), Int(r.origin.y + r.size.height / 2)) }
        typealias Replay = CullingReplayTests

        // 1. Card 1: a green flag and three gold stars in its corner; card 2 dimmed to 35 % with a
        //    red cross; card 3 as it was.
        #expect(Replay.count(frames[0], in: Replay.corner(cards[0]), Replay.green) > 5, "card 1's pick flag")
        let stars = Replay.count(frames[0], in: Replay.corner(cards[0]), Replay.gold)
        #expect(stars > 15, "card 1's stars: \(stars) gold pixels")
        let gray = colors[1]
        let dimmed = (r: UInt8(Double(gray.r) * 0.35), g: UInt8(Double(gray.g) * 0.35), b: UInt8(Double(gray.b) * 0.35))
        let (x2, y2) = center(cards[1])
        #expect(ViewerTest.pixel(frames[0], x2, y2, is: dimmed, tolerance: 5), "card 2: \(frames[0][x2, y2]) is not \(dimmed)")
        #expect(Replay.count(frames[0], in: Replay.corner(cards[1]), Replay.red) > 5, "card 2's cross")
        let (x3, y3) = center(cards[2])
        #expect(ViewerTest.pixel(frames[0], x3, y3, is: colors[2], tolerance: 4))
        #expect(Replay.count(frames[0], in: Replay.corner(cards[2]), { Replay.gold($0) || Replay.green($0) || Replay.red($0) }) == 0)

        // 2. V: picks only — card 1 alone in the first slot, with its mark; the others gone.
        let (x1, y1) = center(cards[0])
        #expect(ViewerTest.pixel(frames[1], x1, y1, is: colors[0], tolerance: 4))
        #expect(Replay.count(frames[1], in: Replay.corner(cards[0]), Replay.gold) > 15)
        // The other slots are empty: the window's background.
        #expect(ViewerTest.pixel(frames[1], x2, y2, is: PictureFolderReplayTests.windowBackground, tolerance: 3))
        #expect(ViewerTest.pixel(frames[1], x3, y3, is: PictureFolderReplayTests.windowBackground, tolerance: 3))
        // The pictures are untouched; the marks went to sidecars beside them.
        let after = try ViewerTest.contents(of: images)
        #expect(ViewerTest.same(before, after.filter { !$0.key.hasSuffix(".xmp") }))
        #expect(Set(after.keys.filter { $0.hasSuffix(".xmp") }) == ["01.png.xmp", "02.png.xmp"])
    }
}
