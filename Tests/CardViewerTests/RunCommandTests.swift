import CardTestSupport
import Foundation
import Testing

/// `cardviewer run` end to end.
@Suite("cardviewer run (end to end)")
struct RunCommandTests {
    @Test("without a display: exit status 1 and a message that points to render")
    func noDisplay() throws {
        let outcome = try ChildProcess.runViewer(["run", "--cards", "3"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cardviewer render"))
    }

    @Test("bad input is refused before any window opens")
    func badInput() throws {
        let outcome = try ChildProcess.runViewer(["run", "--layout", "nope"], environment: ["DISPLAY": nil])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1)
    }
}
