import CardFiles
import CardTestSupport
import Foundation
import Testing

/// Folder listing, making folders, and the check before writing an output.
@Suite struct FolderTests {
    @Test("names are listed without . and .., hidden ones included")
    func listing() throws {
        let dir = try TemporaryFolder("cardfiles")
        _ = try dir.write("b.png", [])
        _ = try dir.write(".hidden", [])
        try FileManager.default.createDirectory(atPath: dir.path + "/sub", withIntermediateDirectories: false)
        #expect(try Folder.names(in: dir.path).sorted() == [".hidden", "b.png", "sub"])
        do {
            _ = try Folder.names(in: dir.path + "/none")
            Issue.record("listed a missing folder")
        } catch {
            #expect(error.isMissing)
        }
    }

    @Test func makingFolders() throws {
        let dir = try TemporaryFolder("cardfiles")
        #expect(Folder.make(dir.path + "/a/b/c", mode: 0o700) == nil)
        #expect(FileInfo.isFolder(dir.path + "/a/b/c"))
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/a/b")
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
        #expect(Folder.make(dir.path + "/a", mode: 0o700) == nil)  // already there
        let file = try dir.write("f", [])
        #expect(Folder.make(file, mode: 0o700) == "'\(file)' is not a folder")
        #expect(Folder.make(file + "/under", mode: 0o700) == "'\(file)' is not a folder")
    }

    @Test("outputs: a folder in the way, a missing folder, a read-only folder")
    func outputProblems() throws {
        let dir = try TemporaryFolder("cardfiles")
        #expect(OutputPath.problem(dir.path + "/out.png") == nil)
        #expect(OutputPath.problem(dir.path) == .isFolder)
        let missing = dir.path + "/none"
        #expect(OutputPath.problem(missing + "/out.png") == .noFolder(missing))
        #expect(OutputPath.reason(.noFolder(missing)) == "no such directory '\(missing)'")
        #expect(OutputPath.reason(.isFolder) == "it is a directory")
        // A relative path is named by its absolute folder, as the messages always did.
        #expect(OutputPath.folder(of: "out.png") == FileManager.default.currentDirectoryPath)
        if getuid() != 0 {  // root may write anywhere
            let locked = dir.path + "/locked"
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o500])
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked) }
            #expect(OutputPath.problem(locked + "/out.png") == .folderNotWritable(locked))
            #expect(OutputPath.problem(locked + "/out.png", checkingWritable: false) == nil)
            #expect(OutputPath.reason(.folderNotWritable(locked)) == "directory '\(locked)' is not writable")
        }
    }
}
