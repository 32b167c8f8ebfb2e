import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `--max-file-size`, `--max-pixels` and `--max-picture-memory` (SPEC §11), end to end: read by
/// `run`, `render` and `bench` alike (units or plain numbers; a bad value exits 2 with one line),
/// and carried to the decoders on the workers.
@Suite("picture limit options (end to end)")
struct PictureLimitOptionsTests {
    static let commands: [[String]] = [["run", "--headless"], ["render", "--out", "/tmp/unused.png"], ["bench"]]

    @Test("a bad value exits 2 with one line naming the option and what it takes",
          arguments: commands, [("--max-file-size", "0"), ("--max-file-size", "12XB"), ("--max-pixels", "abc"),
                                ("--max-pixels", "0x100"), ("--max-picture-memory", "-5MB")])
    func badValues(command: [String], option: (name: String, value: String)) throws {
        let outcome = try ChildProcess.runViewer(command + ["--images", "/nonexistent", option.name, option.value])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(option.name) && outcome.stderr.contains("expected"), "\(outcome.stderr)")
    }

    @Test func benchTakesThemOnlyWithImages() throws {
        let outcome = try ChildProcess.runViewer(["bench", "--max-pixels", "1MP"])
        #expect(outcome.status == 2 && outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--max-pixels needs --images DIR"), "\(outcome.stderr)")
    }

    /// Renders `folder` with `options`; returns the warning lines.
    static func warnings(rendering folder: URL, _ options: [String]) throws -> [Substring] {
        let out = folder.deletingLastPathComponent().appendingPathComponent("out-\(UUID().uuidString).png")
        let outcome = try ChildProcess.runViewer(["render", "--images", folder.path, "--out", out.path, "--layout", "grid",
                                                  "--size", "640x400", "--thumbnail-cache", "off"] + options)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.errorLines
    }

    @Test("each limit given reaches the decoders: pictures within the defaults are refused under tighter limits")
    func limitsReachTheDecoders() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try directory.folder("pictures")
        // A 300×200 PNG (3 KB) and a progressive 1000×1000 JPEG (6 MB of coefficients).
        try PNGCodec.write(RGBAImage(width: 300, height: 200, fill: (200, 40, 40, 255)), to: folder.appendingPathComponent("a.png").path)
        let jpeg = HostileFiles.flatJPEG(width: 1000, height: 1000, color: .ycbcr444, progressive: true)
        try Data(jpeg).write(to: folder.appendingPathComponent("b.jpg"))

        #expect(try Self.warnings(rendering: folder, []).isEmpty)
        let pixels = try Self.warnings(rendering: folder, ["--max-pixels", "100x100"])
        #expect(pixels.count == 2 && pixels.allSatisfy { $0.contains("at most 65535 pixels a side and 10000 pixels") }, "\(pixels)")
        let size = try Self.warnings(rendering: folder, ["--max-file-size", "0.1KB"])
        #expect(size.count == 2 && size.allSatisfy { $0.contains("bytes; at most 100)") }, "\(size)")
        let memory = try Self.warnings(rendering: folder, ["--max-picture-memory", "5MB"])
        #expect(memory.count == 1 && memory[0].contains("b.jpg") && memory[0].contains("decoding needs 6 MB of memory; at most 5 MB"),
                "\(memory)")
        #expect(try Self.warnings(rendering: folder, ["--max-picture-memory", "0.5GiB", "--max-pixels", "268MP"]).isEmpty)

        // The window's viewer (a headless replay) reads them the same way.
        let script = #"{"events": [{"time": 0.05, "type": "waitForPictures"}], "end": 0.1}"#
        let run = try ViewerTest.replay(script, in: directory.url, arguments: ["--size", "640x400", "--layout", "grid",
                                                                               "--images", folder.path, "--thumbnail-cache", "off",
                                                                               "--max-picture-memory", "5MB"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains("b.jpg") && run.errorLines[0].contains("at most 5 MB"),
                "\(run.stderr)")
    }
}
