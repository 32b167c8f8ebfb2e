import Foundation
import Testing

/// `cardviewer run` end to end.
@Suite("cardviewer run (end to end)")
struct RunCommandTests {
    @Test("without a display: exit status 1 and a message that points to render")
    func noDisplay() throws {
        let outcome = try CommandRunner.run(["run", "--cards", "3"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cardviewer render"))
    }

    @Test("bad input is refused before any window opens")
    func badInput() throws {
        let outcome = try CommandRunner.run(["run", "--layout", "nope"], environment: ["DISPLAY": nil])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1)
    }

    static var hasDisplayAndXdotool: Bool {
        ProcessInfo.processInfo.environment["DISPLAY"] != nil
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
    }

    @Test("with a display (Xvfb): the window opens, scrolls, and Q quits with status 0",
          .enabled(if: hasDisplayAndXdotool, "needs DISPLAY (make test runs under xvfb-run) and xdotool"))
    func quitWithQ() throws {
        guard let executable = CommandRunner.executable else {
            Issue.record("cardviewer not built")
            return
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--cards", "40", "--size", "480x300"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Wait for the window (xdotool --sync blocks until it exists; found by process id, as other
        // tests open windows too), scroll, drag, then press Q (key down only: the viewer quits on
        // the press, and a release sent to a window that is gone would be an X error).
        let script = """
        set -e
        w=$(timeout 60 xdotool search --all --sync --pid \(process.processIdentifier) --name 'CardViewer' | head -n1)
        xdotool mousemove --window "$w" 240 150 click 5 click 5 mousedown 1 mousemove --window "$w" 240 60 mouseup 1
        xdotool keydown --window "$w" q
        """
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/bin/bash")
        driver.arguments = ["-c", script]
        let driverErrors = Pipe()
        driver.standardError = driverErrors
        try driver.run()
        let driverOutput = String(decoding: driverErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        #expect(driver.terminationStatus == 0, "\(driverOutput)")
        // A hang guard, not a timing requirement: give the viewer a minute to quit.
        for _ in 0..<600 where process.isRunning { usleep(100_000) }
        #expect(!process.isRunning)
        if !process.isRunning {
            #expect(process.terminationStatus == 0, "\(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        }
    }
}
