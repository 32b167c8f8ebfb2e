import CardMath
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One `cardviewer` in a real window (under Xvfb: `make test` runs the suites in `xvfb-run`),
/// driven by bash scripts of `xdotool` commands: the one real-window driver of the suites.
///
/// The viewer gets its own `XDG_STATE_HOME` unless the test gives one (a deck of PATHs keeps its
/// state there, never in ~/.local/state) and the tests' thumbnail cache. Each script finds the
/// window by the viewer's process id and its class (the title names the picture), waiting up to
/// 60 s for it to appear, and gets it as `$w`. The viewer is killed, and its state folder removed,
/// when the driver goes away.
public final class WindowDriver: @unchecked Sendable {
    /// What a one-shot run (`run(_:environment:stateHome:script:)`) left: the script's exit status
    /// and output, and the viewer's.
    public struct Outcome: Sendable {
        public var scriptStatus: Int32
        /// The script's standard output (what it printed: window geometry, titles, …).
        public var printed: String
        public var scriptErrors: String
        /// False when the viewer was still running 60 s after the script ended (then killed).
        public var viewerExited: Bool
        public var viewerStatus: Int32
        public var viewerErrors: String
    }

    /// The viewer.
    public let viewer: ChildProcess
    private let stateHome: TemporaryFolder?

    /// Starts `cardviewer arguments…` in a window.
    ///
    /// - Parameters:
    ///   - environment: changes to the viewer's environment (nil removes a variable).
    ///   - stateHome: the viewer's `XDG_STATE_HOME`, kept (a test that starts the same deck
    ///     twice); nil: a fresh one, removed with the driver.
    public init(_ arguments: [String], environment: [String: String?] = [:], stateHome given: String? = nil) throws {
        let fresh = given == nil ? try TemporaryFolder("cardviewer-e2e-state") : nil
        stateHome = fresh
        viewer = try ChildProcess.startViewer(arguments, environment: ChildProcess.viewerEnvironment(
            stateHome: given ?? fresh!.path, environment))
    }

    deinit {
        if viewer.isRunning { viewer.kill() }
        stateHome?.remove()
    }

    /// Runs `body` (bash, `set -e` first) against the viewer's window, `$w`, once it exists;
    /// returns the script's outcome.
    public func drive(_ body: String) throws -> ChildProcess.Outcome {
        try ChildProcess.run("/bin/bash", ["-c", """
            set -e
            w=$(timeout 60 xdotool search --all --sync --pid \(viewer.pid) --class 'CardViewer' | head -n1)
            \(body)
            """])
    }

    /// Waits for the viewer to end, at most `seconds` (a hang guard, not a timing requirement);
    /// nil when it was still running then (it is killed).
    public func waitForExit(seconds: Double = 60) -> ChildProcess.Outcome? {
        if let outcome = viewer.wait(atMost: seconds) { return outcome }
        viewer.kill()
        return nil
    }

    /// Presses Q (the key down only: the viewer quits on the press, and a release sent to a
    /// window that is gone would be an X error), waits for the viewer to end (`waitForExit`) and
    /// returns its status (-1 when it did not end) and standard error.
    public func quit() throws -> (status: Int32, stderr: String) {
        _ = try drive(#"xdotool keydown --window "$w" q"#)
        let outcome = waitForExit()
        return (outcome?.status ?? -1, outcome?.stderr ?? viewer.kill().stderr)
    }

    /// The CPU time the viewer has used (user + system), seconds, from /proc/PID/stat.
    public func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(viewer.pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses: state is field 3, utime 14, stime 15.
        guard let name = stat.lastIndex(of: ")") else { throw CocoaError(.fileReadCorruptFile) }
        let fields = stat[stat.index(after: name)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { throw CocoaError(.fileReadCorruptFile) }
        return Double(user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs `cardviewer arguments…` and `script` against its window (as `drive`), then waits for
    /// the viewer to end (`waitForExit`); options as `init`.
    public static func run(_ arguments: [String], environment: [String: String?] = [:], stateHome: String? = nil,
                           script: String) throws -> Outcome {
        let driver = try WindowDriver(arguments, environment: environment, stateHome: stateHome)
        let driven = try driver.drive(script)
        let ended = driver.waitForExit()
        return Outcome(scriptStatus: driven.status, printed: driven.stdout, scriptErrors: driven.stderr,
                       viewerExited: ended != nil, viewerStatus: ended?.status ?? -1, viewerErrors: ended?.stderr ?? "")
    }

    // MARK: Script pieces

    /// The script lines that move the pointer from `a` to `b` (window points) in `steps` moves,
    /// `pause` seconds apart: a drag when a button is held.
    public static func pointerMoves(from a: Vec2, to b: Vec2, steps: Int, pause: Double = 0.02) -> String {
        (1...steps).map { i in
            let p = a + (b - a) * (Double(i) / Double(steps))
            return "xdotool mousemove --window \"$w\" \(Int(p.x)) \(Int(p.y)); sleep \(pause)"
        }.joined(separator: "\n")
    }

    /// The script line that saves what the X server shows of the window as a PNG at `path`
    /// (ImageMagick's `import`, which does not wake the viewer: its own screenshots, S, do).
    public static func screenshot(to path: String) -> String { "import -window \"$w\" \"\(path)\"" }

    /// True when ImageMagick's `import` is there (`screenshot(to:)` needs it).
    public static var canScreenshot: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/import") }
}
