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

    @Test("a folder's lock: held once, a second taker waits its time and gets nil, then gets it once released; no file made")
    func aFolderLockWaitsThenGives() throws {
        let folder = try TemporaryFolder("cardfiles")
        defer { folder.remove() }
        let holder = LockHolder(try #require(FileLock.lockFolder(folder.path, waitingUpTo: 0)))
        let start = Date()
        #expect(FileLock.lockFolder(folder.path, waitingUpTo: 0.2) == nil)
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.2 && waited < 2, "\(waited) s")
        // Released on another thread while this one waits: granted within the wait.
        let release = Thread { usleep(150_000); holder.release() }
        release.start()
        let again = Date()
        let second = FileLock.lockFolder(folder.path, waitingUpTo: 5)
        let secondWait = Date().timeIntervalSince(again)
        #expect(second != nil)
        #expect(secondWait >= 0.1 && secondWait < 4, "\(secondWait) s")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        withExtendedLifetime(second) {}
    }

    @Test("a folder lock on a missing path, a file or a link to a folder: nil at once")
    func aFolderLockNeedsAFolder() throws {
        let folder = try TemporaryFolder("cardfiles")
        defer { folder.remove() }
        let file = try folder.write("file", Array("x".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: folder.path)
        for path in [folder.path + "/missing", file, folder.path + "/link"] {
            #expect(FileLock.lockFolder(path, waitingUpTo: 1) == nil, "\(path)")
        }
    }

    /// A lock another thread releases.
    final class LockHolder: @unchecked Sendable {
        private let lock = NSLock()
        private var held: FileLock?
        init(_ held: FileLock) { self.held = held }
        func release() { lock.withLock { held = nil } }
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
