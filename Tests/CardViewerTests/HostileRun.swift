import CardFiles
import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The hostile-input suite's runs of the built `cardviewer` (SPEC §11), through the tests' one
/// runner (`ChildProcess.runViewer`): arguments passed as their exact bytes (`PathBytes`: a
/// test names a non-UTF-8 file as the viewer carries it), a time limit after which the child is
/// killed, and the child's own peak resident memory through GNU time.
enum HostileRun {
    /// The time each case may take, seconds.
    static let timeLimit = 10.0
    /// How much more memory than the control run a case may take at its peak, bytes.
    static let memoryAllowance = 256 * 1024 * 1024

    /// Runs `cardviewer arguments…` (escaped bytes in an argument are passed as those bytes) with
    /// `environment` changes (nil removes a variable) and waits, at most `timeLimit` seconds.
    static func run(_ arguments: [String], environment changes: [String: String?] = [:],
                    timeLimit: Double = timeLimit) throws -> ChildProcess.Outcome {
        // One shader cache for every run: the cases' own XDG_CACHE_HOME must not make Mesa
        // compile the shaders anew each time.
        var environment: [String: String?] = ["MESA_SHADER_CACHE_DIR": ChildProcess.viewerCacheHome + "/mesa"]
        for (key, value) in changes { environment[key] = value }
        return try ChildProcess.runViewer(arguments, environment: environment, timeLimit: timeLimit, peakMemory: true)
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
    static func expectSurvived(_ outcome: ChildProcess.Outcome, status: Int32, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!outcome.timedOut, "\(what): still running after \(timeLimit) s", sourceLocation: sourceLocation)
        #expect(outcome.status == status, "\(what): exit status \(outcome.status): \(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(!outcome.showsCrashTrace, "\(what): \(outcome.stderr)", sourceLocation: sourceLocation)
        // Terminal messages escape control characters: no raw ESC or BEL reaches the terminal, nor
        // a bidirectional control (U+202A–U+202E, U+2066–U+2069) that would reorder the line.
        #expect(!outcome.stderr.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }, "\(what): \(outcome.stderr)", sourceLocation: sourceLocation)
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
    /// The folder; removed (made writable first) by `remove()` or when the last copy goes away.
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("cardviewer-hostile")
    }

    var root: String { folder.path }

    /// Removes the folder: read-only files and FIFOs go too, and a folder made read-only by a
    /// case is made writable first.
    func remove() { folder.remove() }

    func path(_ name: String) -> String { folder.path(name) }

    /// Colours far enough apart for a tolerance of 12 on each channel.
    static let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [(200, 40, 40), (40, 180, 60), (40, 80, 210), (220, 180, 30)]

    /// A folder `name` (any bytes) holding one solid 160×100 PNG per name, in `colours` order.
    func pictures(_ names: [String], folder name: String = "pictures") throws -> String {
        let folder = path(name)
        if let failure = Folder.make(folder, mode: 0o755) { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: failure]) }
        for (index, name) in names.enumerated() {
            let c = Self.colors[index % Self.colors.count]
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
    static func gridCenters(_ image: RGBAImage, count: Int) -> [(r: UInt8, g: UInt8, b: UInt8)] {
        let viewport = Size(width: 640, height: 400), grid = GridLayout()
        return (0..<count).map { index in
            let center = grid.slotFrame(at: index, viewport: viewport).center
            let p = image[Int(center.x), Int(center.y)]
            return (p.r, p.g, p.b)
        }
    }

    /// Whether every colour of `expected` is at the centre of one of the first `slots` cards of
    /// the screenshot at `path` (a good picture still shown, wherever the names sort it).
    static func shows(_ expected: [(r: UInt8, g: UInt8, b: UInt8)], screenshot path: String, slots: Int) -> Bool {
        guard let image = try? PNGCodec.read(contentsOf: path) else { return false }
        let centers = gridCenters(image, count: slots)
        return expected.allSatisfy { color in
            centers.contains { abs(Int($0.r) - Int(color.r)) <= 12 && abs(Int($0.g) - Int(color.g)) <= 12 && abs(Int($0.b) - Int(color.b)) <= 12 }
        }
    }
}
