import CardFiles
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The safe open and capped reads: regular files only (a FIFO is refused at once, not waited
/// on), sizes checked before anything is read, short files read whole.
@Suite struct ReadableFileTests {
    @Test func readsRegularFilesWholeOrCapped() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = try dir.write("a.bin", [1, 2, 3, 4, 5])
        #expect(try FileBytes.readAll(path, maximumSize: 5) == [1, 2, 3, 4, 5])
        let (head, size) = try FileBytes.read(path, upTo: 2)
        #expect(head == [1, 2] && size == 5)
        #expect(try FileBytes.read(path, upTo: 100).bytes == [1, 2, 3, 4, 5])
        #expect(try FileBytes.readAll(try dir.write("empty", []), maximumSize: 0) == [])
        let file = try ReadableFile(opening: path)
        #expect(file.info.kind == .regular && file.info.size == 5)
        #expect(try file.read(upTo: 3) == [1, 2, 3])
        #expect(try file.read(upTo: 3) == [4, 5])  // the next bytes, then the end
    }

    @Test("a file over the cap is refused from its size alone, even a sparse 2 GiB one")
    func capBeforeReading() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = try dir.write("huge.jpg", [])
        #expect(truncate(path, 2 << 30) == 0)
        let started = Date()
        #expect(throws: FileReadError.tooLarge(path: path, bytes: 2 << 30, limit: 64 << 20)) {
            try FileBytes.readAll(path, maximumSize: 64 << 20)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(try FileBytes.read(path, upTo: 4).bytes == [0, 0, 0, 0])
        #expect(FileReadError.tooLarge(path: path, bytes: 10, limit: 5).reason == "the file is too large (10 bytes; at most 5)")
    }

    @Test func foldersAndDevicesAreNotRead() throws {
        let dir = try TemporaryFolder("cardfiles")
        #expect(throws: FileReadError.notRegular(path: dir.path, kind: .folder)) { try FileBytes.readAll(dir.path, maximumSize: 10) }
        #expect(throws: FileReadError.notRegular(path: "/dev/zero", kind: .other)) { try FileBytes.read("/dev/zero", upTo: 10) }
        #expect(FileReadError.notRegular(path: "x", kind: .folder).reason == "it is a folder")
        #expect(FileReadError.notRegular(path: "x", kind: .other).reason == "it is not a regular file")
    }

    @Test("a FIFO is refused at once: opening it does not wait for a writer")
    func fifoIsNotWaitedOn() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = dir.path + "/pipe.png"
        #expect(mkfifo(path, 0o600) == 0)
        // Opened without O_NONBLOCK this would block forever; a watchdog turns a hang into a failure.
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Thread.detachNewThread {
            do {
                _ = try FileBytes.readAll(path, maximumSize: 1 << 20)
                outcome.set("read")
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else {
            // Unblock the stuck open so the thread can end, then fail.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            Issue.record("opening a FIFO waited for a writer")
            return
        }
        #expect(outcome.get() == FileReadError.notRegular(path: path, kind: .other).description)
    }

    @Test func missingFilesSayWhy() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = dir.path + "/none.png"
        do {
            _ = try FileBytes.readAll(path, maximumSize: 10)
            Issue.record("read a missing file")
        } catch {
            #expect(error.isMissing)
            #expect(error.reason == String(cString: strerror(ENOENT)))
            #expect(error.description == "cannot read '\(path)': \(error.reason)")
        }
        #expect(throws: FileReadError.self) { try FileInfo.at(path) }
        #expect(!FileInfo.exists(path) && !FileInfo.isFolder(path))
        #expect(FileInfo.isFolder(dir.path) && FileInfo.exists(dir.path))
    }

    @Test("links are followed by default, seen as links when asked")
    func links() throws {
        let dir = try TemporaryFolder("cardfiles")
        let target = try dir.write("t.png", [7, 7, 7])
        let link = dir.path + "/l.png"
        #expect(symlink(target, link) == 0)
        #expect(try FileInfo.at(link).kind == .regular)
        #expect(try FileInfo.at(link).size == 3)
        #expect(try FileInfo.at(link, followingLinks: false).kind == .symbolicLink)
        #expect(try FileBytes.readAll(link, maximumSize: 3) == [7, 7, 7])
    }
}

/// A result set on one thread and read on another.
final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?
    func set(_ text: String) { lock.withLock { value = text } }
    func get() -> String? { lock.withLock { value } }
}
