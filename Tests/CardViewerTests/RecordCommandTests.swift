import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `cardviewer record` end to end (the built executable): the frames it writes are the replay's
/// frames at k / fps s, the ones `run --headless --replay … --screenshot` writes for the same
/// script ending there; the WebP and GIF hold those frames at the right times.
@Suite(.serialized) struct RecordCommandTests {
    /// A grid of 8 cards at 320×200 dragged up, on a 0.5 s script; the pictures are waited for at
    /// the start, so every frame is the same each run.
    static let size = "320x200"
    static let end = 0.5
    static let fps = 20
    /// Frames at 0, 1/20, …, 0.5 s: floor(end · fps) + 1.
    static let frameCount = 11
    static func script(end: Double) -> String {
        """
        {"events": [
          {"time": 0, "type": "waitForPictures"},
          {"time": 0.05, "type": "drag", "x": 160, "y": 170, "toX": 150, "toY": 40, "duration": 0.2}
        ], "end": \(end)}
        """
    }
    static let scene = ["--size", size, "--layout", "grid", "--cards", "8"]

    static func record(_ folder: TemporaryFolder, out: String, extra: [String] = []) throws -> ChildProcess.Outcome {
        let replay = folder.path("replay.json")
        if !FileManager.default.fileExists(atPath: replay) { try script(end: end).write(toFile: replay, atomically: true, encoding: .utf8) }
        return try ChildProcess.runViewer(["record"] + scene + ["--replay", replay, "--fps", "\(fps)", "--out", out] + extra,
                                          timeLimit: 120)
    }

    static func pngFrames(_ folder: TemporaryFolder) throws -> [RGBAImage] {
        let out = folder.path("frames/")
        let outcome = try record(folder, out: out)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        return try (0..<frameCount).map { try PNGCodec.read(contentsOf: out + String(format: "frame-%04d.png", $0 + 1)) }
    }

    /// The frame an animation shows at `milliseconds`: the first frame that ends after it.
    static func shown(_ animation: DecodedAnimation, at milliseconds: Int) -> RGBAImage? {
        animation.endMilliseconds.firstIndex { $0 > milliseconds }.map { animation.frames[$0] }
    }

    @Test("a folder gets floor(end · fps) + 1 frames; frame k is run --screenshot's frame of the script ending at k / fps")
    func framesAreScreenshots() throws {
        let folder = try TemporaryFolder("cardviewer-record")
        defer { folder.remove() }
        let frames = try Self.pngFrames(folder)
        #expect(!FileManager.default.fileExists(atPath: folder.path("frames/frame-0012.png")))
        #expect(frames.allSatisfy { $0.width == 320 && $0.height == 200 })
        #expect(frames[0] != frames[4], "the drag moves the grid")
        for k in [0, 4, 10] {
            let script = folder.path("end-\(k).json")
            try Self.script(end: Double(k) / Double(Self.fps)).write(toFile: script, atomically: true, encoding: .utf8)
            let shot = folder.path("shot-\(k).png")
            let outcome = try ChildProcess.runViewer(["run", "--headless", "--no-state"] + Self.scene
                                                     + ["--replay", script, "--screenshot", shot], timeLimit: 120)
            try #require(outcome.status == 0, "\(outcome.stderr)")
            let screenshot = try PNGCodec.read(contentsOf: shot)
            #expect(screenshot == frames[k], "frame \(k) (at \(k)/\(Self.fps) s) differs from the screenshot at that time")
        }
    }

    @Test("WebP: lossless holds the PNG frames exactly at k · 50 ms, loops forever; lossy (quality 90) close to them")
    func webp() throws {
        let folder = try TemporaryFolder("cardviewer-record-webp")
        defer { folder.remove() }
        let frames = try Self.pngFrames(folder)
        var outcome = try Self.record(folder, out: folder.path("exact.webp"), extra: ["--lossless"])
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let exact = try AnimationReader.webp(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("exact.webp")))))
        #expect(exact.loopCount == 0)
        // Identical frames in a row are merged by the encoder into one longer frame: what is
        // shown at each frame's time is compared, and the last frame ends at 11 × 50 ms.
        #expect(exact.endMilliseconds.last == Self.frameCount * 1000 / Self.fps)
        for k in 0..<Self.frameCount {
            #expect(Self.shown(exact, at: k * 1000 / Self.fps) == frames[k], "lossless frame \(k)")
        }
        outcome = try Self.record(folder, out: folder.path("lossy.webp"))
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let lossy = try AnimationReader.webp(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("lossy.webp")))))
        #expect(lossy.endMilliseconds.last == Self.frameCount * 1000 / Self.fps)
        for k in 0..<Self.frameCount {
            let shown = try #require(Self.shown(lossy, at: k * 1000 / Self.fps))
            let error = Self.meanError(shown, frames[k])
            #expect(error < 3, "lossy frame \(k): mean channel error \(error)")
        }
    }

    @Test("GIF: one frame per 1/fps s with 5 cs delays, a NETSCAPE2.0 loop, pixels within the quantizer's error")
    func gif() throws {
        let folder = try TemporaryFolder("cardviewer-record-gif")
        defer { folder.remove() }
        let frames = try Self.pngFrames(folder)
        let outcome = try Self.record(folder, out: folder.path("a.gif"))
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let gif = try AnimationReader.gif(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("a.gif")))))
        #expect(gif.loopCount == 0)
        #expect(gif.frames.count == Self.frameCount)
        #expect(gif.gifDelays == Array(repeating: 100 / Self.fps, count: Self.frameCount))
        for (k, frame) in gif.frames.enumerated() where k < frames.count {
            // Median cut into 256 colours: a few levels on average, the worst pixels within
            // about a 5-bit cell (8 levels) plus the palette's spacing.
            let error = Self.meanError(frame, frames[k])
            #expect(error < 3, "GIF frame \(k): mean channel error \(error)")
            #expect(Self.fractionOver(frame, frames[k], 32) < 0.001, "GIF frame \(k): pixels off by more than 32")
        }
    }

    @Test("NAME.png writes the numbered sequence NAME-0001.png … beside it, the folder's frames")
    func numberedSequence() throws {
        let folder = try TemporaryFolder("cardviewer-record-sequence")
        defer { folder.remove() }
        let outcome = try Self.record(folder, out: folder.path("demo.png"), extra: ["--to", "0.1"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("demo") }.sorted()
        #expect(names == ["demo-0001.png", "demo-0002.png", "demo-0003.png"], "\(names)")
        let frames = try Self.pngFrames(folder)
        for k in 0..<3 {
            #expect(try PNGCodec.read(contentsOf: folder.path(names[k])) == frames[k], "frame \(k)")
        }
    }

    @Test("refused: another extension, --fps that does not divide 60, --lossless for a GIF (exit status 2, one line)")
    func refusals() throws {
        let folder = try TemporaryFolder("cardviewer-record-refusals")
        defer { folder.remove() }
        for (out, extra, words) in [("a.mp4", [String](), "NAME.webp, NAME.gif, NAME.png"), ("a.webp", ["--fps", "7"], "--fps must divide 60"),
                                    ("a.gif", ["--lossless"], "--lossless is for WebP")] {
            let replay = folder.path("replay.json")
            try Self.script(end: 0.1).write(toFile: replay, atomically: true, encoding: .utf8)
            let outcome = try ChildProcess.runViewer(["record", "--replay", replay, "--out", folder.path(out)] + extra, timeLimit: 60)
            #expect(outcome.status == 2, "\(out) \(extra): \(outcome.stderr)")
            #expect(outcome.stderr.contains(words), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path(out)))
        }
    }

    /// The mean absolute difference per colour channel (RGB).
    static func meanError(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 { total += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// The fraction of pixels with a channel off by more than `limit`.
    static func fractionOver(_ a: RGBAImage, _ b: RGBAImage, _ limit: Int) -> Double {
        var count = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) where (0..<3).contains(where: { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) > limit }) {
            count += 1
        }
        return Double(count) / Double(a.width * a.height)
    }
}
