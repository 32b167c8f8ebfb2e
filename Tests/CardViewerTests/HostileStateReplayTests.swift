import CardFiles
import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Hostile states, replays and layout files, round 2 (SPEC §11), end to end through the built
/// `cardviewer` as `HostileInputTests` runs it (`HostileRun`: a time limit, no crash trace, the
/// memory of a control run): numbers out of range name their line and column; a state's layout
/// file that is a FIFO, a device or a sparse 10 GB file is one line and the layout that line
/// names; a state that is a loop of links, or whose saves fail, is said once.
@Suite("hostile states, replays and layout files (end to end)", .serialized)
struct HostileStateReplayTests {
    /// A headless replay of `--cards 3` at 640×400.
    static func viewer(_ folder: HostileFolder, _ more: [String]) -> [String] {
        ["run", "--headless", "--replay", folder.quickReplay, "--cards", "3", "--size", "640x400"] + more
    }

    /// Numbers past what a Double or an integer holds, as written, and as the message shows them.
    static let hugeNumbers = [("1e999", "1e999"), ("-1e999", "-1e999"),
                              (String(repeating: "9", count: 400), String(repeating: "9", count: 24) + "…")]

    @Test("a replay with 1e999, -1e999 or a 400-digit number: exit 2, the number's line and column",
          arguments: hugeNumbers.indices)
    func replayNumberOutOfRange(_ index: Int) throws {
        let (written, shown) = Self.hugeNumbers[index]
        let folder = try HostileFolder()
        defer { folder.remove() }
        for json in ["{\"events\": [\n  {\"type\": \"key\",\n   \"time\": \(written), \"key\": \"a\"}]}",
                     "{\"events\": [\n  {\"type\": \"key\",\n   \"extra\": \(written), \"time\": 1, \"key\": \"a\"}]}"] {
            let replay = try folder.replay(json, name: "huge.json")
            var arguments = Self.viewer(folder, [])
            arguments[3] = replay
            let outcome = try HostileRun.run(arguments)
            HostileRun.expectSurvived(outcome, status: 2, json)
            #expect(outcome.errorLines == ["error: replay script '\(replay)' is not valid: not valid JSON: number \(shown) is out of range at line 3, column \(json.contains("extra") ? 13 : 12)"],
                    "\(outcome.stderr)")
        }
    }

    @Test("a state with 1e999, -1e999 or an integer past 2⁶⁴: moved aside, one warning with the number's line and column",
          arguments: [("\"cameraDistance\": 1e999", "number 1e999 is out of range at line 3, column 21"),
                      ("\"cameraDistance\": -1e999", "number -1e999 is out of range at line 3, column 21"),
                      ("\"currentCard\": 99999999999999999999", "number 99999999999999999999 is out of range at line 3, column 18")])
    func stateNumberOutOfRange(field: String, message: String) throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let state = folder.path("state.json")
        try AtomicFile.replace(state, with: Array("{\"version\": 1, \"cards\": [], \"deleted\": [], \"nextID\": 0,\n \"layout\": {\"name\": \"grid\",\n  \(field)}}".utf8))
        let outcome = try HostileRun.run(Self.viewer(folder, ["--state", state]))
        HostileRun.expectSurvived(outcome, status: 0, field)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("state file '\(state)' is corrupt (not valid JSON: \(message)); moved it to"), "\(outcome.stderr)")
        #expect(try Folder.names(in: folder.root).contains { $0.hasPrefix("state.json.corrupt-") })
    }

    @Test("a layout file with 1e999: exit 2, FILE:LINE:COLUMN")
    func layoutFileNumberOutOfRange() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let file = try folder.replay("{\"name\": \"huge\",\n \"itemWidth\": 1e999}", name: "huge-layout.json")
        let outcome = try HostileRun.run(["layout", "--layout-file", file])
        HostileRun.expectSurvived(outcome, status: 2, "layout file")
        #expect(outcome.errorLines == ["error: \(file):2:15: not valid JSON: number 1e999 is out of range"], "\(outcome.stderr)")
    }

    @Test("a state whose layout file is a FIFO, /dev/zero or a sparse 10 GB file: one line, never waited on or read, the layout it names shown")
    func stateLayoutFileHostile() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let layoutFile = folder.path("fan.json")
        try AtomicFile.replace(layoutFile, with: Array(try Data(contentsOf: Self.fanLayout)))
        let state = folder.path("state.json")
        func run(_ more: [String], state: String, shot: String) throws -> (ChildProcess.Outcome, RGBAImage?) {
            let outcome = try HostileRun.run(Self.viewer(folder, ["--state", state, "--screenshot", folder.path(shot)] + more))
            return (outcome, try? PNGCodec.read(contentsOf: folder.path(shot)))
        }
        let (grid, expected) = try run(["--layout", "grid"], state: state, shot: "grid.png")
        HostileRun.expectSurvived(grid, status: 0, "grid")
        let (file, _) = try run(["--layout-file", layoutFile], state: state, shot: "fan.png")
        HostileRun.expectSurvived(file, status: 0, "the layout file")
        let saved = String(decoding: try #require(folder.contents("state.json")), as: UTF8.self)
        #expect(saved.contains(layoutFile) && saved.contains(#""builtIn" : "grid""#), "\(saved)")
        // Restored from the state: no line at all (before, "the state file's layout 'fan' is not known; showing pages").
        try AtomicFile.replace(folder.path("restored.json"), with: Array(saved.utf8))
        let (restored, _) = try run([], state: folder.path("restored.json"), shot: "restored.png")
        HostileRun.expectSurvived(restored, status: 0, "restored")
        #expect(restored.errorLines.isEmpty, "\(restored.stderr)")

        let fifo = try folder.fifo("fifo.json")
        let sparse = try folder.sparse("sparse.json", size: 10 << 30)
        for (path, reason) in [(fifo, "it is not a regular file"), ("/dev/zero", "it is not a regular file"),
                               (sparse, "the file is too large (10737418240 bytes; at most 1048576)")] {
            let name = "state-\(URL(fileURLWithPath: path).lastPathComponent).json"
            try AtomicFile.replace(folder.path(name), with: Array(saved.replacingOccurrences(of: layoutFile, with: path).utf8))
            let (outcome, image) = try run([], state: folder.path(name), shot: "\(name).png")
            HostileRun.expectSurvived(outcome, status: 0, path)
            #expect(outcome.errorLines == ["warning: the layout file the state remembers cannot be used: \(path): \(reason); starting in the grid layout"],
                    "\(path): \(outcome.stderr)")
            let shown = try #require(image, "\(path): no screenshot")
            #expect(Self.same(shown, try #require(expected)), "\(path): the frame is not the grid's")
            #expect(String(decoding: folder.contents(name) ?? [], as: UTF8.self).contains(#""name" : "grid""#))
        }
        #expect(try FileInfo.at(fifo, followingLinks: false).kind == .other)
    }

    @Test("--state that is a loop of links: exit 2, one line; a deck's own state that is one: one warning, nothing saved")
    func stateLinkLoop() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let loop = folder.path("loop.json")
        try #require(symlink(loop, loop) == 0)
        let given = try HostileRun.run(Self.viewer(folder, ["--state", loop]))
        HostileRun.expectSurvived(given, status: 2, "--state loop")
        #expect(given.errorLines == ["error: --state '\(loop)': it is a loop of symbolic links"], "\(given.stderr)")

        // A deck of PATHs keeps its state in $XDG_STATE_HOME/cardviewer/; make that file a loop.
        let images = try folder.pictures(["a.png"])
        let environment: [String: String?] = ["XDG_STATE_HOME": folder.path("xdg"), "XDG_CACHE_HOME": folder.path("cache")]
        let arguments = ["run", "--headless", "--replay", folder.quickReplay, "--size", "640x400", images]
        HostileRun.expectSurvived(try HostileRun.run(arguments, environment: environment), status: 0, "first start")
        let states = try Folder.names(in: folder.path("xdg/cardviewer")).filter { $0.hasSuffix(".json") }
        try #require(states.count == 1, "\(states)")
        let own = folder.path("xdg/cardviewer/" + states[0])
        try #require(unlink(own) == 0 && symlink(own, own) == 0)
        let outcome = try HostileRun.run(arguments, environment: environment)
        HostileRun.expectSurvived(outcome, status: 0, "own state a loop")
        #expect(outcome.errorLines == ["warning: cannot save state to '\(own)': it is a loop of symbolic links; this window will not save (--state FILE chooses another place)"],
                "\(outcome.stderr)")
    }

    @Test("saves that fail every time: said once a session, not once a save")
    func failedSavesSaidOnce() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        // The state's name fits, its temporary's does not: every save fails, whoever runs it.
        let state = folder.path(String(repeating: "s", count: 235) + ".json")
        let append = try folder.replay(#"{"events": [{"time": 0.05, "type": "key", "key": "a"}, {"time": 0.3, "type": "key", "key": "a"}], "end": 0.6}"#,
                                       name: "append.json")
        var arguments = Self.viewer(folder, ["--state", state])
        arguments[3] = append
        let outcome = try HostileRun.run(arguments)
        HostileRun.expectSurvived(outcome, status: 0, "failed saves")
        #expect(outcome.warnings.count == 1, "\(outcome.stderr)")
        #expect(outcome.warnings.first?.hasSuffix("': File name too long") == true, "\(outcome.stderr)")
    }

    @Test("a state's camera distance out of range with --camera-distance: the warning names the distance used, the command line's")
    func cameraDistanceWarningNamesTheOneUsed() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let state = folder.path("state.json")
        try AtomicFile.replace(state, with: Array(#"{"version": 1, "cards": [], "deleted": [], "nextID": 0, "layout": {"name": "grid", "cameraDistance": 50}}"#.utf8))
        let outcome = try HostileRun.run(Self.viewer(folder, ["--state", state, "--camera-distance", "800"]))
        HostileRun.expectSurvived(outcome, status: 0, "camera distance")
        #expect(outcome.errorLines == ["warning: the state file's camera distance 50.0 is outside 200.0…20000.0; using 800.0"], "\(outcome.stderr)")
    }

    /// examples/layouts/fan.json.
    static let fanLayout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/layouts/fan.json")

    /// Whether two frames are the same, within 2 on each channel.
    static func same(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in stride(from: 0, to: a.height, by: 4) {
            for x in stride(from: 0, to: a.width, by: 4) {
                let p = a[x, y], q = b[x, y]
                if abs(Int(p.r) - Int(q.r)) > 2 || abs(Int(p.g) - Int(q.g)) > 2 || abs(Int(p.b) - Int(q.b)) > 2 { return false }
            }
        }
        return true
    }
}
