import CardFiles
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Copies, links and moves of `cardviewer export` (SPEC §13): never over an existing file,
/// never a half file under the final name, a destination with the same bytes counted as done.
@Suite struct FileTransferTests {
    /// 200 KiB of a pattern: more than the copy's 64 KiB buffer.
    static let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    @Test("a copy arrives whole under its name, keeps the source's mtime, leaves no temporary")
    func copyPlaces() throws {
        let dir = try TemporaryFolder("cardfiles-transfer")
        try dir.folder("out")
        let source = try dir.write("a.jpg", Self.bytes)
        _ = utimes(source, [timeval(tv_sec: 1_000_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000_000, tv_usec: 0)])
        #expect(try FileTransfer.copy(source, to: dir.path("out/a.jpg")) == .placed)
        #expect(dir.contents("out/a.jpg") == Self.bytes)
        #expect(try FileInfo.at(dir.path("out/a.jpg")).modifiedSeconds == 1_000_000_000)
        #expect(try Folder.names(in: dir.path("out")) == ["a.jpg"])
        #expect(dir.contents("a.jpg") == Self.bytes, "the source is untouched")
    }

    @Test("a name holding the same bytes is already there; another file's name is taken and kept")
    func neverOverwrites() throws {
        let dir = try TemporaryFolder("cardfiles-transfer")
        let source = try dir.write("a.jpg", Self.bytes)
        try dir.write("same.jpg", Self.bytes)
        var other = Self.bytes
        other[150_000] ^= 1  // differs only after the first block
        try dir.write("other.jpg", other)
        #expect(try FileTransfer.copy(source, to: dir.path("same.jpg")) == .alreadyThere)
        #expect(try FileTransfer.copy(source, to: dir.path("other.jpg")) == .taken)
        #expect(try FileTransfer.link(source, to: dir.path("other.jpg")) == .taken)
        #expect(try FileTransfer.placeForMove(source, at: dir.path("other.jpg")) == .taken)
        #expect(dir.contents("other.jpg") == other)
        #expect(dir.names() == ["a.jpg", "other.jpg", "same.jpg"], "no temporary left")
    }

    @Test("a link is the same file; linking it again counts as done")
    func links() throws {
        let dir = try TemporaryFolder("cardfiles-transfer")
        let source = try dir.write("a.jpg", Self.bytes)
        #expect(try FileTransfer.link(source, to: dir.path("b.jpg")) == .placed)
        #expect(try FileInfo.at(dir.path("b.jpg")).identity == FileInfo.at(source).identity)
        #expect(try FileTransfer.link(source, to: dir.path("b.jpg")) == .alreadyThere)
    }

    @Test("a move places first; the source goes only when removed")
    func moves() throws {
        let dir = try TemporaryFolder("cardfiles-transfer")
        try dir.folder("out")
        let source = try dir.write("a.jpg", Self.bytes)
        #expect(try FileTransfer.placeForMove(source, at: dir.path("out/a.jpg")) == .placed)
        #expect(dir.contents("a.jpg") == Self.bytes)
        try FileTransfer.remove(source)
        #expect(!FileInfo.exists(source))
        #expect(dir.contents("out/a.jpg") == Self.bytes)
    }

    @Test("a source that cannot be read fails with its name and leaves nothing in the destination")
    func failedCopyLeavesNothing() throws {
        let dir = try TemporaryFolder("cardfiles-transfer")
        try dir.folder("out")
        #expect(throws: FileWriteError.self) { try FileTransfer.copy(dir.path("gone.jpg"), to: dir.path("out/gone.jpg")) }
        try dir.folder("folder.jpg")
        #expect(throws: FileWriteError.self) { try FileTransfer.copy(dir.path("folder.jpg"), to: dir.path("out/folder.jpg")) }
        #expect(try Folder.names(in: dir.path("out")) == [])
    }

    @Test("a hard link across file systems is refused with a clear line (where /dev/shm is another one)")
    func linkAcrossDevices() throws {
        let dir = try TemporaryFolder("cardfiles-transfer")
        let source = try dir.write("a.jpg", Self.bytes)
        guard let shm = try? FileInfo.at("/dev/shm"), shm.kind == .folder, FileInfo.isWritable("/dev/shm"),
              shm.identity.device != (try FileInfo.at(dir.path)).identity.device else { return }
        let target = "/dev/shm/cardfiles-link-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jpg"
        defer { unlink(target) }
        do {
            _ = try FileTransfer.link(source, to: target)
            Issue.record("linked across file systems")
        } catch let error as FileWriteError {
            #expect(error.description.contains("different file systems"), "\(error)")
        }
        #expect(try FileTransfer.placeForMove(source, at: target) == .placed, "a move copies instead")
        #expect(FileTransfer.sameContents(source, target))
    }
}
