import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `cardviewer DIR` in a real window (SPEC §10, §12): its state in `$XDG_STATE_HOME`, restored at
/// the next start (layout and scroll, read back from screenshots), and the window's title.
extension ViewerWindowTests {
    /// Starts `cardviewer arguments…` with `stateHome` as `XDG_STATE_HOME`, drives it with the
    /// xdotool `steps` (`$w` is the window), and returns the window's titles the script printed
    /// (`xdotool getwindowname`); expects the script and the viewer to end with status 0.
    private func runWindow(_ arguments: [String], stateHome: String, steps: String) throws -> [String] {
        let outcome = try WindowDriver.run(arguments, stateHome: stateHome, script: steps)
        _ = WindowDriver.expectEnded(outcome)
        return outcome.printed.split(separator: "\n").map(String.init)
    }

    @Test("cardviewer DIR: grid and a scroll, Q, started again: the same layout and scroll; the title names the picture and folder")
    func statePerDeckInTheWindow() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 30, in: folder.url)
        let stateHome = folder.path("state-home")
        let shots = [folder.url("shots1"), folder.url("shots2")]
        for shot in shots { try FileManager.default.createDirectory(at: shot, withIntermediateDirectories: true) }

        // 1. Grid (key 4), three wheel notches down, at rest: a screenshot (S), the title, Q.
        let first = try runWindow([images.path, "--size", "640x400", "--screenshot-dir", shots[0].path], stateHome: stateHome, steps: """
            sleep 1.5
            xdotool key --window "$w" alt+4
            sleep 1.5
            xdotool mousemove --window "$w" 320 200 click 5 click 5 click 5
            sleep 2.5
            xdotool key --window "$w" s
            sleep 1.2
            xdotool getwindowname "$w"
            xdotool keydown --window "$w" q
            """)
        // 2. Started again, no layout named: a screenshot once at rest (Shift first, which does
        // nothing but dismiss the start hint), the title, Q.
        let second = try runWindow([images.path, "--size", "640x400", "--screenshot-dir", shots[1].path], stateHome: stateHome, steps: """
            sleep 2.5
            xdotool mousemove --window "$w" 320 200
            xdotool key --window "$w" shift
            sleep 1.5
            xdotool key --window "$w" s
            sleep 1.2
            xdotool getwindowname "$w"
            xdotool keydown --window "$w" q
            """)

        // The title: FILE — FOLDER (i / n), the same after the restart (the current card kept).
        let title = try #require(first.last)
        #expect(title.range(of: #"^\d\d-card\.png — images \(\d+ / 30\)$"#, options: .regularExpression) != nil, "\(title)")
        #expect(second.last == title)

        // The state: one file in $XDG_STATE_HOME/cardviewer, grid, scrolled.
        let states = try FileManager.default.contentsOfDirectory(atPath: stateHome + "/cardviewer").filter { $0.hasSuffix(".json") }
        try #require(states.count == 1, "\(states)")
        let text = try String(contentsOfFile: stateHome + "/cardviewer/" + states[0], encoding: .utf8)
        #expect(text.contains(#""name" : "grid""#), "\(text)")

        // The same frame: every sampled pixel alike, but for at most 2 % (a focus ring, a message).
        let frames = try shots.map { shot -> RGBAImage in
            let names = try FileManager.default.contentsOfDirectory(atPath: shot.path)
            try #require(names.count == 1, "\(names)")
            return try PNGCodec.read(contentsOf: shot.appendingPathComponent(names[0]).path)
        }
        var samples = 0, differing = 0
        for y in stride(from: 0, to: 400, by: 5) {
            for x in stride(from: 0, to: 640, by: 5) {
                samples += 1
                let p = frames[0][x, y]
                if !ViewerTest.pixel(frames[1], x, y, is: (p.r, p.g, p.b), tolerance: 8) { differing += 1 }
            }
        }
        #expect(differing * 50 <= samples, "\(differing) of \(samples) sampled pixels differ")
        // And the first run had scrolled: the frames are alike because the scroll was restored.
        let state = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let offset = ((state?["layout"] as? [String: Any])?["offset"] as? [String: Double])?["y"] ?? 0
        #expect(offset > 100, "\(text)")
    }
}

extension ViewerWindowTests {
    @Test("cardviewer -r DIR in a window: the listing streams in; every subfolder's pictures end up in the deck, in order")
    func recursiveListingInTheWindow() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let root = try PathCommandTests.pictures("root", in: folder.url, prefix: "r", colors: Array(ViewerTest.colors[0..<2]))
        for sub in ["a", "b", "c"] {
            _ = try PathCommandTests.pictures("root/\(sub)", in: folder.url, prefix: sub, colors: Array(ViewerTest.colors[2..<4]))
        }
        let state = folder.url("state.json")
        let outcome = try WindowDriver.run(["-r", root.path, "--size", "640x400", "--layout", "grid", "--state", state.path], script: """
        sleep 2
        xdotool getwindowname "$w"
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }
        let title = outcome.printed
        #expect(title.hasPrefix("r1.png — root (1 / 8)"), "\(title)")
        #expect(PathCommandTests.titles(try PathCommandTests.json(state)) == ["r1", "r2", "a1", "a2", "b1", "b2", "c1", "c2"].map { $0 + ".png" })
    }
}
