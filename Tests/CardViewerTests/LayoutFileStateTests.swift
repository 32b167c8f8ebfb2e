import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// SPEC §9/§12: the state remembers the layout file; the next start without `--layout` or
/// `--layout-file` shows it again; a file gone or broken then is one line naming it and the
/// start is in the built-in layout shown before it. Headless replays, read back from the frame.
@Suite("cardviewer run: the layout file in the state")
struct LayoutFileStateTests {
    let replay = #"{"events": [], "end": 0.3}"#

    @Test("restored without --layout-file; gone or broken: a message and the previous built-in layout")
    func restoredAndFallback() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 5, in: folder.url)
        let file = folder.url("live.json"), state = folder.url("state.json")
        // 100 points up: card 0 covers y 20…180 of the 640 × 400 window.
        try Data(ViewerWindowTests.liveLayout(lift: -100).utf8).write(to: file)
        let base = ["--size", "640x400", "--images", images.path, "--state", state.path]
        func run(_ arguments: [String], shot: String) throws -> (ChildProcess.Outcome, RGBAImage) {
            let path = folder.path(shot)
            let outcome = try ViewerTest.replay(replay, in: folder.url, arguments: base + arguments + ["--screenshot", path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return (outcome, try PNGCodec.read(contentsOf: path))
        }
        let card = ViewerTest.colors[0]
        _ = try run(["--layout", "grid"], shot: "grid.png")
        let (_, first) = try run(["--layout-file", file.path, "--set", "lift=-90"], shot: "first.png")
        #expect(ViewerTest.pixel(first, 320, 60, is: card) && !ViewerTest.pixel(first, 320, 250, is: card))
        var text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""layoutFile" : "\#(file.path)""#) && text.contains(#""builtIn" : "grid""#), "\(text)")

        // Without --layout-file: the file's layout again, with the option set.
        let (again, restored) = try run([], shot: "restored.png")
        #expect(!again.stderr.contains("live.json"), "\(again.stderr)")
        #expect(ViewerTest.pixel(restored, 320, 60, is: card) && !ViewerTest.pixel(restored, 320, 250, is: card))
        text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""lift" : -90"#) && text.contains(#""layoutFile""#), "\(text)")

        // Broken, then gone: one line naming the file, and the grid.
        try Data(#"{"name": "live", "transform": [{"rotateY": "nope"}]}"#.utf8).write(to: file)
        let (broken, _) = try run([], shot: "broken.png")
        let brokenLines = broken.stderr.split(separator: "\n").filter { $0.contains("live.json") }
        #expect(brokenLines.count == 1 && brokenLines[0].contains(file.path + ":1:")
                && brokenLines[0].hasSuffix("starting in the grid layout"), "\(broken.stderr)")
        text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""name" : "grid""#) && !text.contains("layoutFile"), "\(text)")

        // The fallback was saved, so put the file back in the state by running with it once more.
        try Data(ViewerWindowTests.liveLayout(lift: -100).utf8).write(to: file)
        _ = try run(["--layout-file", file.path], shot: "second.png")
        try FileManager.default.removeItem(at: file)
        let (gone, fallback) = try run([], shot: "gone.png")
        let goneLines = gone.stderr.split(separator: "\n").filter { $0.contains("live.json") }
        #expect(goneLines.count == 1 && goneLines[0].contains("no such layout file")
                && goneLines[0].hasSuffix("starting in the grid layout"), "\(gone.stderr)")
        let slot = GridLayout().slotFrame(at: 0, viewport: Size(width: 640, height: 400)).center
        #expect(ViewerTest.pixel(fallback, Int(slot.x), Int(slot.y), is: card), "\(fallback[Int(slot.x), Int(slot.y)])")
        text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""name" : "grid""#), "\(text)")
    }
}
