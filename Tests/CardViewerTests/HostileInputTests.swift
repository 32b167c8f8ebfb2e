import CardFiles
import CardTestSupport
import Foundation
import Testing

/// The hostile-input suite (SPEC §11), end to end through the built `cardviewer`: each case made
/// here in a temporary folder (sparse files, FIFOs, links; nothing large in git), run with a
/// 10 s limit, checked for its exit status (0 with its one escaped warning, or 2 for bad
/// arguments) and message, no crash trace, a peak memory within 256 MB of a control run, and,
/// where a folder is involved, its good pictures still shown (the last frame read back).
/// Serialized: the limits are of one viewer on the machine's two cores, not of four at once.
/// docs/LIMITS.md ("Hostile input") lists the cases.
@Suite("hostile input (end to end)", .serialized)
struct HostileInputTests {
    /// A headless replay of `--cards 3` at 640×400, as most state cases run it.
    static func viewer(_ folder: HostileFolder, _ more: [String], replay: String? = nil) throws -> [String] {
        ["run", "--headless", "--replay", replay ?? folder.quickReplay, "--cards", "3", "--size", "640x400"] + more
    }

    /// A replay that appends a card (A): a viewer that saves changes the state.
    static func appending(_ folder: HostileFolder) throws -> String {
        try folder.replay(#"{"events": [{"time": 0.05, "type": "key", "key": "a"}], "end": 0.6}"#, name: "append.json")
    }

    /// A viewer on `state` that appends a card, checked as every case is, with exit status 0.
    static func appendingViewer(_ folder: HostileFolder, state: String, _ what: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> ChildProcess.Outcome {
        let outcome = try HostileRun.run(try viewer(folder, ["--state", state], replay: try appending(folder)))
        HostileRun.expectSurvived(outcome, status: 0, what, sourceLocation: sourceLocation)
        return outcome
    }

    // MARK: Bad arguments: exit status 2, one line

    @Test("FIFO outputs (--state, --out, --screenshot): exit 2, one line, the FIFO left alone")
    func fifoOutputs() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let fifo = try folder.fifo("out")
        for arguments in [try Self.viewer(folder, ["--state", fifo]), ["render", "--cards", "3", "--size", "640x400", "--out", fifo],
                          try Self.viewer(folder, ["--screenshot", fifo])] {
            let outcome = try HostileRun.run(arguments)
            HostileRun.expectSurvived(outcome, status: 2, "\(arguments)")
            #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("not a regular file"), "\(arguments): \(outcome.stderr)")
            #expect(try FileInfo.at(fifo, followingLinks: false).kind == .other, "\(arguments) replaced the FIFO")
        }
    }

    @Test("--state \"\": exit 2, one line")
    func emptyStateName() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let outcome = try HostileRun.run(try Self.viewer(folder, ["--state", ""]))
        HostileRun.expectSurvived(outcome, status: 2, "--state ''")
        #expect(outcome.errorLines == ["error: --state needs a file name"], "\(outcome.stderr)")
    }

    @Test("a replay's end of 86400 s: exit 2 naming the limit; a replay's syntax error names line and column")
    func replayPastItsLimit() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let late = try HostileRun.run(try Self.viewer(folder, [], replay: try folder.replay(#"{"events": [], "end": 86400}"#)))
        HostileRun.expectSurvived(late, status: 2, "end 86400")
        #expect(late.errorLines.count == 1 && late.stderr.contains("between 0 and 3600 seconds (the limit)"), "\(late.stderr)")
        let broken = try HostileRun.run(try Self.viewer(folder, [], replay: try folder.replay("{\"events\": [\n  {\"time\": 1,}\n]}")))
        HostileRun.expectSurvived(broken, status: 2, "broken replay")
        #expect(broken.errorLines.count == 1 && broken.stderr.contains("at line 2, column 14"), "\(broken.stderr)")
    }

    @Test("--size 16384x16384: exit 2 naming the limit", arguments: ["run", "render", "compare", "bench"])
    func sizePastTheLimit(command: String) throws {
        let outcome = try HostileRun.run([command, "--size", "16384x16384"])
        HostileRun.expectSurvived(outcome, status: 2, command)
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("8192 points a side"), "\(outcome.stderr)")
    }

    @Test("--size beyond what the OpenGL driver allows (simulated at 512 pixels): exit 2 naming the GL limit and its value")
    func sizePastTheDriver() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let images = try folder.pictures(["a.png"])
        var cases: [([String], String)] = [
            (try Self.viewer(folder, []), "GL_MAX_RENDERBUFFER_SIZE of 512"),
            (["render", "--size", "640x400", "--out", folder.path("x.png")], "GL_MAX_RENDERBUFFER_SIZE of 512"),
            (["compare", "--scene", "none", "--layout", "grid", "--size", "640x400", "--out-dir", folder.path("compare")],
             "GL_MAX_RENDERBUFFER_SIZE of 512"),
            (["bench", "--frames", "1", "--cards", "10", "--size", "640x400"], "GL_MAX_RENDERBUFFER_SIZE of 512"),
            (["bench", "--images", images, "--frames", "1", "--size", "640x400", "--thumbnail-cache", "off"],
             "GL_MAX_RENDERBUFFER_SIZE of 512"),
        ]
        // A window's frame is not a renderbuffer: its viewport is the limit (under Xvfb).
        if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
            cases.append((["run", "--replay", folder.quickReplay, "--cards", "3", "--size", "640x400"], "GL_MAX_VIEWPORT_DIMS of 512"))
        }
        for (arguments, limit) in cases {
            let outcome = try HostileRun.run(arguments, environment: ["CARDVIEWER_SIMULATE_GL_MAXIMUM_SIZE": "512"])
            HostileRun.expectSurvived(outcome, status: 2, "\(arguments)")
            #expect(outcome.errorLines.count == 1, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains("error: --size: a frame of 640x400 pixels is beyond this OpenGL driver's \(limit) pixels"),
                    "\(arguments): \(outcome.stderr)")
        }
    }

    // MARK: State files

    @Test("a sparse state of 64 GiB or 4 GiB: moved aside with one message, a fresh deck, and the next start is clean",
          arguments: [64 << 30, 4 << 30])
    func hugeState(size: Int) throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let state = try folder.sparse("state.json", size: size)
        let first = try HostileRun.run(try Self.viewer(folder, ["--state", state]))
        HostileRun.expectSurvived(first, status: 0, "first start")
        #expect(first.errorLines.count == 1, "\(first.stderr)")
        #expect(first.stderr.contains("state file '\(state)' cannot be used (it is \(size) bytes, over the limit of"), "\(first.stderr)")
        #expect(first.stderr.contains("started a fresh deck"), "\(first.stderr)")
        let names = try Folder.names(in: folder.root)
        #expect(names.contains { $0.hasPrefix("state.json.corrupt-") }, "\(names)")
        let second = try HostileRun.run(try Self.viewer(folder, ["--state", state]))
        HostileRun.expectSurvived(second, status: 0, "second start")
        #expect(second.errorLines.isEmpty, "\(second.stderr)")
        #expect(try ViewerTest.state(at: URL(fileURLWithPath: state)).cards.count == 3)
    }

    @Test("a state that is not JSON: moved aside, the message names line and column")
    func corruptState() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        try AtomicFile.replace(folder.path("state.json"), with: Array("{\n  \"version\": 1,\n  x".utf8))
        let outcome = try HostileRun.run(try Self.viewer(folder, ["--state", folder.path("state.json")]))
        HostileRun.expectSurvived(outcome, status: 0, "corrupt state")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is corrupt (not valid JSON: unexpected 'x' at line 3, column 3); moved it to"), "\(outcome.stderr)")
    }

    @Test("a failed save says why in words (the system's reason), never a Foundation error code")
    func failedSave() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        // The state's own name fits (255 bytes a name), its temporary's does not: every save
        // fails, whoever runs the test (root ignores permissions).
        let state = folder.path(String(repeating: "s", count: 235) + ".json")
        let outcome = try Self.appendingViewer(folder, state: state, "failed save")
        #expect(!outcome.warnings.isEmpty, "\(outcome.stderr)")
        #expect(outcome.warnings.allSatisfy { $0.hasPrefix("warning: cannot save the deck's state: cannot write '") && $0.hasSuffix("': File name too long") },
                "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("NSCocoaErrorDomain") && !outcome.stderr.contains("error 512"), "\(outcome.stderr)")
    }

    @Test("a second viewer on a state in use: it says who holds it, reads the deck, saves nothing")
    func twoViewers() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let state = folder.path("state.json")
        try HostileRun.expectSurvived(HostileRun.run(try Self.viewer(folder, ["--state", state])), status: 0, "first save")
        let saved = folder.contents("state.json")
        // The first viewer: a window left open (Xvfb), else this process holding the lock.
        let holder = try StateHolder(state: state)
        defer { holder.stop() }
        let second = try Self.appendingViewer(folder, state: state, "second viewer")
        #expect(second.errorLines == ["warning: \(state) is in use by process \(holder.pid); this window will not save"], "\(second.stderr)")
        #expect(folder.contents("state.json") == saved)
    }

    @Test("a symlinked state is written through to its target, the link kept")
    func linkedState() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        _ = Folder.make(folder.path("kept"), mode: 0o755)
        try FileManager.default.createSymbolicLink(atPath: folder.path("state.json"), withDestinationPath: "kept/deck.json")
        let outcome = try Self.appendingViewer(folder, state: folder.path("state.json"), "linked state")
        #expect(outcome.errorLines.isEmpty, "\(outcome.stderr)")
        #expect(try FileInfo.at(folder.path("state.json"), followingLinks: false).kind == .symbolicLink)
        #expect(try ViewerTest.state(at: URL(fileURLWithPath: folder.path("kept/deck.json"))).cards.count == 4)
    }

    @Test("a read-only (0444) state is read, never overwritten, with one message")
    func readOnlyState() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let state = folder.path("state.json")
        try HostileRun.expectSurvived(HostileRun.run(try Self.viewer(folder, ["--state", state])), status: 0, "first save")
        chmod(state, 0o444)
        let saved = folder.contents("state.json")
        let outcome = try Self.appendingViewer(folder, state: state, "read-only state")
        #expect(outcome.errorLines == ["warning: state file '\(state)' is read-only; this window will not save"], "\(outcome.stderr)")
        #expect(folder.contents("state.json") == saved)
    }

    @Test("appending when every card id is used: refused with one message, the state unchanged")
    func appendAtTheLargestID() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let state = folder.path("state.json")
        let json = #"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 4294967295}"#
        try AtomicFile.replace(state, with: Array(json.utf8))
        let outcome = try Self.appendingViewer(folder, state: state, "append at the largest id")
        #expect(outcome.errorLines == ["warning: cannot add a card: every card id up to 4294967294 has been used"], "\(outcome.stderr)")
        let after = try ViewerTest.state(at: URL(fileURLWithPath: state))
        #expect(after.cards.map(\.id) == [0] && after.nextID == UInt32.max)
    }
}

/// The first of two viewers on one state: a viewer in a window that stays open until stopped
/// (when there is a display), else this test process holding the state's lock as a viewer does.
final class StateHolder {
    private var viewer: ChildProcess?
    private var lock: FileLock?
    let pid: Int32

    init(state: String) throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] != nil, ChildProcess.viewerExecutable != nil {
            let viewer = try ChildProcess.startViewer(["run", "--cards", "3", "--size", "320x200", "--state", state],
                                                      environment: ["XDG_CACHE_HOME": ChildProcess.viewerCacheHome])
            // Ready once the lock file names it.
            let lockFile = FileLock.lockPath(besides: state)
            let deadline = Date().addingTimeInterval(HostileRun.timeLimit)
            while Date() < deadline, viewer.isRunning {
                let text = (try? FileBytes.readAll(lockFile, maximumSize: 64)).map { String(decoding: $0, as: UTF8.self) } ?? ""
                if text.hasPrefix("\(viewer.pid)\n") { break }
                usleep(20_000)
            }
            if viewer.isRunning {
                self.viewer = viewer
                pid = viewer.pid
                return
            }
        }
        guard case .acquired(let held) = try FileLock.acquire(besides: state) else {
            throw CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: "the test could not take the lock"])
        }
        lock = held
        pid = getpid()
    }

    func stop() {
        // SIGKILL: the child inherits this test process's blocked signals, SIGTERM among them.
        viewer?.kill()
        lock = nil
    }
}
