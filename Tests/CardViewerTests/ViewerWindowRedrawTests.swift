@testable import CardViewerApp
import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
import CardViewerFrame
import Foundation
import Testing

/// The window's own redraw policy and the HUD's cost, in a real window under Xvfb with real X
/// input: what the window shows is read back from the X server (`import -window`), the HUD's
/// numbers from the viewer's own screenshots (S), the CPU time from /proc. Headless replays
/// draw every frame, so only these tests see what the window loop leaves out.
///
/// In the serialized suite of `ViewerWindowTests` (an extension of it): the X pointer is shared.
extension ViewerWindowTests {
    /// The share of pixels that differ by more than `tolerance` on any channel.
    static func differingShare(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 8) -> Double {
        guard a.width == b.width, a.height == b.height, a.width > 0 else { return 1 }
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                    || abs(Int(p.b) - Int(q.b)) > tolerance { differing += 1 }
            }
        }
        return Double(differing) / Double(a.width * a.height)
    }

    @Test("the window shows every animation's resting frame: it equals a forced redraw")
    func restingFramesAreDrawn() throws {
        guard ChildProcess.viewerExecutable != nil, WindowDriver.canScreenshot else {
            Issue.record("cardviewer not built, or ImageMagick's import missing")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let viewer = try WindowDriver(["run", "--size", "800x500", "--cards", "12"])
        // Each step: act, wait for every motion to end, read the window (`a`), force a redraw
        // (H twice: HUD on and off), read it again (`b`). A window that kept an in-between
        // frame differs from its redraw.
        func capture(_ name: String) -> String {
            let a = folder.path("\(name)-a.png"), b = folder.path("\(name)-b.png")
            return """
            sleep 2
            \(WindowDriver.screenshot(to: a))
            xdotool key --window "$w" h
            sleep 0.5
            xdotool key --window "$w" h
            sleep 0.7
            \(WindowDriver.screenshot(to: b))
            """
        }
        let steps: [(name: String, action: String)] = [
            ("open", #"xdotool mousemove --window "$w" 400 420 click 1"#),
            ("close", #"xdotool key --window "$w" Escape"#),
            ("switch", #"xdotool key --window "$w" 3"#),
            ("spring-back", """
                xdotool mousemove --window "$w" 400 250 mousedown 1
                for y in 240 230 220 210 200 190; do xdotool mousemove --window "$w" 400 $y; sleep 0.03; done
                sleep 0.2
                xdotool mouseup 1
                """),
            ("append", """
                xdotool key --window "$w" 1
                sleep 1
                xdotool key --window "$w" a
                sleep 2
                """),
        ]
        let body = "sleep 1\n" + steps.map { $0.action + "\n" + capture($0.name) }.joined(separator: "\n")
        let driven = try viewer.drive(body)
        #expect(driven.status == 0, "\(driven.stderr)")
        let ended = try viewer.quit()
        #expect(ended.status == 0, "\(ended.stderr)")
        for step in steps {
            let a = try PNGCodec.read(contentsOf: folder.path("\(step.name)-a.png"))
            let b = try PNGCodec.read(contentsOf: folder.path("\(step.name)-b.png"))
            #expect(a.width == 800 && a.height == 500)
            let share = Self.differingShare(a, b)
            #expect(share < 0.001, "\(step.name): \(share * 100)% of the pixels differ from a forced redraw")
        }
    }

    @Test("the HUD's numbers change while frames are drawn; at rest it says so and the viewer sleeps")
    func liveHUDAndIdleCost() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let viewport = Size(width: 1280, height: 800)
        let viewer = try WindowDriver(["run", "--size", "1280x800", "--layout", "grid", "--cards", "3000", "--screenshot-dir", folder.path])
        // H, then a long press lifts a grid card: while it is held up the viewer draws frame
        // after frame (the grid auto-scrolls near the edges), whatever the input's timing. S twice
        // while it is lifted (2.5 s apart: writing a PNG stalls a debug build's frames for a
        // while), S at rest after the drop.
        let slot = GridLayout().slotFrame(at: 5, viewport: viewport).center
        let driven = try viewer.drive("""
            sleep 1
            xdotool key --window "$w" h
            sleep 0.5
            xdotool mousemove --window "$w" \(Int(slot.x)) \(Int(slot.y)) mousedown 1
            sleep 1.2
            xdotool key --window "$w" s
            sleep 2.5
            xdotool key --window "$w" s
            sleep 0.5
            xdotool mouseup 1
            sleep 2
            xdotool key --window "$w" s
            sleep 3
            """)
        #expect(driven.status == 0, "\(driven.stderr)")
        // At rest with the HUD on (and the last message gone): the viewer sleeps.
        let before = try viewer.cpuSeconds()
        Thread.sleep(forTimeInterval: 3)
        let idle = try viewer.cpuSeconds() - before
        let ended = try viewer.quit()
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(idle < 0.15, "an idle viewer with the HUD on used \(idle) s of CPU in 3 s")

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        try #require(names.count == 3, "\(names)")
        // Three lines: layout and cards, the pictures, the timing.
        let panel = OverlayPanel(lines: ["", "", ""], placement: .bottomLeft)
        let block = try #require(OverlayBlocks.blocks(for: [panel], viewport: viewport).first)
        let reader = PixelFontReader()
        let lines = try names.map { name in
            let image = try PNGCodec.read(contentsOf: folder.path(name))
            return (reader.line(0, of: block, in: image), reader.line(2, of: block, in: image))
        }
        for (first, _) in lines { #expect(first.hasPrefix("grid  depth ordering  "), "\(first)") }
        // While frames are drawn: fps, ms/frame and layout time, different seconds apart.
        let moving = lines.prefix(2).map(\.1)
        for line in moving {
            let numbers = Self.hudNumbers(line)
            #expect(numbers.count == 3 && numbers[0] > 0 && numbers[1] > 0, "\(line)")
            if numbers.count == 3 { #expect(abs(numbers[0] * numbers[1] - 1000) < 0.05 * 1000, "fps × ms/frame: \(line)") }
        }
        #expect(moving[0] != moving[1], "the HUD's numbers did not change: \(moving)")
        // At rest: said so, with the last numbers.
        #expect(lines[2].1.hasPrefix("at rest, last: "), "\(lines[2].1)")
    }

    /// The numbers of a HUD timing line "F fps  M ms/frame  layout L us" (after an optional
    /// "at rest, last: ").
    static func hudNumbers(_ line: String) -> [Double] {
        let words = line.split(separator: " ")
        var numbers: [Double] = []
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if ["fps", "ms/frame", "us"].contains(words[index + 1]), let value = Double(word) { numbers.append(value) }
        }
        return numbers
    }
}
