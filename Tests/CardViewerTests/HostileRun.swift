import CardFiles
import CardImaging
import CardLayout
import CardMath
import CardPixels
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One run of the built `cardviewer` for the hostile-input suite (SPEC §11): arguments passed
/// as their exact bytes (`PathBytes`: a test names a non-UTF-8 file as the viewer carries it),
/// a time limit after which the child is killed, and the child's peak resident memory from
/// `wait4`'s `rusage` (Foundation's `Process` reaps its children itself and gives none).
struct HostileRun {
    struct Outcome {
        /// The exit status, or 128 + the signal that ended the child.
        var status: Int32
        /// True when the child was still running at the time limit (and was killed).
        var timedOut: Bool
        var stdout: String
        var stderr: String
        /// `ru_maxrss`: the child's peak resident memory, bytes.
        var peakResidentBytes: Int
        var seconds: Double

        /// The non-empty lines of standard error.
        var errorLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }
        /// The `warning:` lines of standard error.
        var warnings: [Substring] { errorLines.filter { $0.hasPrefix("warning: ") } }
        /// True when standard error shows a crash trace (a Swift runtime error, a backtrace).
        var showsCrashTrace: Bool { stderr.contains("Fatal error") || stderr.contains("Backtrace") }
    }

    /// The time each case may take, seconds.
    static let timeLimit = 10.0
    /// How much more memory than the control run a case may take at its peak, bytes.
    static let memoryAllowance = 256 * 1024 * 1024

    /// Runs `cardviewer arguments…` (escaped bytes in an argument are passed as those bytes) with
    /// `environment` changes (nil removes a variable) and waits, at most `timeLimit` seconds.
    static func run(_ arguments: [String], environment changes: [String: String?] = [:],
                    timeLimit: Double = timeLimit) throws -> Outcome {
        guard let executable = CommandRunner.executable?.path else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cardviewer not built; run swift build --build-tests"])
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = CommandRunner.cacheHome
        // Its own empty state folder: a deck of PATHs keeps its state there, not in ~/.local/state.
        let stateHome = CommandRunner.freshStateHome()
        defer { CommandRunner.removeStateHome(stateHome) }
        environment["XDG_STATE_HOME"] = stateHome
        // One shader cache for every run: the cases' own XDG_CACHE_HOME must not make Mesa
        // compile the shaders anew each time.
        environment["MESA_SHADER_CACHE_DIR"] = CommandRunner.cacheHome + "/mesa"
        for (key, value) in changes { environment[key] = value }
        // Through GNU time when it is there: a child spawned straight from this test process
        // reports this process's peak as its own (Linux keeps the high-water mark of the address
        // space it had before exec — ours, hundreds of MB once many suites ran), where one forked
        // by `time` starts from `time`'s few MB: the peak is the viewer's alone.
        let measure = FileManager.default.isExecutableFile(atPath: Self.gnuTime)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)").path
        defer { if measure { try? FileManager.default.removeItem(atPath: report) } }
        let prefix = measure ? [Self.gnuTime, "-f", "%M", "-o", report, "--"] : []
        let argv = (prefix + [executable] + arguments).map { PathBytes.bytes($0) + [0] }
        let envp = environment.map { Array("\($0.key)=\($0.value)".utf8) + [0] }
        var outcome = try spawn(argv: argv, envp: envp, timeLimit: timeLimit)
        if measure, let text = try? String(contentsOfFile: report, encoding: .utf8),
           let kibibytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            outcome.peakResidentBytes = kibibytes * 1024
        }
        return outcome
    }

    /// GNU time (Debian's `time` package, which scripts/install-deps.sh installs).
    static let gnuTime = "/usr/bin/time"

    private static func spawn(argv: [[UInt8]], envp: [[UInt8]], timeLimit: Double) throws -> Outcome {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw POSIXError(.EMFILE) }
        // Not inherited by other children this test process starts (dup2 clears it for ours).
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        // Its own process group: a timeout kills `time` and the viewer it started together.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let argvPointers = argv.map { bytes in bytes.withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } }
        let envPointers = envp.map { bytes in bytes.withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } }
        defer { (argvPointers + envPointers).forEach { free($0) } }
        let spawned = (argvPointers + [nil]).withUnsafeBufferPointer { arguments in
            (envPointers + [nil]).withUnsafeBufferPointer { environment in
                posix_spawn(&pid, argvPointers[0]!, &actions, &attributes, UnsafeMutablePointer(mutating: arguments.baseAddress!),
                            UnsafeMutablePointer(mutating: environment.baseAddress!))
            }
        }
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            close(out[0])
            close(err[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        let start = Date()
        var collected: [Int32: [UInt8]] = [out[0]: [], err[0]: []]
        var open = [out[0], err[0]]
        var status: Int32 = 0, usage = rusage(), exited = false, timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !exited || !open.isEmpty {
            if !exited, wait4(pid, &status, WNOHANG, &usage) == pid { exited = true }
            if !exited, !timedOut, Date().timeIntervalSince(start) > timeLimit {
                timedOut = true
                kill(-pid, SIGKILL)
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), exited ? 100 : 20)
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    collected[entry.fd, default: []].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exitStatus, timedOut: timedOut,
                       stdout: String(decoding: collected[out[0]] ?? [], as: UTF8.self),
                       stderr: String(decoding: collected[err[0]] ?? [], as: UTF8.self),
                       peakResidentBytes: Int(usage.ru_maxrss) * 1024, seconds: Date().timeIntervalSince(start))
    }

    /// The peak memory of a control run: a headless replay of three good pictures at 640×400,
    /// as the cases run (nil when it could not run).
    static let controlPeak: Int? = {
        guard let folder = try? HostileFolder() else { return nil }
        defer { folder.remove() }
        guard let images = try? folder.pictures(["a.png", "b.png", "c.png"]),
              let outcome = try? run(["run", "--headless", "--replay", folder.quickReplay, "--images", images,
                                      "--size", "640x400", "--layout", "grid", "--state", folder.path("state.json")],
                                     environment: ["XDG_CACHE_HOME": folder.path("cache")]),
              outcome.status == 0 else { return nil }
        return outcome.peakResidentBytes
    }()

    /// Checks what every case must do: end within the time limit with `status`, no crash
    /// trace, a peak memory at most `memoryAllowance` over the control run.
    static func expectSurvived(_ outcome: Outcome, status: Int32, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!outcome.timedOut, "\(what): still running after \(timeLimit) s", sourceLocation: sourceLocation)
        #expect(outcome.status == status, "\(what): exit status \(outcome.status): \(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(!outcome.showsCrashTrace, "\(what): \(outcome.stderr)", sourceLocation: sourceLocation)
        // Terminal messages escape control characters: no raw ESC or BEL reaches the terminal.
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(what): \(outcome.stderr)",
                sourceLocation: sourceLocation)
        if let control = controlPeak {
            #expect(outcome.peakResidentBytes <= control + memoryAllowance,
                    "\(what): peak \(outcome.peakResidentBytes >> 20) MiB, control \(control >> 20) MiB", sourceLocation: sourceLocation)
        } else {
            Issue.record("the control run failed", sourceLocation: sourceLocation)
        }
    }
}

/// A temporary folder for one hostile case, with the files the cases make: pictures of
/// distinct colours, replays, sparse files, FIFOs. Paths are strings as the viewer carries them
/// (`PathBytes`), so a name may hold any bytes; files are made through `CardFiles`.
struct HostileFolder {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func remove() {
        // Read-only files and FIFOs go too; a folder made read-only by a case is made writable first.
        chmod(root, 0o755)
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ name: String) -> String { root + "/" + name }

    /// Colours far enough apart for a tolerance of 12 on each channel.
    static let colours: [(r: UInt8, g: UInt8, b: UInt8)] = [(200, 40, 40), (40, 180, 60), (40, 80, 210), (220, 180, 30)]

    /// A folder `name` (any bytes) holding one solid 160×100 PNG per name, in `colours` order.
    func pictures(_ names: [String], folder name: String = "pictures") throws -> String {
        let folder = path(name)
        if let failure = Folder.make(folder, mode: 0o755) { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: failure]) }
        for (index, name) in names.enumerated() {
            let c = Self.colours[index % Self.colours.count]
            try PNGCodec.write(RGBAImage(width: 160, height: 100, fill: (c.r, c.g, c.b, 255)), to: folder + "/" + name)
        }
        return folder
    }

    /// A replay script `name` with `json`.
    func replay(_ json: String, name: String = "replay.json") throws -> String {
        try AtomicFile.replace(path(name), with: Array(json.utf8))
        return path(name)
    }

    /// A short replay: the pictures in view are waited for, then it ends.
    var quickReplay: String {
        (try? replay(#"{"events": [{"time": 0.05, "type": "waitForPictures"}], "end": 0.1}"#, name: "quick.json")) ?? ""
    }

    /// A sparse file of `size` bytes (nothing written, no disk taken).
    func sparse(_ name: String, size: Int) throws -> String {
        let fd = PathBytes.withCString(path(name)) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
        return path(name)
    }

    /// A FIFO at `name` (folders on the way made).
    func fifo(_ name: String) throws -> String {
        let full = path(name)
        _ = Folder.make(String(full[..<full.lastIndex(of: "/")!]), mode: 0o755)
        try #require(PathBytes.withCString(full) { mkfifo($0, 0o644) } == 0)
        return full
    }

    /// The bytes of the file at `name`, nil when unreadable.
    func contents(_ name: String) -> [UInt8]? {
        try? FileBytes.readAll(path(name), maximumSize: 1 << 30)
    }

    /// The colours at the centres of the first `count` grid slots of a 640×400 screenshot.
    static func gridCentres(_ image: RGBAImage, count: Int) -> [(r: UInt8, g: UInt8, b: UInt8)] {
        let viewport = Size(width: 640, height: 400), grid = GridLayout()
        return (0..<count).map { index in
            let centre = grid.slotFrame(at: index, viewport: viewport).center
            let p = image[Int(centre.x), Int(centre.y)]
            return (p.r, p.g, p.b)
        }
    }

    /// Whether every colour of `expected` is at the centre of one of the first `slots` cards of
    /// the screenshot at `path` (a good picture still shown, wherever the names sort it).
    static func shows(_ expected: [(r: UInt8, g: UInt8, b: UInt8)], screenshot path: String, slots: Int) -> Bool {
        guard let image = try? PNGCodec.read(contentsOf: path) else { return false }
        let centres = gridCentres(image, count: slots)
        return expected.allSatisfy { colour in
            centres.contains { abs(Int($0.r) - Int(colour.r)) <= 12 && abs(Int($0.g) - Int(colour.g)) <= 12 && abs(Int($0.b) - Int(colour.b)) <= 12 }
        }
    }
}
