import CardTestSupport
import Foundation
import Testing

/// `--images` and `--thumbnail-cache` are declared once (`PictureSourceOptions`) and read the
/// same in `run`, `render` and `bench` (end to end, through the built executable).
@Suite("picture source options (end to end)")
struct PictureSourceOptionsTests {
    /// The help lines from `--images` up to the option after `--thumbnail-cache`.
    static func pictureOptionsHelp(_ command: String) throws -> String {
        let outcome = try ChildProcess.runViewer([command, "--help"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // Option names start a line after two spaces; wrapped help text is indented further.
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  --images ") }),
              let cache = lines[start...].firstIndex(where: { $0.hasPrefix("  --thumbnail-cache ") })
        else { return "" }
        let end = lines[(cache + 1)...].firstIndex { $0.hasPrefix("  -") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    @Test("run, render and bench describe --images and --thumbnail-cache in the same words")
    func sameHelpEverywhere() throws {
        let run = try Self.pictureOptionsHelp("run")
        #expect(run.contains("--images") && run.contains("readwrite"), "\(run)")
        #expect(try Self.pictureOptionsHelp("render") == run)
        #expect(try Self.pictureOptionsHelp("bench") == run)
    }

    @Test("an unknown --thumbnail-cache mode is refused the same way by each command",
          arguments: [["run", "--headless"], ["render", "--out", "/tmp/unused.png"], ["bench"]])
    func badModeRefused(command: [String]) throws {
        let outcome = try ChildProcess.runViewer(command + ["--images", "/nonexistent", "--thumbnail-cache", "sometimes"])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("thumbnail-cache"), "\(outcome.stderr)")
    }
}
