import CardImaging
import CardLayout
import CardMath
import Foundation
import Testing

/// A carousel (SPEC §8) in the real window, in `ViewerWindowTests`' serialized suite (the X
/// pointer is shared): drag one card, click a side card, click the centre card; each step read
/// back from a screenshot (S) of the window.
extension ViewerWindowTests {
    @Test("linear carousel: a drag of one slot moves one card, a side card clicked comes to the centre, the centre card opens")
    func carouselDragAndClicks() throws {
        guard let executable = CommandRunner.executable else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = try ViewerTest.imageFolder(count: 6, in: folder)
        let shots = folder.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        // The carousel's slot: the card's width, 256 points; the current card is centred at (400, 250).
        let w = CarouselLayout(type: .linear).geometry(viewport: Size(width: 800, height: 500), cardCount: 6).itemWidth

        let process = Process()
        process.executableURL = executable
        // Its own state folder: a deck of PATHs keeps its state there, never in ~/.local/state.
        let stateHome = CommandRunner.freshStateHome()
        defer { CommandRunner.removeStateHome(stateHome) }
        process.environment = CommandRunner.childEnvironment(stateHome: stateHome)
        process.arguments = ["run", "--size", "800x500", "--layout", "linear", "--images", images.path,
                             "--screenshot-dir", shots.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // A slow drag of one slot to the left, held still before the release: no fling.
        let drag = (1...16).map { i in
            "xdotool mousemove --window \"$w\" \(Int(600 - w * Double(i) / 16)) 250; sleep 0.03"
        }.joined(separator: "\n")
        let script = """
        set -e
        w=$(timeout 60 xdotool search --all --sync --pid \(process.processIdentifier) --class 'CardViewer' | head -n1)
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
        #expect(process.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")

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
