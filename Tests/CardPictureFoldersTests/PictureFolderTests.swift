import CardPictureFolders
import CardTestSupport
import Foundation
import Testing

@Suite("Picture folders: listing without decoding")
struct PictureFolderTests {
    @Test("PNG and JPEG files in natural order, any case of the extension, with sizes and times; nothing else")
    func listsPictures() throws {
        let folder = try TemporaryFolder("picture-folder")
        defer { folder.remove() }
        let names = ["10.png", "2.jpg", "1.PNG", "Beach photo.JPEG", "x.Jpg", "notes.txt", ".hidden.png", "png", ".png",
                     "archive.png.zip", "Ünïcödé 写真.jpeg"]
        for (index, name) in names.enumerated() {
            try Data(repeating: UInt8(index), count: index + 1).write(to: folder.url(name))
        }
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder.path("2.jpg"))
        try FileManager.default.createDirectory(at: folder.url("sub.png"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("gone.jpg"),
                                                   withDestinationPath: "/nonexistent/file.jpg")

        let (files, warnings) = try PictureFolder.list(folder.path)

        #expect(files.map(\.name) == ["1.PNG", "2.jpg", "10.png", "Beach photo.JPEG", "x.Jpg", "Ünïcödé 写真.jpeg"])
        #expect(files.map(\.title) == ["1.PNG", "2.jpg", "10.png", "Beach photo.JPEG", "x.Jpg", "Ünïcödé 写真.jpeg"])
        #expect(files.allSatisfy { $0.path == folder.path + "/" + $0.name })
        let two = try #require(files.first { $0.name == "2.jpg" })
        #expect(two.byteCount == 2 && two.modifiedSeconds == 1_600_000_000)
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("sub.png") && $0.contains("folder") })
        #expect(warnings.contains { $0.contains("gone.jpg") })
    }

    @Test("natural order by precomputed keys agrees with the pairwise order")
    func sortedAgreesWithPairwiseOrder() {
        let names = ["img10.png", "img2.png", "Img1.png", "img02b.png", "b.png", "a.png", "x1000000000000000000000.png",
                     "x999999999999999999999.png", "img2.png.png", "a02", "a2", "a1b", "A1a", "0", "00", "9z", "z9"]
        let expected = names.sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(NaturalOrder.sorted(names) == expected)
        #expect(NaturalOrder.sorted(names.reversed()) == expected)
        #expect(NaturalOrder.key(for: "a02") == NaturalOrder.key(for: "a2"))
        #expect(expected.firstIndex(of: "a02")! < expected.firstIndex(of: "a2")!)  // exact text breaks the tie
    }

    @Test("a missing folder, or a file given as the folder, is an error naming it")
    func errors() throws {
        let folder = try TemporaryFolder("picture-folder")
        defer { folder.remove() }
        let missing = folder.path("no-such")
        #expect(throws: ImageFolderError.missing(path: missing)) { try PictureFolder.list(missing) }
        let file = try folder.write("a-file.png", [1])
        #expect(throws: ImageFolderError.notADirectory(path: file)) { try PictureFolder.list(file) }
    }
}
