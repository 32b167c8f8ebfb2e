import CardImaging
import CardLayout
import CardMath
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
        guard let executable = CommandRunner.executable else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = try ViewerTest.imageFolder(count: 6, in: folder)
        let before = try ViewerTest.contents(of: images)
        let state = folder.appendingPathComponent("state.json")
        let shots = folder.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let viewport = Size(width: 800, height: 500)
        let swiped = try #require(ViewerTest.cardUnder(Vec2(500, 430), layout: PagesLayout(), count: 6, viewport: viewport))
        let grid = GridLayout()
        let slot0 = grid.slotFrame(at: 0, viewport: viewport).center, slot1 = grid.slotFrame(at: 1, viewport: viewport).center

        let process = Process()
        process.executableURL = executable
        // Its own state folder: a deck of PATHs keeps its state there, never in ~/.local/state.
        let stateHome = CommandRunner.freshStateHome()
        defer { CommandRunner.removeStateHome(stateHome) }
        process.environment = CommandRunner.childEnvironment(stateHome: stateHome)
        process.arguments = ["run", "--size", "800x500", "--images", images.path, "--state", state.path,
                             "--screenshot-dir", shots.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Pointer moves warp the X pointer inside the window; buttons go through XTEST, as a
        // mouse's would. Sleeps give the viewer real time: the long press needs 0.5 s held still.
        func moves(from a: Vec2, to b: Vec2, steps: Int) -> String {
            (1...steps).map { i in
                let p = a + (b - a) * (Double(i) / Double(steps))
                return "xdotool mousemove --window \"$w\" \(Int(p.x)) \(Int(p.y)); sleep 0.02"
            }.joined(separator: "\n")
        }
        let script = """
        set -e
        w=$(timeout 60 xdotool search --all --sync --pid \(process.processIdentifier) --class 'CardViewer' | head -n1)
        sleep 1
        xdotool mousemove --window "$w" 500 430
        sleep 0.2
        xdotool mousedown 1
        \(moves(from: Vec2(500, 430), to: Vec2(200, 430), steps: 12))
        xdotool mouseup 1
        sleep 1.5
        xdotool key --window "$w" 4
        sleep 1.5
        xdotool key --window "$w" Home
        sleep 1.5
        xdotool mousemove --window "$w" \(Int(slot0.x)) \(Int(slot0.y))
        sleep 0.2
        xdotool mousedown 1
        sleep 1.2
        \(moves(from: slot0, to: slot1, steps: 15))
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
        """
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/bin/bash")
        driver.arguments = ["-c", script]
        let driverErrors = Pipe()
        driver.standardError = driverErrors
        try driver.run()
        let driverOutput = String(decoding: driverErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        #expect(driver.terminationStatus == 0, "\(driverOutput)")
        // A hang guard, not a timing requirement.
        for _ in 0..<600 where process.isRunning { usleep(100_000) }
        #expect(!process.isRunning)
        guard !process.isRunning else { return }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(stderr)")

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
        guard let executable = CommandRunner.executable else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = try ViewerTest.imageFolder(count: 6, in: folder)
        let state = folder.appendingPathComponent("state.json")
        let process = Process()
        process.executableURL = executable
        // Its own state folder: a deck of PATHs keeps its state there, never in ~/.local/state.
        let stateHome = CommandRunner.freshStateHome()
        defer { CommandRunner.removeStateHome(stateHome) }
        process.environment = CommandRunner.childEnvironment(stateHome: stateHome)
        process.arguments = ["run", "--size", "800x500", "--images", images.path, "--layout", "grid", "--state", state.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Shift+Right: ten steps of 2 points (spacing 0…400) on top of one, from 20.
        let script = """
        set -e
        w=$(timeout 60 xdotool search --all --sync --pid \(process.processIdentifier) --class 'CardViewer' | head -n1)
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
        """
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/bin/bash")
        driver.arguments = ["-c", script]
        let driverErrors = Pipe()
        driver.standardError = driverErrors
        try driver.run()
        let driverOutput = String(decoding: driverErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        #expect(driver.terminationStatus == 0, "\(driverOutput)")
        for _ in 0..<600 where process.isRunning { usleep(100_000) }
        #expect(!process.isRunning)
        guard !process.isRunning else { return }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(stderr)")
        let text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""name" : "grid""#) && text.contains(#""spacing" : 42"#), "\(text)")
    }

    @Test("the window opens, scrolls, and Q quits with status 0")
    func quitWithQ() throws {
        guard let executable = CommandRunner.executable else {
            Issue.record("cardviewer not built")
            return
        }
        let process = Process()
        process.executableURL = executable
        // Its own state folder: a deck of PATHs keeps its state there, never in ~/.local/state.
        let stateHome = CommandRunner.freshStateHome()
        defer { CommandRunner.removeStateHome(stateHome) }
        process.environment = CommandRunner.childEnvironment(stateHome: stateHome)
        process.arguments = ["run", "--cards", "40", "--size", "480x300"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Wait for the window (xdotool --sync blocks until it exists; found by process id, as other
        // tests open windows too), scroll, drag, then press Q (key down only: the viewer quits on
        // the press, and a release sent to a window that is gone would be an X error).
        let script = """
        set -e
        w=$(timeout 60 xdotool search --all --sync --pid \(process.processIdentifier) --class 'CardViewer' | head -n1)
        xdotool mousemove --window "$w" 240 150 click 5 click 5 mousedown 1 mousemove --window "$w" 240 60 mouseup 1
        xdotool keydown --window "$w" q
        """
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/bin/bash")
        driver.arguments = ["-c", script]
        let driverErrors = Pipe()
        driver.standardError = driverErrors
        try driver.run()
        let driverOutput = String(decoding: driverErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        #expect(driver.terminationStatus == 0, "\(driverOutput)")
        // A hang guard, not a timing requirement: give the viewer a minute to quit.
        for _ in 0..<600 where process.isRunning { usleep(100_000) }
        #expect(!process.isRunning)
        if !process.isRunning {
            #expect(process.terminationStatus == 0, "\(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        }
    }

    @Test("a replay in a real window: the same script, the frame read back from the window")
    func replayInAWindow() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = try ViewerTest.imageFolder(count: 6, in: folder)
        let script = folder.appendingPathComponent("script.json"), shot = folder.appendingPathComponent("shot.png")
        try Data(#"{"events": [{"time": 0.1, "type": "click", "x": 240, "y": 260}], "end": 0.8}"#.utf8).write(to: script)
        let expected = try #require(ViewerTest.cardUnder(Vec2(240, 260), layout: PagesLayout(), count: 6,
                                                         viewport: Size(width: 480, height: 300)))
        let outcome = try CommandRunner.run(["run", "--size", "480x300", "--images", images.path, "--replay", script.path,
                                             "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(image.width == 480 && image.height == 300)
        #expect(ViewerTest.pixel(image, 240, 150, is: ViewerTest.colors[expected]), "\(image[240, 150])")
    }
}
