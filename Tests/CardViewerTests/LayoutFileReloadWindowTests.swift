@testable import CardViewerCore
import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import CardViewerFrame
import Foundation
import Testing

/// SPEC §9's live reload in a real window under Xvfb: `run --layout-file F`, F saved by an
/// editor's rename while the window is idle, the window read back from the X server
/// (`import -window`, which does not wake the viewer). In the serialized suite of
/// `ViewerWindowTests` (an extension of it): the X server's windows are shared.
extension ViewerWindowTests {
    /// A row of cards 1.2 widths apart, `lift` points below the centre (+y is down).
    static func liveLayout(lift: Double) -> String {
        #"{"name": "live", "options": {"lift": {"default": \#(lift)}}, "transform": [{"translate": ["o * w * 1.2", "lift", 0]}], "visible": [-3, 3]}"#
    }

    @Test("saving the layout file relayouts an idle window within a second; a broken save shows the error, the layout stays")
    func layoutFileLiveReload() throws {
        guard ChildProcess.viewerExecutable != nil, WindowDriver.canScreenshot else {
            Issue.record("cardviewer not built, or ImageMagick's import missing")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 5, in: folder.url)
        let file = folder.url("live.json"), state = folder.url("state.json")
        try Data(Self.liveLayout(lift: 0).utf8).write(to: file)
        // The new version and the broken one, written beside the file and renamed over it.
        try Data(Self.liveLayout(lift: -100).utf8).write(to: folder.url("v2.json"))
        try Data(#"{"name": "live", "transform": [{"translate": ["o * w", "nope", 0]}]}"#.utf8)
            .write(to: folder.url("v3.json"))
        let viewer = try WindowDriver(["run", "--size", "640x400", "--images", images.path, "--layout-file", file.path,
                                       "--state", state.path])
        func shot(_ name: String) -> String { folder.path(name) }
        // The hint is gone (5.6 s) before the broken save, so the error is the only bottom panel.
        let driven = try viewer.drive("""
            sleep 1.5
            \(WindowDriver.screenshot(to: shot("a.png")))
            mv "\(shot("v2.json"))" "\(file.path)"
            sleep 1
            \(WindowDriver.screenshot(to: shot("b.png")))
            sleep 4
            mv "\(shot("v3.json"))" "\(file.path)"
            sleep 1
            \(WindowDriver.screenshot(to: shot("c.png")))
            """)
        #expect(driven.status == 0, "\(driven.stderr)")
        let ended = try viewer.quit()
        #expect(ended.status == 0, "\(ended.stderr)")

        let card = ViewerTest.colors[0]
        let a = try PNGCodec.read(contentsOf: shot("a.png")), b = try PNGCodec.read(contentsOf: shot("b.png"))
        let c = try PNGCodec.read(contentsOf: shot("c.png"))
        // The first version: card 0 centred (y 120…280); the second: 100 points up (y 20…180),
        // at rest a second after the save (the switch animates for 0.5 s).
        #expect(ViewerTest.pixel(a, 320, 250, is: card) && !ViewerTest.pixel(a, 320, 60, is: card), "\(a[320, 250]) \(a[320, 60])")
        #expect(ViewerTest.pixel(b, 320, 60, is: card) && !ViewerTest.pixel(b, 320, 250, is: card), "\(b[320, 60]) \(b[320, 250])")
        // The broken save: the second version stays, the error is on screen and on standard error.
        #expect(ViewerTest.pixel(c, 320, 60, is: card) && !ViewerTest.pixel(c, 320, 250, is: card), "\(c[320, 60]) \(c[320, 250])")
        let line = try #require(ended.stderr.split(separator: "\n").first { $0.contains("live.json:1:") }, "\(ended.stderr)")
        let message = String(line.dropFirst(line.hasPrefix("warning: ") ? 9 : 0))
        #expect(message.hasPrefix(file.path + ":1:") && message.contains("nope"), "\(message)")
        let panel = OverlayPanel(lines: ViewerSession.wrapped("layout file: " + message, width: 70) + ["the last good layout stays"],
                                 placement: .bottomCenter)
        let block = try #require(OverlayBlocks.blocks(for: [panel], viewport: Size(width: 640, height: 400)).first)
        let shown = panel.lines.indices.map { PixelFontReader().line($0, of: block, in: c) }
        #expect(shown == panel.lines)
        // The state remembers the file (absolute) and its last good version's layout.
        let text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""name" : "live""#) && text.contains(#""layoutFile" : "\#(file.path)""#), "\(text)")
    }
}
