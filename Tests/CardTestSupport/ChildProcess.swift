import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started by a test: the one way the suites run a built executable, a tool or
/// a script, wait for it and collect what it did.
///
/// Arguments travel as the bytes `PathBytes` gives (a test names a non-UTF-8 file as the viewer
/// carries it). The child gets this process's environment with the test's changes, standard
/// input from `input` or /dev/null, and its own process group, so that a time limit or `kill()`
/// ends what it started too. Its outputs are drained as it writes them (a full pipe never blocks
/// it), and its end is reaped with `wait4`, which gives its resource usage. Variants for the
/// viewer (`runViewer`, `startViewer`) are in `ChildProcess+Viewer.swift`.
public final class ChildProcess: @unchecked Sendable {
    /// What a child did.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended the child.
        public var status: Int32
        /// True when the child was still running at its time limit (and was killed).
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
        /// The child's peak resident memory, bytes: with `peakMemory`, GNU time's report (0 when
        /// it wrote none: the run was killed); else `wait4`'s `ru_maxrss` (see
        /// `run(_:_:environment:input:in:timeLimit:peakMemory:)`).
        public var peakResidentBytes: Int
        /// From the start to the end, seconds.
        public var seconds: Double

        /// The non-empty lines of standard error.
        public var errorLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }
        /// The `warning:` lines of standard error.
        public var warnings: [Substring] { errorLines.filter { $0.hasPrefix("warning: ") } }
        /// True when standard error shows a crash trace (a Swift runtime error, a backtrace).
        public var showsCrashTrace: Bool { stderr.contains("Fatal error") || stderr.contains("Backtrace") }
    }

    /// The child's process id, which is also its process group's.
    public let pid: pid_t
    let condition = NSCondition()
    /// Set by the monitor thread when `wait4` has reaped the child.
    var reaped = false
    /// Set by the monitor thread once the child is reaped and its outputs are closed.
    var finished: Outcome?

    init(pid: pid_t) { self.pid = pid }

    /// Starts `executable arguments…` (a path, or a name looked up on PATH) and returns at once.
    ///
    /// - Parameters:
    ///   - environment: changes to this process's environment (nil removes a variable).
    ///   - input: written to the child's standard input, which is then closed; nil: /dev/null.
    ///   - directory: the child's working folder; nil: this process's.
    ///   - timeLimit: seconds after which the child's process group is killed (`timedOut`).
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                             input: [UInt8]? = nil, in directory: String? = nil, timeLimit: Double? = nil) throws -> ChildProcess {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        return try spawn(argv: [executable] + arguments, environment: variables, input: input, directory: directory,
                         timeLimit: timeLimit)
    }

    /// Runs `executable arguments…` and waits for it (options as `start`).
    ///
    /// With `peakMemory` it runs through GNU time (`gnuTime`, when it is installed), whose report
    /// is the peak: a
    /// child started straight from this test process reports this process's peak as its own
    /// (Linux keeps the high-water mark of the address space it had before exec, hundreds of MB
    /// once many suites ran), where one started by `time` starts from `time`'s few MB.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                           input: [UInt8]? = nil, in directory: String? = nil, timeLimit: Double? = nil,
                           peakMemory: Bool = false) throws -> Outcome {
        let measure = peakMemory && FileManager.default.isExecutableFile(atPath: gnuTime)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)").path
        defer { if measure { try? FileManager.default.removeItem(atPath: report) } }
        let prefix = measure ? ["-f", "%M", "-o", report, "--", executable] : []
        let child = try start(measure ? gnuTime : executable, prefix + arguments, environment: environment, input: input,
                              in: directory, timeLimit: timeLimit)
        var outcome = child.wait()
        // GNU time writes "Command exited with non-zero status N" first when it did; %M last.
        if measure {
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            let kibibytes = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            outcome.peakResidentBytes = (kibibytes ?? 0) * 1024
        }
        return outcome
    }

    /// GNU time (Debian's `time` package, which scripts/install-deps.sh installs).
    public static let gnuTime = "/usr/bin/time"

    /// True until the child has ended (and been reaped).
    public var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !reaped
    }

    /// Waits for the child to end and its outputs to close: at most `seconds` (nil: as long as
    /// it takes). Nil when it is still running then.
    public func wait(atMost seconds: Double? = nil) -> Outcome? {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        condition.lock()
        defer { condition.unlock() }
        while finished == nil {
            // No deadline: wait without one (a distant date overflows the condition's timespec).
            guard let deadline else {
                condition.wait()
                continue
            }
            if !condition.wait(until: deadline) { return finished }
        }
        return finished
    }

    /// Waits for the child to end and its outputs to close, as long as it takes.
    public func wait() -> Outcome {
        wait(atMost: nil)!
    }

    /// Kills the child and everything in its process group with SIGKILL (the tests' children
    /// inherit this process's blocked signals, SIGTERM among them), then waits for it.
    @discardableResult
    public func kill() -> Outcome {
        if isRunning { Glibc.kill(-pid, SIGKILL) }
        return wait()
    }

    /// The executable `name` beside the test bundle (SwiftPM builds both into one folder), else
    /// in the package's `.build/debug`; nil when it is not built.
    public static func executable(_ name: String) -> String? {
        var candidates = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()]
        if let main = Bundle.main.executableURL { candidates.append(main.deletingLastPathComponent()) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The peak resident memory a child reported with `--peak-memory` ("peak resident memory:
    /// N KiB"), bytes.
    public static func reportedPeak(in output: String) -> Int? {
        output.split(separator: "\n").lazy.compactMap { line -> Int? in
            guard line.hasPrefix("peak resident memory: ") else { return nil }
            return Int(line.dropFirst("peak resident memory: ".count).split(separator: " ")[0]).map { $0 * 1024 }
        }.first
    }
}
