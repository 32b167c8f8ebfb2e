import CardFiles
import CardTestSupport
import Foundation
import Testing

/// Outputs never replace a FIFO or a device: exit status 2, one line, the FIFO still there
/// (SPEC §11). Before, an output's rename replaced a FIFO with a file.
@Suite struct OutputFIFOTests {
    static func arguments(_ fifo: String, _ replay: String) -> [[String]] {
        [["render", "--cards", "3", "--out", fifo],
         ["bench", "--frames", "1", "--json", fifo],
         ["compare", "--scene", "none", "--layout", "grid", "--json", fifo],
         ["run", "--headless", "--replay", replay, "--state", fifo],
         ["run", "--headless", "--replay", replay, "--screenshot", fifo]]
    }

    @Test func everyOutputRefusesAFIFO() throws {
        let dir = try TemporaryFolder("cardviewer-fifo")
        defer { dir.remove() }
        let fifo = dir.path("out")
        #expect(mkfifo(fifo, 0o644) == 0)
        let replay = dir.path("replay.json")
        try Data(#"{"events": [], "end": 0.2}"#.utf8).write(to: URL(fileURLWithPath: replay))
        for arguments in Self.arguments(fifo, replay) {
            let outcome = try ChildProcess.runViewer(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("not a regular file"), "\(arguments): \(outcome.stderr)")
            #expect(try FileInfo.at(fifo, followingLinks: false).kind == .other, "\(arguments) replaced the FIFO")
        }
    }
}
