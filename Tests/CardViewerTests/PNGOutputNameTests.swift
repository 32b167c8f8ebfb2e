import CardFiles
import CardTestSupport
import Foundation
import Testing

/// `render --out` and `run --screenshot` write PNG only: a name ending in another extension
/// (`e.jpg`) is bad input — one line, exit 2, nothing written — rather than PNG bytes under a
/// JPEG name with exit 0 (issue 34); `.png` in any case, or no extension, is written.
@Suite struct PNGOutputNameTests {
    @Test("render --out e.jpg and run --screenshot e.jpg: exit 2, one line, nothing written")
    func otherExtensionsRefused() throws {
        let folder = try TemporaryFolder("cardviewer-png-names")
        defer { folder.remove() }
        let replay = try folder.write("replay.json", #"{"events": [], "end": 0.1}"#)
        let jpeg = folder.path("e.jpg")
        for arguments in [["render", "--cards", "3", "--size", "320x200", "--out", jpeg],
                          ["run", "--headless", "--cards", "3", "--size", "320x200", "--replay", replay, "--screenshot", jpeg]] {
            let outcome = try ChildProcess.runViewer(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("only PNG is written"), "\(outcome.stderr)")
            #expect(!FileInfo.exists(jpeg))
        }
        for name in ["frame.PNG", "frame"] {
            let outcome = try ChildProcess.runViewer(["render", "--cards", "3", "--size", "320x200", "--out", folder.path(name)])
            #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
            #expect(FileInfo.exists(folder.path(name)))
        }
    }
}
