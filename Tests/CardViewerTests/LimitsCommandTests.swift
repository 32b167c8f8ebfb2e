import CardTestSupport
import Foundation
import Testing

/// SPEC §11 bounds on the command line: `--size` (8192 points a side, 32 MP) for every command
/// that takes it, and a replay's `end` (3600 s), end to end: exit status 2, one line naming the
/// limit.
@Suite("limits (end to end)")
struct LimitsCommandTests {
    @Test("--size past a bound: exit 2, one line naming the limit",
          arguments: ["run", "render", "layout", "bench"],
          [("8193x100", "8192 points a side"), ("100x8193", "8192 points a side"),
           ("8192x4097", "32 MP"), ("6000x6000", "32 MP")])
    func sizePastTheBounds(command: String, size: (value: String, named: String)) throws {
        let outcome = try ChildProcess.runViewer([command, "--size", size.value])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(size.named) && outcome.stderr.contains(size.value), "\(outcome.stderr)")
    }

    @Test("--size at the bounds is accepted", arguments: ["8192x4096", "4096x8192", "8192x1"])
    func sizeAtTheBounds(size: String) throws {
        let outcome = try ChildProcess.runViewer(["layout", "--cards", "2", "--size", size])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let (w, h) = (size.split(separator: "x")[0], size.split(separator: "x")[1])
        #expect(outcome.stdout.contains("\"viewport\""), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(String(w)) && outcome.stdout.contains(String(h)))
    }

    @Test("a replay's end past 3600 s: exit 2 naming the limit; a syntax error names line and column")
    func replayEnd() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let late = try ViewerTest.replay(#"{"events": [], "end": 3600.5}"#, in: folder.url, arguments: ["--cards", "3"])
        #expect(late.status == 2, "\(late.stderr)")
        #expect(late.errorLines.count == 1 && late.stderr.contains("3600 seconds"), "\(late.stderr)")
        let broken = try ViewerTest.replay("{\"events\": [\n  {\"time\": 1,}\n]}", in: folder.url, arguments: ["--cards", "3"])
        #expect(broken.status == 2, "\(broken.stderr)")
        #expect(broken.errorLines.count == 1 && broken.stderr.contains("at line 2, column 14"), "\(broken.stderr)")
    }
}
