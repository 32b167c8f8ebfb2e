import CardCulling
import CardFiles
import CardPictureFolders
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// `cardviewer export`'s logic without the command (SPEC §13): which marks each selector
/// admits, the files of a card and their names in the destination, and `ExportRun` never
/// overwriting, resuming a killed run, and keeping a move's sources when a file fails.
@Suite struct ExportTests {
    static let picked = CullMark(stars: 2, flag: .picked, labels: .green, labelsAddedByPick: .green)
    static let rejected = CullMark(stars: 4, flag: .rejected)
    static let threeBlue = CullMark(stars: 3, labels: [.blue, .red])
    static let fiveStars = CullMark(stars: 5)
    static let marks: [CullMark] = [.unmarked, picked, rejected, threeBlue, fiveStars]

    @Test("each selector, and several at once (a card must match all)")
    func selectors() {
        #expect(ExportSelector().isEmpty)
        #expect(ExportSelector(picks: true).selected(Self.marks) == [1])
        #expect(ExportSelector(rejects: true).selected(Self.marks) == [2])
        #expect(ExportSelector(minimumStars: 3).selected(Self.marks) == [3, 4], "a reject's kept stars do not count")
        #expect(ExportSelector(minimumStars: 2).selected(Self.marks) == [1, 3, 4])
        #expect(ExportSelector(label: .blue).selected(Self.marks) == [3])
        #expect(ExportSelector(label: .green).selected(Self.marks) == [1])
        #expect(ExportSelector(picks: true, minimumStars: 3).selected(Self.marks) == [])
        #expect(ExportSelector(minimumStars: 3, label: .red).selected(Self.marks) == [3])
        #expect(ExportSelector(picks: true, rejects: true).selected(Self.marks) == [])
    }

    /// A card `IMG_1.JPG` with the RAW `IMG_1.CR2` in `folder`.
    static func pair(in folder: String) -> PictureFile {
        var file = PictureFile(name: "IMG_1.JPG", path: folder + "/IMG_1.JPG", title: "IMG_1", byteCount: 0, modifiedSeconds: 0)
        file.companionPaths = [folder + "/IMG_1.CR2"]
        return file
    }

    @Test("a card's group: picture, RAW partner, the sidecars that exist (a shared NAME.xmp once); one suffix for all")
    func groups() {
        let existing: Set = ["/p/IMG_1.JPG.xmp", "/p/IMG_1.CR2.xmp", "/p/IMG_1.xmp"]
        let group = ExportGroup.of(Self.pair(in: "/p")) { existing.contains($0) }
        #expect(group.members.map(\.source) == ["/p/IMG_1.JPG", "/p/IMG_1.CR2", "/p/IMG_1.JPG.xmp", "/p/IMG_1.xmp", "/p/IMG_1.CR2.xmp"])
        #expect(group.names(attempt: 1) == ["IMG_1.JPG", "IMG_1.CR2", "IMG_1.JPG.xmp", "IMG_1.xmp", "IMG_1.CR2.xmp"])
        #expect(group.names(attempt: 2) == ["IMG_1-2.JPG", "IMG_1-2.CR2", "IMG_1-2.JPG.xmp", "IMG_1-2.xmp", "IMG_1-2.CR2.xmp"])
        // A move removes the RAW's sidecar and the RAW, then the picture, then its sidecars.
        #expect(group.removalOrder.map { group.members[$0].source }
            == ["/p/IMG_1.CR2.xmp", "/p/IMG_1.CR2", "/p/IMG_1.JPG", "/p/IMG_1.JPG.xmp", "/p/IMG_1.xmp"])
        #expect(ExportGroup.suffixed("noext", 3) == "noext-3")
        #expect(ExportGroup.adobeSidecarPath(of: "/p/.hidden") == nil)
    }

    /// A source folder with the pair and its sidecars, `b.png` with its sidecar, and an empty `out`.
    static func shoot() throws -> (TemporaryFolder, [ExportGroup]) {
        let dir = try TemporaryFolder("cardviewer-export")
        try dir.folder("src")
        try dir.folder("out")
        for (name, text) in [("IMG_1.JPG", "jpeg"), ("IMG_1.CR2", "raw"), ("IMG_1.JPG.xmp", "x1"), ("IMG_1.CR2.xmp", "x2"),
                             ("b.png", "png"), ("b.png.xmp", "xb")] {
            try dir.write("src/" + name, text)
        }
        let b = PictureFile(name: "b.png", path: dir.path("src/b.png"), title: "b", byteCount: 3, modifiedSeconds: 0)
        let groups = [Self.pair(in: dir.path("src")), b].map { ExportGroup.of($0) { FileInfo.exists($0) } }
        return (dir, groups)
    }

    @Test("never overwrites: a taken name moves the whole card to -2; a second run finds everything there")
    func neverOverwrites() throws {
        let (dir, groups) = try Self.shoot()
        try dir.write("out/IMG_1.CR2", "someone else's")
        let report = ExportRun.run(groups, into: dir.path("out"), action: .copy)
        #expect(report == { var r = ExportReport(); r.pictures = 2; r.files = 6; return r }(), "\(report)")
        #expect(dir.text("out/IMG_1.CR2") == "someone else's")
        #expect(try Folder.names(in: dir.path("out")).sorted()
            == ["IMG_1-2.CR2", "IMG_1-2.CR2.xmp", "IMG_1-2.JPG", "IMG_1-2.JPG.xmp", "IMG_1.CR2", "b.png", "b.png.xmp"])
        #expect(dir.text("out/IMG_1-2.JPG.xmp") == "x1" && dir.text("out/IMG_1-2.CR2") == "raw")
        let again = ExportRun.run(groups, into: dir.path("out"), action: .copy)
        #expect(again.files == 6 && again.alreadyThere == 6 && again.failures.isEmpty)
        #expect(try Folder.names(in: dir.path("out")).count == 7, "no duplicates")
        #expect(dir.text("src/IMG_1.JPG") == "jpeg", "sources untouched")
    }

    @Test("resumes after a kill: a dead run's temporary is removed, the files done are kept, the rest added")
    func resumes() throws {
        let (dir, groups) = try Self.shoot()
        let child = try ChildProcess.start("/bin/true", [])
        _ = child.wait()
        let leftover = ".IMG_1.CR2.tmp-\(child.pid)-42"
        try dir.write("out/" + leftover, "ra")  // half a file, never under its name
        try dir.write("out/IMG_1.JPG", "jpeg")
        try dir.write("out/IMG_1.JPG.xmp", "x1")
        let report = ExportRun.run(groups, into: dir.path("out"), action: .copy)
        #expect(report.pictures == 2 && report.files == 6 && report.alreadyThere == 2 && report.failures.isEmpty, "\(report)")
        #expect(try Folder.names(in: dir.path("out")).sorted()
            == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.JPG", "IMG_1.JPG.xmp", "b.png", "b.png.xmp"])
    }

    @Test("a move removes a card's sources only when all its files are placed; a failure keeps them all")
    func moveKeepsSourcesOnFailure() throws {
        let (dir, groups) = try Self.shoot()
        try FileManager.default.removeItem(atPath: dir.path("src/IMG_1.CR2.xmp"))  // gone after the plan
        let report = ExportRun.run(groups, into: dir.path("out"), action: .move)
        #expect(report.pictures == 1 && report.failures.count == 1, "\(report)")
        #expect(report.failures.first?.contains("IMG_1.CR2.xmp") == true)
        for name in ["IMG_1.JPG", "IMG_1.CR2", "IMG_1.JPG.xmp"] {
            #expect(FileInfo.exists(dir.path("src/" + name)), "\(name) kept")
        }
        #expect(!FileInfo.exists(dir.path("src/b.png")) && !FileInfo.exists(dir.path("src/b.png.xmp")))
        #expect(dir.text("out/b.png") == "png" && dir.text("out/b.png.xmp") == "xb")
        // The same move again, the sidecar back: finished, nothing duplicated.
        try dir.write("src/IMG_1.CR2.xmp", "x2")
        let groupsAgain = [groups[0]]
        let again = ExportRun.run(groupsAgain, into: dir.path("out"), action: .move)
        #expect(again.pictures == 1 && again.failures.isEmpty, "\(again)")
        #expect(try Folder.names(in: dir.path("src")) == [])
        #expect(try Folder.names(in: dir.path("out")).count == 6)
    }

    @Test("into the pictures' own folder: a copy gets -2, a move never removes the only file")
    func ownFolder() throws {
        let (dir, groups) = try Self.shoot()
        let copied = ExportRun.run([groups[1]], into: dir.path("src"), action: .copy)
        #expect(copied.pictures == 1 && copied.alreadyThere == 0, "\(copied)")
        #expect(dir.text("src/b-2.png") == "png" && dir.text("src/b-2.png.xmp") == "xb")
        let moved = ExportRun.run([groups[1]], into: dir.path("src") + "/.", action: .move)
        #expect(moved.failures.isEmpty, "\(moved)")
        #expect(dir.text("src/b-2.png") == "png", "the earlier copy counts as the moved file")
        #expect(!FileInfo.exists(dir.path("src/b.png")) && !FileInfo.exists(dir.path("src/b.png.xmp")), "moved onto its own copy")
        let names = try Folder.names(in: dir.path("src")).filter { $0.hasPrefix("b") }
        #expect(names.contains("b-2.png") && names.contains("b-2.png.xmp"), "\(names)")
    }
}
