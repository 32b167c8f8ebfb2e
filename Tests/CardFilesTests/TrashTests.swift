@testable import CardFiles
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop.org trash (Trash specification 1.0): the file in `files/`, its record in
/// `info/NAME.trashinfo` with the percent-encoded `Path=` and the local `DeletionDate=`, names
/// reserved without overwriting, the volumes' `.Trash/$uid` and `.Trash-$uid`.
@Suite struct TrashTests {
    /// `[Trash Info]`, `Path=…`, `DeletionDate=YYYY-MM-DDThh:mm:ss`: the path, or nil when the
    /// text is not of that form.
    static func recordedPath(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == "[Trash Info]", lines[1].hasPrefix("Path="), lines[3] == "",
              lines[2].wholeMatch(of: /DeletionDate=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/) != nil else { return nil }
        return String(lines[1].dropFirst(5))
    }

    /// Writes `text` as `name` in `dir`, making its folders.
    static func file(_ dir: TemporaryFolder, _ name: String, _ text: String) throws -> String {
        if let slash = name.lastIndex(of: "/") { try dir.folder(String(name[..<slash])) }
        return try dir.write(name, text)
    }

    @Test("a file goes to the home trash's files/, its .trashinfo names its absolute path and the local time")
    func homeTrash() throws {
        let dir = try TemporaryFolder("cardfiles-trash")
        let picture = try Self.file(dir, "pics/b.jpg", "picture")
        let trash = FreedesktopTrash(homeTrash: dir.path("data/Trash"))
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let entry = try trash.trash(picture, date: date)
        #expect(entry.file == dir.path("data/Trash/files/b.jpg"))
        #expect(entry.info == dir.path("data/Trash/info/b.jpg.trashinfo"))
        #expect(!FileInfo.exists(picture))
        #expect(dir.text("data/Trash/files/b.jpg") == "picture")
        let info = dir.text("data/Trash/info/b.jpg.trashinfo")
        #expect(Self.recordedPath(info) == CanonicalPath.of(dir.path("pics"))! + "/b.jpg", "\(info)")
        #expect(info.contains("DeletionDate=\(FreedesktopTrash.deletionDate(date))\n"))
        var parts = tm(), seconds = time_t(1_700_000_000)
        localtime_r(&seconds, &parts)
        #expect(FreedesktopTrash.deletionDate(date).hasSuffix(String(format: "T%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)))
    }

    @Test("a name already in the trash gets -2 before its extension, for both files; nothing is overwritten")
    func takenName() throws {
        let dir = try TemporaryFolder("cardfiles-trash")
        let first = try Self.file(dir, "one/b.jpg", "first"), second = try Self.file(dir, "two/b.jpg", "second")
        let trash = FreedesktopTrash(homeTrash: dir.path("Trash"))
        _ = try trash.trash(first)
        let entry = try trash.trash(second)
        #expect(entry.file.hasSuffix("/files/b-2.jpg") && entry.info.hasSuffix("/info/b-2.jpg.trashinfo"))
        #expect(dir.text("Trash/files/b.jpg") == "first" && dir.text("Trash/files/b-2.jpg") == "second")
        #expect(Self.recordedPath(dir.text("Trash/info/b-2.jpg.trashinfo"))?.hasSuffix("/two/b.jpg") == true)
        // A stray file in files/ without its record: the name is skipped, the stray kept.
        _ = try Self.file(dir, "Trash/files/c.jpg", "stray")
        let third = try trash.trash(try dir.write("c.jpg", "third"))
        #expect(third.file.hasSuffix("/files/c-2.jpg") && dir.text("Trash/files/c.jpg") == "stray")
        #expect(!FileInfo.exists(dir.path("Trash/info/c.jpg.trashinfo")))
    }

    @Test("Path= is percent-encoded bytes: spaces, %, non-ASCII and non-UTF-8 names")
    func percentEncoding() {
        #expect(FreedesktopTrash.percentEncoded("/a b/c%d/é.jpg") == "/a%20b/c%25d/%C3%A9.jpg")
        #expect(FreedesktopTrash.percentEncoded(PathBytes.string([0x2F, 0x63, 0x61, 0x66, 0xE9])) == "/caf%E9")
        #expect(FreedesktopTrash.percentEncoded("/A-z_0.9~") == "/A-z_0.9~")
    }

    @Test("a volume's trash: .Trash-$uid (0700) by default, .Trash/$uid only in a sticky .Trash that is no link; Path= relative")
    func volumeTrash() throws {
        let dir = try TemporaryFolder("cardfiles-trash")
        let uid = getuid()
        var trash = FreedesktopTrash(homeTrash: dir.path("home/Trash"))
        trash.forcedTopdir = CanonicalPath.of(dir.path)
        let entry = try trash.trash(try Self.file(dir, "shoot/a b.jpg", "a"))
        #expect(entry.file == trash.forcedTopdir! + "/.Trash-\(uid)/files/a b.jpg")
        #expect(Self.recordedPath(dir.text(".Trash-\(uid)/info/a b.jpg.trashinfo")) == "shoot/a%20b.jpg")
        #expect(try FileInfo.at(dir.path(".Trash-\(uid)")).kind == .folder)
        var status = stat()
        stat(dir.path(".Trash-\(uid)"), &status)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(!FileInfo.exists(dir.path("home/Trash")), "the home trash is not used")

        // .Trash without the sticky bit, or a link to a sticky one: not used.
        try dir.folder(".Trash")
        #expect(try trash.volumeTrash(topdir: trash.forcedTopdir!).hasSuffix("/.Trash-\(uid)"))
        try dir.folder("elsewhere")
        chmod(dir.path("elsewhere"), 0o1777)
        rmdir(dir.path(".Trash"))
        symlink(dir.path("elsewhere"), dir.path(".Trash"))
        #expect(try trash.volumeTrash(topdir: trash.forcedTopdir!).hasSuffix("/.Trash-\(uid)"))
        unlink(dir.path(".Trash"))
        try dir.folder(".Trash")
        chmod(dir.path(".Trash"), 0o1777)
        let shared = try trash.trash(try Self.file(dir, "shoot/c.jpg", "c"))
        #expect(shared.file == trash.forcedTopdir! + "/.Trash/\(uid)/files/c.jpg")
        #expect(Self.recordedPath(dir.text(".Trash/\(uid)/info/c.jpg.trashinfo")) == "shoot/c.jpg")
    }

    @Test("the top directory is the highest folder on the file's device")
    func topdir() throws {
        let dir = try TemporaryFolder("cardfiles-trash")
        let file = try Self.file(dir, "a/b/c.jpg", "c")
        let top = FreedesktopTrash.topdir(of: CanonicalPath.of(file)!)
        let device = try FileInfo.at(file).identity.device
        #expect(try FileInfo.at(top).identity.device == device)
        #expect(CanonicalPath.of(file)!.hasPrefix(top == "/" ? "/" : top + "/"))
        if top != "/" {
            let parent = String(top[..<top.lastIndex(of: "/")!])
            #expect(try FileInfo.at(parent.isEmpty ? "/" : parent).identity.device != device)
        }
    }

    @Test("a file on another device than the home trash goes to its volume's trash (where /dev/shm is another file system)")
    func realSecondDevice() throws {
        let dir = try TemporaryFolder("cardfiles-trash")
        guard let shm = try? FileInfo.at("/dev/shm"), shm.kind == .folder, FileInfo.isWritable("/dev/shm"),
              shm.identity.device != (try FileInfo.at(dir.path)).identity.device,
              FreedesktopTrash.topdir(of: "/dev/shm/x") == "/dev/shm" else { return }
        let own = "/dev/shm/.Trash-\(getuid())", made = !FileInfo.exists(own)
        let name = "cardfiles-trash-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jpg"
        FileManager.default.createFile(atPath: "/dev/shm/" + name, contents: Data("x".utf8))
        let entry = try FreedesktopTrash(homeTrash: dir.path("Trash")).trash("/dev/shm/" + name)
        defer {
            unlink(entry.file)
            unlink(entry.info)
            if made { try? FileManager.default.removeItem(atPath: own) }
        }
        #expect(entry.file.hasPrefix("/dev/shm/.Trash"))
        #expect(Self.recordedPath((try? String(contentsOfFile: entry.info, encoding: .utf8)) ?? "") == name)
        #expect(!FileInfo.exists(dir.path("Trash")))
    }
}
