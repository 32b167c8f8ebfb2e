import CardFiles
import CardInteraction
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The start removes the state file's own stale temporaries — its name pattern, next to it, of
/// processes that are gone (or younger than the file) — and nothing else.
@Suite struct StaleTemporaryTests {
    /// The pid of a process that has exited.
    func deadPID() throws -> Int32 {
        let child = try ChildProcess.start("/bin/true", [])
        _ = child.wait()
        return child.pid
    }

    @Test("stale temporaries of the state file are removed at load; everything else stays")
    func removesOnlyStaleOwnTemporaries() throws {
        let dir = try TemporaryFolder("cardviewer-stale")
        defer { dir.remove() }
        let dead = try deadPID(), me = getpid()
        let stale = [".state.json.tmp-\(dead)-12345", ".state.json.tmp-\(dead)-0"]
        // Our own pid, but written long before this process started: a crashed viewer's.
        let reused = ".state.json.tmp-\(me)-777"
        let kept = [
            ".state.json.tmp-\(me)-778",  // ours and fresh: a save running now
            ".state.json.tmp-1-5",  // pid 1 is alive and older than the file
            ".other.json.tmp-\(dead)-1",  // another file's temporary
            "state.json.tmp-\(dead)-1",  // no leading dot
            ".state.json.tmp-\(dead)-1x",  // not the pattern
            ".state.json.tmp-\(dead)-1.bak",
            ".state.json.tmp-\(dead)",
            ".state.json.tmp--1-2",
            "photo.png",
            "state.json",
        ]
        for name in stale + [reused] + kept {
            try Data("x".utf8).write(to: dir.url(name))
        }
        // The state file itself is a valid state.
        try Data(try JSONEncoder().encode(Deck(syntheticCount: 2))).write(to: dir.url("state.json"))
        let dayAgo = Date().addingTimeInterval(-86_400)
        try FileManager.default.setAttributes([.modificationDate: dayAgo], ofItemAtPath: dir.path(reused))
        // A folder named like a stale temporary is not a file: left alone.
        try FileManager.default.createDirectory(at: dir.url(".state.json.tmp-\(dead)-9"),
                                                withIntermediateDirectories: false)
        let store = DeckStore(path: dir.path("state.json"))
        guard case .restored = try store.load() else {
            Issue.record("the state did not load")
            return
        }
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left == Set(kept + [".state.json.tmp-\(dead)-9"]))
    }

    @Test("a missing state file still has its stale temporaries removed")
    func missingStateFile() throws {
        let dir = try TemporaryFolder("cardviewer-stale")
        defer { dir.remove() }
        let temporary = dir.url(".deck.json.tmp-\(try deadPID())-42")
        try Data("{".utf8).write(to: temporary)
        guard case .missing = try DeckStore(path: dir.path("deck.json")).load() else {
            Issue.record("expected no state")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
    }

    @Test("the name pattern, exactly")
    func pattern() {
        #expect(StaleTemporaries.writerPID(of: ".s.json.tmp-123-456", name: "s.json") == 123)
        #expect(StaleTemporaries.writerPID(of: ".s.json.tmp-123-456", name: "s") == nil)
        #expect(StaleTemporaries.writerPID(of: ".s.json.tmp-0-456", name: "s.json") == nil)
        #expect(StaleTemporaries.writerPID(of: ".s.json.tmp-12-", name: "s.json") == nil)
        #expect(StaleTemporaries.writerPID(of: ".s.json.tmp-+12-3", name: "s.json") == nil)
        #expect(StaleTemporaries.writerPID(of: ".s.json.tmp-99999999999-3", name: "s.json") == nil)
        let name = StaleTemporaries.temporaryName(for: "s.json")
        #expect(StaleTemporaries.writerPID(of: name, name: "s.json") == getpid())
    }

    @Test("liveness: a live process's fresh temporary is not stale, an older one is")
    func liveness() throws {
        let now = Date().timeIntervalSince1970
        #expect(!StaleTemporaries.isStale(pid: getpid(), modified: now))
        #expect(StaleTemporaries.isStale(pid: getpid(), modified: now - 86_400 * 365))
        #expect(StaleTemporaries.isStale(pid: try deadPID(), modified: now))
        let started = try #require(StaleTemporaries.startTime(of: getpid()))
        #expect(started <= now + 1 && started > now - 86_400)
    }
}
