import Foundation

/// Runs the built `cardviewer` executable and collects what it did.
struct CommandRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The non-empty lines of standard error.
        var errorLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }
    }

    /// The executable beside the test bundle (SwiftPM builds both into one folder), else in the
    /// package's `.build/debug`.
    static var executable: URL? {
        var candidates: [URL] = []
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(me.deletingLastPathComponent().appendingPathComponent("cardviewer"))
        if let main = Bundle.main.executableURL {
            candidates.append(main.deletingLastPathComponent().appendingPathComponent("cardviewer"))
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/cardviewer"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The thumbnail cache the tests' viewers use unless a test sets `XDG_CACHE_HOME` itself: a
    /// folder of this test process, so that runs never write into the user's own cache.
    static let cacheHome: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-e2e-cache-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Runs `cardviewer arguments…` with `environment` changes (nil removes a variable) and waits.
    static func run(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> Outcome {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cardviewer not built; run swift build --build-tests"])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome
        for (key, value) in changes { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: stdoutData, as: UTF8.self),
                       stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// A fresh temporary directory for a test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
