import CardFiles
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureFolders

@Suite("RAW+JPEG pairs: one card for the JPEG, the RAW as its companion")
struct PicturePairsTests {
    /// A fresh folder holding a file of each of `names` (its name as its bytes; a name ending
    /// in "/" is a folder); removed by the caller.
    func folder(_ names: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("pairs")
        for name in names {
            if name.hasSuffix("/") {
                try folder.folder(name)
            } else {
                try folder.write(name, name)
            }
        }
        return folder
    }

    @Test func aRAWAndAJPEGOfTheSameStemAreOneCard() throws {
        let dir = try folder(["IMG_1.CR2", "img_1.jpg", "IMG_2.NEF", "IMG_3.jpg", "a.heic", "b.AVIF", "c.dng", "C.JPEG", "d.png", "e.txt"])
        defer { dir.remove() }
        let files = try PictureFolder.list(dir.path).files
        #expect(files.map(\.name) == ["a.heic", "b.AVIF", "C.JPEG", "d.png", "img_1.jpg", "IMG_2.NEF", "IMG_3.jpg"])
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0) })
        #expect(byName["img_1.jpg"]?.companionPaths == [dir.path("IMG_1.CR2")])
        #expect(byName["C.JPEG"]?.companionPaths == [dir.path("c.dng")])
        #expect(byName["IMG_2.NEF"]?.companionPaths == [] && byName["IMG_3.jpg"]?.companionPaths == [])
        #expect(byName["img_1.jpg"]?.title == "img_1.jpg")
    }

    @Test func pairsStayWithinTheirFolderWithR() throws {
        let dir = try folder(["IMG_1.CR2", "sub/", "sub/IMG_1.JPG", "sub/IMG_2.ARW", "sub/img_2.jpeg"])
        defer { dir.remove() }
        var visited = Set<FileIdentity>()
        let files = try PictureTree.list(dir.path, recursive: true, visited: &visited).files
        #expect(files.map(\.relativePath) == ["IMG_1.CR2", "sub/IMG_1.JPG", "sub/img_2.jpeg"])
        #expect(files.map(\.companionPaths) == [[], [], [dir.path("sub/IMG_2.ARW")]])
    }

    /// One file opened or dropped by itself: either half of a pair lands on the JPEG's card.
    @Test func eitherHalfOfAPairOpensThePairsCard() throws {
        let dir = try folder(["IMG_1.CR2", "IMG_1.JPG", "IMG_2.NEF", "IMG_3.jpg"])
        defer { dir.remove() }
        for opened in ["IMG_1.CR2", "IMG_1.JPG"] {
            let card = PicturePairs.card(for: dir.path(opened))
            #expect(card?.name == "IMG_1.JPG" && card?.companionPaths == [dir.path("IMG_1.CR2")])
        }
        #expect(PicturePairs.card(for: dir.path("IMG_2.NEF")) == nil)
        #expect(PicturePairs.card(for: dir.path("IMG_3.jpg")) == nil)
    }

    @Test func theListedKindsIncludeHEIFAndRAW() {
        for name in ["a.heic", "a.HEIF", "a.avif", "a.cr2", "a.cr3", "a.nef", "a.nrw", "a.arw", "a.dng", "a.orf", "a.rw2", "a.raf", "a.pef", "a.srw"] {
            #expect(PictureFolder.isPictureName(name))
        }
        #expect(!PictureFolder.isPictureName("a.xmp") && !PictureFolder.isPictureName("a.mov"))
    }
}
