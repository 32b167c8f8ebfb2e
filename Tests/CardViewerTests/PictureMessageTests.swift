import CardFiles
import CardImaging
import CardPictureDecoding
import CardPictureFolders
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// SPEC §11: a message names a file once per session (not once per attempt), and its wording
/// says what was wrong ("not a picture", "truncated", "too large: W × H") without repeating the
/// path, one wording per reason; bidirectional controls in names are escaped like control
/// characters; every message listing the formats read lists them all (`PictureKinds`).
@Suite("messages about bad files")
struct PictureMessageTests {
    /// A replay that tries every card more than once: waits for them, opens the photo view and
    /// steps through the deck and back, zooms, closes, changes layouts, waits again.
    static let tryingAgain = #"""
        {"events": [{"time": 0.1, "type": "waitForPictures"}, {"time": 0.2, "type": "key", "key": "enter"},
          {"time": 0.3, "type": "key", "key": "right"}, {"time": 0.4, "type": "key", "key": "right"},
          {"time": 0.5, "type": "key", "key": "right"}, {"time": 0.6, "type": "key", "key": "left"},
          {"time": 0.7, "type": "key", "key": "left"}, {"time": 0.8, "type": "key", "key": "z"},
          {"time": 0.9, "type": "key", "key": "escape"}, {"time": 1.0, "type": "waitForPictures"},
          {"time": 1.1, "type": "key", "key": "l"}, {"time": 1.2, "type": "key", "key": "end"},
          {"time": 1.3, "type": "key", "key": "home"}, {"time": 1.4, "type": "waitForPictures"}], "end": 1.6}
        """#

    @Test("a truncated JPEG, a text file named .jpg and a 30000 × 30000 PNG: one line each per session, the path once")
    func oneLinePerFilePerSession() throws {
        let root = try TemporaryFolder("cardviewer-messages")
        defer { root.remove() }
        let images = try root.folder("images").path
        try PNGCodec.write(RGBAImage(width: 160, height: 100, fill: (40, 180, 60, 255)), to: images + "/a-good.png")
        let jpeg = try JPEGEncoder.encode(RGBAImage(width: 640, height: 480, fill: (30, 90, 200, 255)), quality: 90)
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: URL(fileURLWithPath: images + "/b-cut.jpg"))
        try Data("this is no picture at all\n".utf8).write(to: URL(fileURLWithPath: images + "/c-text.jpg"))
        let huge = HostileFiles.pngHeader(width: 30000, height: 30000, bitDepth: 8, colorType: 6) + HostileFiles.pngChunk("IEND", [])
        try Data(huge).write(to: URL(fileURLWithPath: images + "/d-huge.png"))
        let script = root.path("replay.json")
        try Data(Self.tryingAgain.utf8).write(to: URL(fileURLWithPath: script))
        let expected = [("b-cut.jpg", "truncated ("), ("c-text.jpg", "not a picture (not \(PictureKinds.listed())"),
                        ("d-huge.png", "too large: 30000 × 30000 (")]
        // The second start finds the failures the thumbnail cache recorded ("remembered").
        for run in 1...2 {
            let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", script, "--size", "640x400", images],
                                                     environment: ["XDG_CACHE_HOME": root.path("cache")])
            #expect(outcome.status == 0, "run \(run): \(outcome.stderr)")
            #expect(outcome.warnings.count == expected.count, "run \(run): \(outcome.stderr)")
            for (name, reason) in expected {
                let lines = outcome.warnings.filter { $0.contains(name) }
                #expect(lines.count == 1, "run \(run), \(name): \(outcome.stderr)")
                guard let line = lines.first else { continue }
                #expect(line.hasPrefix("warning: '\(images)/\(name)': \(reason)"), "run \(run): \(line)")
                #expect(line.components(separatedBy: name).count == 2, "the path once: \(line)")
            }
            if run == 2 {
                #expect(outcome.warnings.filter { $0.contains("remembered from an earlier attempt") }.count == 2, "\(outcome.stderr)")
            }
        }
    }

    @Test("names with U+202E (right-to-left override) and U+2066 (left-to-right isolate) reach stderr escaped")
    func bidirectionalControlsEscaped() throws {
        let root = try TemporaryFolder("cardviewer-bidi")
        defer { root.remove() }
        let images = try root.folder("images").path
        // Empty files: each is one warning ("truncated (the file is empty)") naming it.
        for name in ["evil\u{202E}gpj.png", "iso\u{2066}late.png"] {
            try Data().write(to: URL(fileURLWithPath: images + "/" + name))
        }
        let script = root.path("replay.json")
        try Data(#"{"events": [{"time": 0.1, "type": "waitForPictures"}], "end": 0.2}"#.utf8).write(to: URL(fileURLWithPath: script))
        let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", script, "--size", "640x400", images])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("evil\\u{202E}gpj.png") && outcome.stderr.contains("iso\\u{2066}late.png"), "\(outcome.stderr)")
        // A missing PATH's error line too.
        let missing = try ChildProcess.runViewer(["run", images + "/gone\u{202E}.png"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("gone\\u{202E}.png"), "\(missing.stderr)")
        for stderr in [outcome.stderr, missing.stderr] {
            #expect(!stderr.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        }
    }

    @Test("a PATH and a drop that are not pictures: the message lists every format read")
    func wordingListsEveryFormat() throws {
        let root = try TemporaryFolder("cardviewer-kinds")
        defer { root.remove() }
        let images = try root.folder("images").path
        try PNGCodec.write(RGBAImage(width: 160, height: 100, fill: (40, 180, 60, 255)), to: images + "/a.png")
        let text = root.path("notes.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: text))
        let bad = try ChildProcess.runViewer(["run", text])
        #expect(bad.status == 2)
        let script = root.path("drop.json")
        try Data(#"{"events": [{"time": 0.1, "type": "drop", "paths": ["\#(text)"]}], "end": 0.3}"#.utf8)
            .write(to: URL(fileURLWithPath: script))
        let dropped = try ChildProcess.runViewer(["run", "--headless", "--replay", script, "--size", "640x400", images])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        let kinds = "a PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF or camera RAW picture"
        #expect(bad.errorLines == ["error: '\(text)' is neither a folder nor \(kinds)"], "\(bad.stderr)")
        #expect(dropped.warnings == ["warning: drop: '\(text)' is neither a folder nor \(kinds) (skipped)"], "\(dropped.stderr)")
        // Derived from the one list: every format named there is in the line.
        for kind in PictureKinds.all { #expect(bad.stderr.contains(kind.name)) }
    }
}
