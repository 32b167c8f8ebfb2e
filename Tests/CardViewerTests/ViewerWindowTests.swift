import CardImaging
import CardLayout
import CardMath
import CardTestSupport
import Foundation
import Testing

/// The real window under Xvfb, driven by real X input (`xdotool`: pointer moves, button presses,
/// keys), then checked through the state file it saved and the images it must not have touched.
///
/// Every test that sends X input is in this one serialized suite: the pointer is shared by the
/// whole X server, so two such tests at once would click into each other's windows.
@Suite("cardviewer run in a window with real X input (end to end)", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
                "needs DISPLAY (make test runs under xvfb-run) and xdotool"))
struct ViewerWindowTests {
    @Test("swipe a page left, switch to the grid, long-press and drag to reorder, resize, help, S, Q")
    func swipeReorderQuit() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let before = try ViewerTest.contents(of: images)
        let state = folder.url("state.json")
        let shots = try folder.folder("shots")
        let viewport = Size(width: 800, height: 500)
        let swiped = try #require(ViewerTest.cardUnder(Vec2(500, 430), layout: PagesLayout(), count: 6, viewport: viewport))
        let grid = GridLayout()
        let slot0 = grid.slotFrame(at: 0, viewport: viewport).center, slot1 = grid.slotFrame(at: 1, viewport: viewport).center

        // Pointer moves warp the X pointer inside the window; buttons go through XTEST, as a
        // mouse's would. Sleeps give the viewer real time: the long press needs 0.5 s held still.
        let outcome = try WindowDriver.run(["run", "--size", "800x500", "--images", images.path, "--state", state.path,
                                            "--screenshot-dir", shots.path], script: """
        sleep 1
        xdotool mousemove --window "$w" 500 430
        sleep 0.2
        xdotool mousedown 1
        \(WindowDriver.pointerMoves(from: Vec2(500, 430), to: Vec2(200, 430), steps: 12))
        xdotool mouseup 1
        sleep 1.5
        xdotool key --window "$w" alt+4
        sleep 1.5
        xdotool key --window "$w" Home
        sleep 1.5
        xdotool mousemove --window "$w" \(Int(slot0.x)) \(Int(slot0.y))
        sleep 0.2
        xdotool mousedown 1
        sleep 1.2
        \(WindowDriver.pointerMoves(from: slot0, to: slot1, steps: 15))
        sleep 0.3
        xdotool mouseup 1
        sleep 1.5
        xdotool windowsize --sync "$w" 640 400
        sleep 1
        xdotool key --window "$w" question
        sleep 0.5
        xdotool key --window "$w" s
        sleep 1
        xdotool keydown --window "$w" q
        """)
        // A hang guard, not a timing requirement.
        guard WindowDriver.expectEnded(outcome) else { return }

        let saved = try ViewerTest.state(at: state)
        #expect(saved.deleted.map(\.id) == [UInt32(swiped)])
        var expected = (0..<6).map(UInt32.init).filter { $0 != UInt32(swiped) }
        expected.swapAt(0, 1)
        #expect(saved.cards.map(\.id) == expected)
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
        // S saved the resized window with the key help over it (white pixel-font ink mid-screen).
        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path)
        #expect(names.count == 1)
        if let name = names.first {
            let image = try PNGCodec.read(contentsOf: shots.appendingPathComponent(name).path)
            #expect(image.width == 640 && image.height == 400)
            var ink = 0
            for y in 150..<250 { for x in 220..<420 where image[x, y] == (255, 255, 255, 255) { ink += 1 } }
            #expect(ink > 50)
        }
    }

    @Test("O opens the options panel, Down and Right change the grid's spacing; the state saves it")
    func optionsPanelInTheWindow() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let state = folder.url("state.json")
        // Shift+Right: ten steps of 2 points (spacing 0…400) on top of one, from 20.
        let outcome = try WindowDriver.run(["run", "--size", "800x500", "--images", images.path, "--layout", "grid",
                                            "--state", state.path], script: """
        sleep 1
        xdotool key --window "$w" o
        sleep 0.3
        xdotool key --window "$w" Down
        sleep 0.3
        xdotool key --window "$w" Right
        sleep 0.3
        xdotool key --window "$w" shift+Right
        sleep 1
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }
        let text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""name" : "grid""#) && text.contains(#""spacing" : 42"#), "\(text)")
    }

    @Test("the window opens, scrolls, and Q quits with status 0")
    func quitWithQ() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        // Wait for the window (found by process id, as other tests open windows too), scroll,
        // drag, then press Q (key down only: the viewer quits on the press, and a release sent
        // to a window that is gone would be an X error).
        let outcome = try WindowDriver.run(["run", "--cards", "40", "--size", "480x300"], script: """
        xdotool mousemove --window "$w" 240 150 click 5 click 5 mousedown 1 mousemove --window "$w" 240 60 mouseup 1
        xdotool keydown --window "$w" q
        """)
        // A hang guard, not a timing requirement: give the viewer a minute to quit.
        _ = WindowDriver.expectEnded(outcome)
    }

    @Test("a replay in a real window: the same script, the frame read back from the window")
    func replayInAWindow() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let script = folder.url("script.json"), shot = folder.url("shot.png")
        try Data(#"{"events": [{"time": 0.1, "type": "click", "x": 240, "y": 260}], "end": 0.8}"#.utf8).write(to: script)
        let expected = try #require(ViewerTest.cardUnder(Vec2(240, 260), layout: PagesLayout(), count: 6,
                                                         viewport: Size(width: 480, height: 300)))
        let outcome = try ChildProcess.runViewer(["run", "--size", "480x300", "--images", images.path, "--replay", script.path,
                                                  "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(image.width == 480 && image.height == 300)
        #expect(ViewerTest.pixel(image, 240, 150, is: ViewerTest.colors[expected]), "\(image[240, 150])")
    }
}
