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

    /// A fresh, empty `XDG_STATE_HOME` for one child: a deck opened from PATHs keeps its state
    /// there (SPEC §12), never in the user's `~/.local/state`, and no run restores another's.
    /// Removed by the caller (`removeStateHome`).
    static func freshStateHome() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-e2e-state-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Removes a folder `freshStateHome()` made.
    static func removeStateHome(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The environment for a child `cardviewer`: this process's, with the tests' thumbnail
    /// cache and `stateHome` as `XDG_STATE_HOME`, then `changes` (nil removes a variable; a
    /// test that sets `XDG_STATE_HOME` itself keeps its own).
    static func childEnvironment(stateHome: String, _ changes: [String: String?] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome
        environment["XDG_STATE_HOME"] = stateHome
        for (key, value) in changes { environment[key] = value }
        return environment
    }

    /// Runs `cardviewer arguments…` with `environment` changes (nil removes a variable) and waits.
    /// The child gets its own empty `XDG_STATE_HOME` unless `environment` names one.
    static func run(_ arguments: [String], environment changes: [String: String?] = [:], in directory: URL? = nil) throws -> Outcome {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cardviewer not built; run swift build --build-tests"])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stateHome = freshStateHome()
        defer { removeStateHome(stateHome) }
        process.environment = childEnvironment(stateHome: stateHome, changes)
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

    /// A fresh temporary directory (remove it when done) with an empty `images` folder in it,
    /// for a test's pictures beside its other files.
    static func temporaryImagesFolder() throws -> (folder: URL, images: URL) {
        let folder = try temporaryDirectory()
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        return (folder, images)
    }
}
