import Foundation

/// Runs a built executable of this package as a child process and collects what it did.
public enum ChildProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The executable `name` beside the test bundle (SwiftPM builds both into one folder), else
    /// in the package's `.build/debug`.
    public static func executable(_ name: String) -> String? {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [me.deletingLastPathComponent().appendingPathComponent(name).path,
                package.appendingPathComponent(".build/debug/\(name)").path]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable arguments…` and waits for it.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Its own empty state folder: a viewer of PATHs keeps its state there, never in the
        // user's ~/.local/state, and no run restores another's.
        let stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-child-state-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateHome
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes read to the end before waiting, so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
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
