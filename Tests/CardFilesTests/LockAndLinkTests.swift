@testable import CardFiles
import CardTestSupport
import Foundation
import Testing

/// The state's lock, writing through a user's link, and read-only files (SPEC §11).
@Suite struct LockAndLinkTests {
    @Test func aLockIsTakenOnceAndNamesItsHolder() throws {
        let folder = try TemporaryFolder("cardfiles")
        let state = folder.path + "/state.json"
        guard case .acquired(let first) = try FileLock.acquire(besides: state) else {
            Issue.record("the first lock was refused")
            return
        }
        #expect(first.path == folder.path + "/.state.json.lock")
        // flock belongs to the open file: a second open, even in this process, finds it taken.
        guard case .held(let holder) = try FileLock.acquire(besides: state) else {
            Issue.record("the second lock was granted")
            return
        }
        #expect(holder == getpid())
        withExtendedLifetime(first) {}
    }

    @Test func aReleasedLockCanBeTakenAgain() throws {
        let folder = try TemporaryFolder("cardfiles")
        let state = folder.path + "/state.json"
        do {
            let first = try FileLock.acquire(besides: state)
            guard case .acquired = first else { Issue.record("refused"); return }
        }
        guard case .acquired = try FileLock.acquire(besides: state) else {
            Issue.record("a released lock stayed taken")
            return
        }
    }

    @Test func linksToOneFileShareOneLock() throws {
        let folder = try TemporaryFolder("cardfiles")
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        let target = try folder.write("real/state.json", Array("{}".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.json", withDestinationPath: "real/state.json")
        #expect(FileLock.lockPath(besides: folder.path + "/link.json") == FileLock.lockPath(besides: target))
        #expect(FileLock.lockPath(besides: target) == folder.path + "/real/.state.json.lock")
    }

    @Test func writingThroughALinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try TemporaryFolder("cardfiles")
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        let target = try folder.write("real/state.json", Array("old".utf8))
        let link = folder.path + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/state.json")
        try AtomicFile.replace(link, with: Array("new".utf8), options: AtomicFile.Options(writesThroughLinks: true))
        #expect(try FileInfo.at(link, followingLinks: false).kind == .symbolicLink)
        #expect(try FileBytes.readAll(target, maximumSize: 100) == Array("new".utf8))
        // By default the link itself is replaced and its target left alone.
        try AtomicFile.replace(link, with: Array("mine".utf8))
        #expect(try FileInfo.at(link, followingLinks: false).kind == .regular)
        #expect(try FileBytes.readAll(target, maximumSize: 100) == Array("new".utf8))
    }

    @Test func aLoopOfLinksIsAnErrorNotAHang() throws {
        let folder = try TemporaryFolder("cardfiles")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/b", withDestinationPath: "a")
        #expect(throws: FileWriteError.self) {
            try AtomicFile.replace(folder.path + "/a", with: [1], options: AtomicFile.Options(writesThroughLinks: true))
        }
    }

    @Test func readOnlyIsTheModesWriteBits() throws {
        let folder = try TemporaryFolder("cardfiles")
        let file = try folder.write("state.json", [1])
        #expect(try !FileInfo.at(file).isReadOnly)
        chmod(file, 0o444)
        #expect(try FileInfo.at(file).isReadOnly)
    }
}
