import CardFiles
import CardPictureFolders
import CardTestSupport
import Foundation
import Testing

/// `cardviewer PATH…` and `-r` (SPEC §12): PATHs checked, subfolders walked with loops cut by
/// device and inode, hidden folders skipped unless named, at most 32 deep.
@Suite("Picture trees: PATHs and -r")
struct PictureTreeTests {
    private func touch(_ folder: URL, _ names: [String]) throws {
        for name in names {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([1, 2, 3]).write(to: url)
        }
    }

    @Test("-r: the folder's pictures first, then each subfolder's in natural order; a symlink loop ends; hidden folders skipped")
    func recursiveWithLoopAndHidden() throws {
        let root = try TemporaryFolder("picture-tree")
        defer { root.remove() }
            try touch(root.url, ["b.png", "a10.png", "a2.png", "sub10/z.jpg", "sub2/y.png", "sub2/deeper/x.png", ".hidden/secret.png",
                         "sub2/.dot/also-secret.png"])
        // A loop: sub2/deeper/up → root; and a second link to sub10.
        try FileManager.default.createSymbolicLink(atPath: root.path("sub2/deeper/up"), withDestinationPath: root.path)
        try FileManager.default.createSymbolicLink(atPath: root.path("again"),
                                                   withDestinationPath: root.path("sub10"))
        var visited = Set<FileIdentity>()
        let listing = try PictureTree.list(root.path, recursive: true, visited: &visited)
        // "again" sorts before "sub10": the linked folder is listed there, once, and not again as sub10.
        #expect(listing.files.map(\.relativePath) == ["a2.png", "a10.png", "b.png", "again/z.jpg", "sub2/y.png", "sub2/deeper/x.png"])
        #expect(listing.files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })

        var flatVisited = Set<FileIdentity>()
        let flat = try PictureTree.list(root.path, recursive: false, visited: &flatVisited)
        #expect(flat.files.map(\.relativePath) == ["a2.png", "a10.png", "b.png"])

        // A hidden folder named on the command line is listed.
        var hiddenVisited = Set<FileIdentity>()
        let hidden = try PictureTree.list(root.path(".hidden"), recursive: true, visited: &hiddenVisited)
        #expect(hidden.files.map(\.name) == ["secret.png"])
    }

    @Test("-r stops 32 folders deep, with one warning")
    func depthLimit() throws {
        let root = try TemporaryFolder("picture-tree")
        defer { root.remove() }
        let deep = (1...34).map { "d\($0)" }.joined(separator: "/")
        try touch(root.url, ["\(deep)/deepest.png", "top.png"])
        try touch(root.url, [(1...32).map { "d\($0)" }.joined(separator: "/") + "/at-32.png"])
        var visited = Set<FileIdentity>()
        let listing = try PictureTree.list(root.path, recursive: true, visited: &visited)
        #expect(listing.files.map(\.name) == ["top.png", "at-32.png"])
        #expect(listing.warnings.count == 1 && listing.warnings[0].contains("more than 32 folders deep"), "\(listing.warnings)")
    }

    @Test("PATHs: a folder, a picture, a missing path and a file that is no picture")
    func checkedPaths() throws {
        let root = try TemporaryFolder("picture-tree")
        defer { root.remove() }
        try touch(root.url, ["p.JPG", "notes.txt"])
        let folder = try PicturePath.checked(root.path)
        #expect(folder.isFolder && folder.canonical == CanonicalPath.of(root.path))
        let file = try PicturePath.checked(root.path("p.JPG"))
        #expect(!file.isFolder && file.folder.canonical == folder.canonical)
        let missing = root.path("gone")
        #expect(throws: PicturePathError.missing(path: missing)) { try PicturePath.checked(missing) }
        #expect(PicturePathError.missing(path: missing).description == "'\(missing)' does not exist")
        let text = root.path("notes.txt")
        #expect(throws: PicturePathError.notAPicture(path: text)) { try PicturePath.checked(text) }
    }
}
