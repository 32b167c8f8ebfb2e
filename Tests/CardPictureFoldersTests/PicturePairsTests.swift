import CardFiles
import Foundation
import Testing
@testable import CardPictureFolders

@Suite("RAW+JPEG pairs: one card for the JPEG, the RAW as its companion")
struct PicturePairsTests {
    /// A fresh folder holding empty files of `names`; removed by the caller.
    func folder(_ names: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "pairs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in names {
            let file = path + "/" + name
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
            } else {
                FileManager.default.createFile(atPath: file, contents: Data(name.utf8))
            }
        }
        return path
    }

    @Test func aRAWAndAJPEGOfTheSameStemAreOneCard() throws {
        let path = try folder(["IMG_1.CR2", "img_1.jpg", "IMG_2.NEF", "IMG_3.jpg", "a.heic", "b.AVIF", "c.dng", "C.JPEG", "d.png", "e.txt"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let files = try PictureFolder.list(path).files
        #expect(files.map(\.name) == ["a.heic", "b.AVIF", "C.JPEG", "d.png", "img_1.jpg", "IMG_2.NEF", "IMG_3.jpg"])
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0) })
        #expect(byName["img_1.jpg"]?.companionPaths == [path + "/IMG_1.CR2"])
        #expect(byName["C.JPEG"]?.companionPaths == [path + "/c.dng"])
        #expect(byName["IMG_2.NEF"]?.companionPaths == [] && byName["IMG_3.jpg"]?.companionPaths == [])
        #expect(byName["img_1.jpg"]?.title == "img_1")
    }

    @Test func pairsStayWithinTheirFolderWithR() throws {
        let path = try folder(["IMG_1.CR2", "sub/", "sub/IMG_1.JPG", "sub/IMG_2.ARW", "sub/img_2.jpeg"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var visited = Set<FileIdentity>()
        let files = try PictureTree.list(path, recursive: true, visited: &visited).files
        #expect(files.map(\.relativePath) == ["IMG_1.CR2", "sub/IMG_1.JPG", "sub/img_2.jpeg"])
        #expect(files.map(\.companionPaths) == [[], [], [path + "/sub/IMG_2.ARW"]])
    }

    /// One file opened or dropped by itself: either half of a pair lands on the JPEG's card.
    @Test func eitherHalfOfAPairOpensThePairsCard() throws {
        let path = try folder(["IMG_1.CR2", "IMG_1.JPG", "IMG_2.NEF", "IMG_3.jpg"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        for opened in ["IMG_1.CR2", "IMG_1.JPG"] {
            let card = PicturePairs.card(for: path + "/" + opened)
            #expect(card?.name == "IMG_1.JPG" && card?.companionPaths == [path + "/IMG_1.CR2"])
        }
        #expect(PicturePairs.card(for: path + "/IMG_2.NEF") == nil)
        #expect(PicturePairs.card(for: path + "/IMG_3.jpg") == nil)
    }

    @Test func theListedKindsIncludeHEIFAndRAW() {
        for name in ["a.heic", "a.HEIF", "a.avif", "a.cr2", "a.cr3", "a.nef", "a.nrw", "a.arw", "a.dng", "a.orf", "a.rw2", "a.raf", "a.pef", "a.srw"] {
            #expect(PictureFolder.isPictureName(name))
        }
        #expect(!PictureFolder.isPictureName("a.xmp") && !PictureFolder.isPictureName("a.mov"))
    }
}
