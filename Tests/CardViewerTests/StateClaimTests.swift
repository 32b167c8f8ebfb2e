import CardFiles
import CardTestSupport
import Foundation
import Testing

/// A second viewer on a state in use, or a read-only state: the deck is read, nothing is
/// written, one message says why (SPEC §11).
@Suite struct StateClaimTests {
    /// A replay that appends a card: a viewer that saves changes the state.
    func appendReplay(in folder: String) throws -> String {
        let path = folder + "/append.json"
        try Data(#"{"events": [{"time": 0.1, "type": "key", "key": "a"}], "end": 1.2}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aStateInUseIsReadButNotSaved() throws {
        let dir = try TemporaryFolder("cardviewer-claim")
        defer { dir.remove() }
        let state = dir.path("state.json")
        let replay = try appendReplay(in: dir.path)
        let first = try ChildProcess.runViewer(["run", "--headless", "--cards", "4", "--state", state, "--replay", replay])
        #expect(first.status == 0)
        let saved = try Data(contentsOf: URL(fileURLWithPath: state))
        guard case .acquired(let lock) = try FileLock.acquire(besides: state) else {
            Issue.record("the test could not take the lock")
            return
        }
        let second = try ChildProcess.runViewer(["run", "--headless", "--state", state, "--replay", replay])
        #expect(second.status == 0)
        #expect(second.stderr.contains("is in use by process \(getpid()); this window will not save"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)
        withExtendedLifetime(lock) {}
    }

    @Test func aReadOnlyStateIsNotOverwritten() throws {
        let dir = try TemporaryFolder("cardviewer-claim")
        defer { dir.remove() }
        let state = dir.path("state.json")
        let replay = try appendReplay(in: dir.path)
        #expect(try ChildProcess.runViewer(["run", "--headless", "--cards", "4", "--state", state, "--replay", replay]).status == 0)
        chmod(state, 0o444)
        let saved = try Data(contentsOf: URL(fileURLWithPath: state))
        let again = try ChildProcess.runViewer(["run", "--headless", "--state", state, "--replay", replay])
        #expect(again.status == 0)
        #expect(again.errorLines.filter { $0.contains("read-only") }.count == 1, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)
    }

    @Test func aLinkedStateIsSavedThroughTheLink() throws {
        let dir = try TemporaryFolder("cardviewer-claim")
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path("kept"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path("state.json"), withDestinationPath: "kept/deck.json")
        let replay = try appendReplay(in: dir.path)
        let run = try ChildProcess.runViewer(["run", "--headless", "--cards", "4", "--state", dir.path("state.json"), "--replay", replay])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileInfo.at(dir.path("state.json"), followingLinks: false).kind == .symbolicLink)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir.path("kept/deck.json"))), as: UTF8.self)
        // The four cards and the one appended: the deck was saved in the link's target.
        #expect(text.components(separatedBy: "\"title\"").count - 1 == 5, "\(text)")
    }
}
