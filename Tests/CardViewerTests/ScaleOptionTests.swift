import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `--scale S` end to end (SPEC §14, HiDPI): `render` and `run --headless` draw a frame of
/// `--size` × S pixels with the layout in `--size` points; scale 1 is the frame as before.
@Suite("--scale (end to end)")
struct ScaleOptionTests {
    /// The mean absolute difference per channel between `small` and `large` averaged down by
    /// two each way (2 × 2 blocks), 0…255.
    static func meanDifference(_ small: RGBAImage, halving large: RGBAImage) -> Double {
        var total = 0, count = 0
        for y in 0..<small.height {
            for x in 0..<small.width {
                let a = small[x, y]
                let q = [large[2 * x, 2 * y], large[2 * x + 1, 2 * y], large[2 * x, 2 * y + 1], large[2 * x + 1, 2 * y + 1]]
                let r = q.reduce(0) { $0 + Int($1.r) } / 4, g = q.reduce(0) { $0 + Int($1.g) } / 4, b = q.reduce(0) { $0 + Int($1.b) } / 4
                total += abs(Int(a.r) - r) + abs(Int(a.g) - g) + abs(Int(a.b) - b)
                count += 3
            }
        }
        return Double(total) / Double(max(count, 1))
    }

    @Test("render --scale 2: a PNG of twice the size each way that, halved, is the scale-1 frame (the layout is in points)",
          arguments: ["grid", "pages", "coverflow"])
    func renderDoubles(layout: String) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        func render(_ scale: String) throws -> RGBAImage {
            let out = folder.path("frame-\(scale).png")
            let outcome = try ChildProcess.runViewer(["render", "--cards", "12", "--layout", layout, "--size", "320x200",
                                                      "--scale", scale, "--out", out])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try PNGCodec.read(contentsOf: out)
        }
        let one = try render("1"), two = try render("2")
        #expect(one.width == 320 && one.height == 200)
        #expect(two.width == 640 && two.height == 400)
        let difference = Self.meanDifference(one, halving: two)
        #expect(difference < 4, "\(layout): mean difference \(difference) between the 1× frame and the 2× frame halved")
    }

    @Test("run --headless --scale 2: the screenshot is twice the size each way, before and after a replay's resize")
    func headlessReplayDoubles() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        func screenshot(_ script: String, _ name: String) throws -> RGBAImage {
            let out = folder.path(name)
            let outcome = try ViewerTest.replay(script, in: folder.url, arguments: ["--cards", "5", "--size", "320x200", "--scale", "2",
                                                                                   "--no-state", "--screenshot", out])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try PNGCodec.read(contentsOf: out)
        }
        let plain = try screenshot(#"{"events": [], "end": 0.1}"#, "plain.png")
        #expect(plain.width == 640 && plain.height == 400)
        let resized = try screenshot(#"{"events": [{"time": 0.05, "type": "resize", "width": 300, "height": 150}], "end": 0.2}"#,
                                     "resized.png")
        #expect(resized.width == 600 && resized.height == 300)
    }

    @Test("bad --scale values and --scale without --headless: exit status 2 and one line",
          arguments: [(["render", "--scale", "0.5"], "scale"), (["render", "--scale", "x"], "scale"),
                      (["render", "--scale", "5"], "scale"), (["run", "--cards", "3", "--scale", "2"], "--headless")])
    func badInput(arguments: [String], mentioned: String) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let more = arguments.first == "render" ? ["--cards", "3", "--out", folder.path("x.png")] : []
        let outcome = try ChildProcess.runViewer(arguments + more)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
    }
}
