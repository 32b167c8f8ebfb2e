import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Fullscreen (SPEC §10's key table: `F`, `F11`) in the real window, in `ViewerWindowTests`'
/// serialized suite (the X pointer and screen are shared): F covers the screen at its video
/// mode and the cards are laid out across it; F11 brings back the old size. Read back from
/// `xdotool getwindowgeometry` and screenshots (S) of the window.
extension ViewerWindowTests {
    @Test("F makes the window the screen's size with cards across it; F11 gives the old size back")
    func fullscreenOnAndOff() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 8, in: folder.url)
        let shots = try folder.folder("shots")

        let outcome = try WindowDriver.run(["run", "--size", "800x500", "--layout", "grid", "--images", images.path,
                                            "--thumbnail-cache", "off", "--screenshot-dir", shots.path], script: """
        sleep 1.5
        xdotool getwindowgeometry --shell "$w" | grep -E '^(WIDTH|HEIGHT)='
        echo SCREEN=$(xdotool getdisplaygeometry)
        xdotool key --window "$w" f
        sleep 2
        xdotool getwindowgeometry --shell "$w" | grep -E '^(WIDTH|HEIGHT)='
        xdotool key --window "$w" s
        sleep 1.2
        xdotool key --window "$w" F11
        sleep 2
        xdotool getwindowgeometry --shell "$w" | grep -E '^(WIDTH|HEIGHT)='
        xdotool key --window "$w" s
        sleep 1.2
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }
        let printed = outcome.printed

        // The window's sizes: before, fullscreen (the screen's), after.
        let lines = printed.split(separator: "\n").map(String.init)
        let sizes = lines.filter { $0.hasPrefix("WIDTH=") || $0.hasPrefix("HEIGHT=") }.compactMap { Int($0.split(separator: "=").last ?? "") }
        let screen = lines.first { $0.hasPrefix("SCREEN=") }?.dropFirst("SCREEN=".count).split(separator: " ").compactMap { Int($0) } ?? []
        try #require(sizes.count == 6 && screen.count == 2, "\(printed)")
        #expect(sizes[0] == 800 && sizes[1] == 500)
        #expect(sizes[2] == screen[0] && sizes[3] == screen[1], "fullscreen: \(sizes[2])×\(sizes[3]), screen \(screen)")
        #expect(sizes[4] == 800 && sizes[5] == 500)

        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        try #require(names.count == 2, "\(names)")
        let full = try PNGCodec.read(contentsOf: shots.appendingPathComponent(names[0]).path)
        let back = try PNGCodec.read(contentsOf: shots.appendingPathComponent(names[1]).path)
        // The viewport followed: the frame is the screen's size, and the grid's cards reach
        // past where the 800-point window ended, laid out for the wider screen.
        #expect(full.width == screen[0] && full.height == screen[1])
        #expect(back.width == 800 && back.height == 500)
        let grid = GridLayout()
        let context = LayoutContext(viewport: Size(width: Double(screen[0]), height: Double(screen[1])), cardCount: 8)
        var checked = 0
        for index in 0..<8 {
            let card = grid.attributes(at: index, in: context)
            guard card.center.x > 900, card.center.y < Double(screen[1]) else { continue }
            let (x, y) = (Int(card.center.x), Int(card.center.y))
            #expect(ViewerTest.pixel(full, x, y, is: ViewerTest.colors[index]), "card \(index) at (\(x), \(y)): \(full[x, y])")
            checked += 1
        }
        #expect(checked >= 2, "no card laid out past 900 points")
    }
}
