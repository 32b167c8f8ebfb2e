import CardCulling
import CardFiles
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// What a write beside pictures may never do (SPEC §11, "Writing beside pictures" and "XMP"):
/// write through a link that is dangling or leads out of the picture's folder, replace a
/// read-only sidecar, write a sidecar we would refuse to read, or leave a temporary behind.
@Suite struct SidecarWriteSafetyTests {
    /// `folder/pictures/x.jpg` and `folder/outside/`.
    static func layout() throws -> (folder: TemporaryFolder, picture: String, outside: String) {
        let folder = try TemporaryFolder("cardsidecars-safety")
        try FileManager.default.createDirectory(atPath: folder.path("pictures"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.path("outside"), withIntermediateDirectories: false)
        let picture = try folder.write("pictures/x.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        return (folder, picture, folder.path("outside"))
    }

    /// The names in `path`, sorted.
    static func names(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    @Test("a dangling sidecar link: nothing is created, at its target or beside it; left alone")
    func danglingLink() throws {
        let (folder, picture, outside) = try Self.layout()
        try FileManager.default.createSymbolicLink(atPath: picture + ".xmp", withDestinationPath: "../outside/x.txt")
        #expect(throws: CullMarkStoreError.leftAlone(path: picture + ".xmp", reason: "it is a link to '\(folder.path("pictures"))/../outside/x.txt', which does not exist")) {
            try XMPSidecarStore().store(CullMark(stars: 1, flag: .picked), forPicture: picture)
        }
        #expect(try Self.names(outside).isEmpty)
        #expect(try Self.names(folder.path("pictures")) == ["x.jpg", "x.jpg.xmp"])
        // In the same folder, dangling too: still nothing is created.
        try FileManager.default.removeItem(atPath: picture + ".xmp")
        try FileManager.default.createSymbolicLink(atPath: picture + ".xmp", withDestinationPath: "gone.xmp")
        #expect(throws: CullMarkStoreError.self) { try XMPSidecarStore().store(CullMark(stars: 1), forPicture: picture) }
        #expect(try Self.names(folder.path("pictures")) == ["x.jpg", "x.jpg.xmp"])
    }

    @Test("a link to a file outside the picture's folder: the file is not changed; one in the folder is written through")
    func linkElsewhere() throws {
        let (folder, picture, outside) = try Self.layout()
        let original = xmpPacket(rating: "2")
        try folder.write("outside/shared.xmp", original)
        try FileManager.default.createSymbolicLink(atPath: picture + ".xmp", withDestinationPath: outside + "/shared.xmp")
        #expect(throws: CullMarkStoreError.self) { try XMPSidecarStore().store(CullMark(stars: 5), forPicture: picture) }
        #expect(folder.contents("outside/shared.xmp") == original)
        #expect(try Self.names(outside) == ["shared.xmp"])
        // Read, it still states its mark.
        #expect(XMPSidecarStore().mark(ofPicture: picture) == CullMark(stars: 2))
        // A link to a regular file in the same folder is written through, the link kept.
        try FileManager.default.removeItem(atPath: picture + ".xmp")
        try folder.write("pictures/real.xmp", original)
        try FileManager.default.createSymbolicLink(atPath: picture + ".xmp", withDestinationPath: "real.xmp")
        try XMPSidecarStore().store(CullMark(stars: 5), forPicture: picture)
        #expect(XMPSidecarStore.mark(fromPacket: try #require(folder.contents("pictures/real.xmp"))) == CullMark(stars: 5))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: picture + ".xmp") == "real.xmp")
        #expect(try Self.names(folder.path("pictures")) == ["real.xmp", "x.jpg", "x.jpg.xmp"])
    }

    @Test("a read-only sidecar keeps its mode and content")
    func readOnly() throws {
        let (folder, picture, _) = try Self.layout()
        let original = xmpPacket(rating: "4")
        try folder.write("pictures/x.jpg.xmp", original)
        #expect(chmod(picture + ".xmp", 0o444) == 0)
        #expect(throws: CullMarkStoreError.leftAlone(path: picture + ".xmp", reason: "it is read-only")) {
            try XMPSidecarStore().store(CullMark(stars: 4, flag: .picked), forPicture: picture)
        }
        #expect(folder.contents("pictures/x.jpg.xmp") == original)
        #expect(try FileInfo.at(picture + ".xmp").isReadOnly)
        var status = stat()
        #expect(stat(picture + ".xmp", &status) == 0 && status.st_mode & 0o777 == 0o444)
        #expect(try Self.names(folder.path("pictures")) == ["x.jpg", "x.jpg.xmp"])
    }

    @Test("a sidecar outside the bounds is read as unmarked, left alone, and never rewritten")
    func outOfBounds() throws {
        let (folder, picture, _) = try Self.layout()
        let big = LargeSidecars.bag(items: 1_800_000)
        try folder.write("pictures/x.jpg.xmp", big)
        let reading = XMPSidecarStore().reading(ofPicture: picture)
        #expect(reading.mark == .unmarked)
        #expect(reading.leftAlone?.path == picture + ".xmp")
        #expect(reading.leftAlone?.reason.contains("over the limit of 4194304 bytes") == true)
        #expect(throws: CullMarkStoreError.self) { try XMPSidecarStore().store(CullMark(flag: .picked), forPicture: picture) }
        #expect(folder.contents("pictures/x.jpg.xmp") == big)
        #expect(try Self.names(folder.path("pictures")) == ["x.jpg", "x.jpg.xmp"])
    }

    @Test("a write whose result would be outside the bounds is not made: the sidecar stays readable")
    func resultOutOfBounds() throws {
        let (folder, picture, _) = try Self.layout()
        // Within the bounds as it is; the toolkit writes each item on its own indented line,
        // which adds a text node per item: the result would cost too much parsed.
        let items = (XMPLimits.maximumParsedBytes - 20_000) / (XMPLimits.parsedBytesPerNode + 9 * XMPLimits.parsedBytesPerByte)
        let near = LargeSidecars.bag(items: items)
        try folder.write("pictures/x.jpg.xmp", near)
        #expect(XMPSidecarStore().reading(ofPicture: picture) == CullMarkReading(mark: CullMark(stars: 4)))
        do {
            try XMPSidecarStore().store(CullMark(stars: 4, flag: .picked), forPicture: picture)
        } catch let CullMarkStoreError.leftAlone(_, reason) {
            #expect(reason.hasPrefix("written, "))
        }
        let after = try #require(folder.contents("pictures/x.jpg.xmp"))
        #expect(after == near || XMPPreScan(after).refusal == nil)
        // And one just under the size bound: never rewritten past it.
        let long = LargeSidecars.text(size: XMPLimits.maximumSize - 16)
        try folder.write("pictures/x.jpg.xmp", long)
        _ = try? XMPSidecarStore().store(CullMark(stars: 4, flag: .picked), forPicture: picture)
        let written = try #require(folder.contents("pictures/x.jpg.xmp"))
        #expect(written == long || XMPPreScan(written).refusal == nil)
        #expect(try Self.names(folder.path("pictures")) == ["x.jpg", "x.jpg.xmp"])
    }

    @Test("dead temporaries of sidecar writes are removed at the first read in the folder; nothing else")
    func deadTemporaries() throws {
        let folder = try TemporaryFolder("cardsidecars-temporaries")
        let picture = try folder.write("x.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        let dead = try Self.deadPID(), me = getpid()
        let ours = ".x.jpg.xmp.tmp-\(dead)-12345"
        let kept = [
            ".x.jpg.xmp.tmp-\(me)-777",  // a live process's, written after it started: a write running now
            ".x.jpg.xmp.tmp-abc-1",  // not a pid
            "x.jpg.xmp.tmp-\(dead)-1",  // no leading dot
            ".x.jpg.xmp.tmp-\(dead)-1.keep",  // something after the number
            ".notes.txt.tmp-\(dead)-1",  // not a sidecar's
            ".x.jpg.xmp.tmp-\(dead)",  // no random part
        ]
        for name in [ours] + kept { try folder.write(name, Array("user data".utf8)) }
        _ = XMPSidecarStore().mark(ofPicture: picture)
        #expect(try Self.names(folder.path) == (kept + ["x.jpg"]).sorted())
    }

    /// A pid no process has: a child that has exited and been reaped.
    static func deadPID() throws -> Int32 {
        let child = try ChildProcess.start("/bin/true", [])
        _ = child.wait()
        return child.pid
    }
}
