import CardFiles
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Atomic replaces, exclusive new files and moves aside: the old file or the new one, never a
/// mix, never an existing file overwritten, no temporary left behind.
@Suite struct WritingTests {
    @Test func replaceWritesTheNewContentAndLeavesNoTemporary() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = try dir.write("state.json", Array("old".utf8))
        try AtomicFile.replace(path, with: Array("new".utf8))
        #expect(try FileBytes.readAll(path, maximumSize: 10) == Array("new".utf8))
        #expect(dir.names() == ["state.json"])
    }

    @Test("a body that fails leaves the old file as it was and no temporary")
    func failedBodyKeepsTheOldFile() throws {
        struct Stop: Error {}
        let dir = try TemporaryFolder("cardfiles")
        let path = try dir.write("state.json", Array("old".utf8))
        #expect(throws: Stop.self) {
            try AtomicFile.replace(path) { sink in
                // More than the sink's buffer, so some bytes reach the temporary file first.
                try [UInt8](repeating: 1, count: FileSink.bufferSize * 2).withUnsafeBytes { try sink.write($0) }
                throw Stop()
            }
        }
        #expect(try FileBytes.readAll(path, maximumSize: 10) == Array("old".utf8))
        #expect(dir.names() == ["state.json"])
    }

    @Test("a large streamed write arrives whole, through a buffer of fixed size")
    func streamedWrite() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = dir.path + "/big.bin"
        let chunk = (0..<1000).map { UInt8($0 % 251) }
        var counted = 0
        try AtomicFile.replace(path) { sink in
            for _ in 0..<200 {
                try chunk.withUnsafeBytes { try sink.write($0) }
                try sink.write(UInt8(7))
                try sink.write("é")
            }
            counted = sink.count
        }
        let bytes = try FileBytes.readAll(path, maximumSize: 1 << 20)
        #expect(counted == 200 * 1003 && bytes.count == counted)
        #expect(Array(bytes[1000..<1003]) == [7] + Array("é".utf8))
        #expect(Array(bytes[1003..<2003]) == chunk)
    }

    @Test("owner-only files are 0600 whatever the umask; shared ones follow it")
    func permissions() throws {
        let dir = try TemporaryFolder("cardfiles")
        let previous = umask(0)
        defer { umask(previous) }
        let secret = dir.path + "/thumb.png", shared = dir.path + "/out.png"
        try AtomicFile.replace(secret, with: [1], options: AtomicFile.Options(permissions: .ownerOnly, durable: false))
        try AtomicFile.replace(shared, with: [1])
        #expect(try mode(secret) == 0o600)
        #expect(try mode(shared) == 0o644)
    }

    @Test func replaceFailsNamingThePath() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = dir.path + "/missing/state.json"
        do {
            try AtomicFile.replace(path, with: [1])
            Issue.record("wrote into a missing folder")
        } catch let error as FileWriteError {
            #expect(error.reason == String(cString: strerror(ENOENT)))
            #expect(error.description == "cannot write '\(path)': \(error.reason)")
        }
        // A folder where the file should be: the rename fails, the temporary is removed.
        try FileManager.default.createDirectory(atPath: dir.path + "/taken", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: dir.path + "/taken/inside", withIntermediateDirectories: false)
        #expect(throws: FileWriteError.self) { try AtomicFile.replace(dir.path + "/taken", with: [1]) }
        #expect(dir.names() == ["taken"])
    }

    @Test func newFilesNeverOverwrite() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = dir.path + "/shot.png"
        #expect(try ExclusiveFile.createNew(path, with: [1, 2]))
        #expect(try !ExclusiveFile.createNew(path, with: [3]))
        #expect(try FileBytes.readAll(path, maximumSize: 10) == [1, 2])
        #expect(throws: FileWriteError.self) { try ExclusiveFile.createNew(dir.path + "/no/shot.png", with: [1]) }
    }

    @Test("moving aside takes the first free name and never replaces one")
    func moveAside() throws {
        let dir = try TemporaryFolder("cardfiles")
        let path = try dir.write("s.json", [1])
        _ = try dir.write("s.json.bad", [2])
        let moved = try ExclusiveFile.moveAside(path, suffix: ".bad")
        #expect(moved == path + ".bad-2")
        #expect(dir.names() == ["s.json.bad", "s.json.bad-2"])
        #expect(try FileBytes.readAll(dir.path + "/s.json.bad", maximumSize: 10) == [2])
        #expect(try FileBytes.readAll(moved, maximumSize: 10) == [1])
    }

    @Test func timestampsAreLocalTimeInFileNames() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        var seconds = time_t(1_700_000_000), parts = tm()
        localtime_r(&seconds, &parts)
        let stamp = ExclusiveFile.timestamp(date)
        #expect(stamp.count == 15 && stamp.hasPrefix("\(parts.tm_year + 1900)"))
        #expect(stamp.hasSuffix(String(format: "%02d%02d%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)))
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}
