import CardFiles
import Foundation
import Testing

/// A second viewer on a state in use, or a read-only state: the deck is read, nothing is
/// written, one message says why (SPEC §11).
@Suite struct StateClaimTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cardviewer-claim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A replay that appends a card: a viewer that saves changes the state.
    func appendReplay(in folder: String) throws -> String {
        let path = folder + "/append.json"
        try Data(#"{"events": [{"time": 0.1, "type": "key", "key": "a"}], "end": 1.2}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aStateInUseIsReadButNotSaved() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let state = dir + "/state.json"
        let replay = try appendReplay(in: dir)
        let first = try CommandRunner.run(["run", "--headless", "--cards", "4", "--state", state, "--replay", replay])
        #expect(first.status == 0)
        let saved = try Data(contentsOf: URL(fileURLWithPath: state))
        guard case .acquired(let lock) = try FileLock.acquire(besides: state) else {
            Issue.record("the test could not take the lock")
            return
        }
        let second = try CommandRunner.run(["run", "--headless", "--state", state, "--replay", replay])
        #expect(second.status == 0)
        #expect(second.stderr.contains("is in use by process \(getpid()); this window will not save"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)
        withExtendedLifetime(lock) {}
    }

    @Test func aReadOnlyStateIsNotOverwritten() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let state = dir + "/state.json"
        let replay = try appendReplay(in: dir)
        #expect(try CommandRunner.run(["run", "--headless", "--cards", "4", "--state", state, "--replay", replay]).status == 0)
        chmod(state, 0o444)
        let saved = try Data(contentsOf: URL(fileURLWithPath: state))
        let again = try CommandRunner.run(["run", "--headless", "--state", state, "--replay", replay])
        #expect(again.status == 0)
        #expect(again.errorLines.filter { $0.contains("read-only") }.count == 1, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)
    }

    @Test func aLinkedStateIsSavedThroughTheLink() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/kept", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/state.json", withDestinationPath: "kept/deck.json")
        let replay = try appendReplay(in: dir)
        let run = try CommandRunner.run(["run", "--headless", "--cards", "4", "--state", dir + "/state.json", "--replay", replay])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileInfo.at(dir + "/state.json", followingLinks: false).kind == .symbolicLink)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/kept/deck.json")), as: UTF8.self)
        // The four cards and the one appended: the deck was saved in the link's target.
        #expect(text.components(separatedBy: "\"title\"").count - 1 == 5, "\(text)")
    }
}
