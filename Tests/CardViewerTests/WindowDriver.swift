import Foundation
import Testing

/// One `cardviewer` in a real window under Xvfb, driven by a bash script of `xdotool` commands:
/// the viewer gets its own `XDG_STATE_HOME` (a deck of PATHs keeps its state there, never in
/// ~/.local/state), the script finds its window by class (the title names the picture) and gets
/// it as `$w`, and the viewer is waited for (60 s at most) after the script ends.
struct WindowDriver {
    /// What the run left: the script's exit status and output, and the viewer's.
    struct Outcome {
        var scriptStatus: Int32
        /// The script's standard output (what it printed: window geometry, …).
        var printed: String
        var scriptErrors: String
        /// False when the viewer was still running 60 s after the script ended (then terminated).
        var viewerExited: Bool
        var viewerStatus: Int32
        var viewerErrors: String
    }

    /// Runs `cardviewer arguments…` and `script` against its window (`$w`; `set -e` first).
    ///
    /// - Parameters:
    ///   - environment: changes to the viewer's environment (nil removes a variable).
    ///   - stateHome: the viewer's `XDG_STATE_HOME`, kept (a test that starts the same deck
    ///     twice); `nil`: a fresh one, removed after the run.
    static func run(_ arguments: [String], environment: [String: String?] = [:], stateHome given: String? = nil,
                    script: String) throws -> Outcome {
        guard let executable = CommandRunner.executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cardviewer not built"])
        }
        let process = Process()
        process.executableURL = executable
        let stateHome = given ?? CommandRunner.freshStateHome()
        defer { if given == nil { CommandRunner.removeStateHome(stateHome) } }
        process.environment = CommandRunner.childEnvironment(stateHome: stateHome, environment)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/bin/bash")
        driver.arguments = ["-c", """
            set -e
            w=$(timeout 60 xdotool search --all --sync --pid \(process.processIdentifier) --class 'CardViewer' | head -n1)
            \(script)
            """]
        let output = Pipe(), driverErrors = Pipe()
        driver.standardOutput = output
        driver.standardError = driverErrors
        try driver.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let scriptErrors = String(decoding: driverErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        for _ in 0..<600 where process.isRunning { usleep(100_000) }
        let exited = !process.isRunning
        return Outcome(scriptStatus: driver.terminationStatus, printed: printed, scriptErrors: scriptErrors, viewerExited: exited,
                       viewerStatus: exited ? process.terminationStatus : -1,
                       viewerErrors: exited ? String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : "")
    }

    /// Expects the script and the viewer to have ended well; false (with the issues recorded)
    /// when the viewer did not end, so the caller stops there.
    static func expectEnded(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        #expect(outcome.scriptStatus == 0, "\(outcome.scriptErrors)", sourceLocation: sourceLocation)
        #expect(outcome.viewerExited, "the viewer was still running 60 s after the script", sourceLocation: sourceLocation)
        guard outcome.viewerExited else { return false }
        #expect(outcome.viewerStatus == 0, "\(outcome.viewerErrors)", sourceLocation: sourceLocation)
        return true
    }
}
