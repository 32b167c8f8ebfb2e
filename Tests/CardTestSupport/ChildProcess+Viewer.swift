import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `cardviewer` as the end-to-end tests run it: with the tests' own thumbnail cache
/// and a fresh, empty state folder per run, so that no run writes the user's `~/.cache` or
/// `~/.local/state` (a deck of PATHs keeps its state there, SPEC §12) or restores another's.
extension ChildProcess {
    /// The built `cardviewer`; nil when it is not built.
    public static var viewerExecutable: String? { executable("cardviewer") }

    /// The error a test gets when `cardviewer` is not built.
    public static var viewerNotBuilt: any Error {
        CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cardviewer not built; run swift build --build-tests"])
    }

    /// The thumbnail cache the tests' viewers use unless a test sets `XDG_CACHE_HOME` itself: a
    /// folder of this test process, so that runs never write into the user's own cache.
    public static let viewerCacheHome: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-e2e-cache-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The environment changes for a child `cardviewer`: the tests' thumbnail cache and
    /// `stateHome` as `XDG_STATE_HOME`, then `changes` (nil removes a variable; a test that sets
    /// `XDG_STATE_HOME` or `XDG_CACHE_HOME` itself keeps its own).
    public static func viewerEnvironment(stateHome: String, _ changes: [String: String?] = [:]) -> [String: String?] {
        var environment: [String: String?] = ["XDG_CACHE_HOME": viewerCacheHome, "XDG_STATE_HOME": stateHome]
        for (key, value) in changes { environment[key] = value }
        return environment
    }

    /// Runs `cardviewer arguments…` and waits for it, with its own empty `XDG_STATE_HOME`
    /// (removed after the run) unless `environment` names one; options as `run`.
    public static func runViewer(_ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
                                 timeLimit: Double? = nil, peakMemory: Bool = false) throws -> Outcome {
        guard let executable = viewerExecutable else { throw viewerNotBuilt }
        let stateHome = try TemporaryFolder("cardviewer-e2e-state")
        defer { stateHome.remove() }
        return try run(executable, arguments, environment: viewerEnvironment(stateHome: stateHome.path, environment),
                       in: directory?.path, timeLimit: timeLimit, peakMemory: peakMemory)
    }

    /// Starts `cardviewer arguments…` and returns at once; `environment` as `run`'s, and the
    /// caller's to give it a state folder (`viewerEnvironment(stateHome:_:)`) where it needs one.
    public static func startViewer(_ arguments: [String], environment: [String: String?] = [:]) throws -> ChildProcess {
        guard let executable = viewerExecutable else { throw viewerNotBuilt }
        return try start(executable, arguments, environment: environment)
    }
}
