import CardImaging
import CardPictureFolders
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// What a folder holds, to check it is unchanged: every entry under `root` by relative path, with
/// its size, modification date and (for files under 1 MiB) its bytes.
private struct EntryState: Equatable {
    var size: Int
    var modified: Date?
    var bytes: Data?
}

private func snapshot(_ root: URL) throws -> [String: EntryState] {
    var result: [String: EntryState] = [:]
    for relative in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
        let url = root.appendingPathComponent(relative)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = attributes[.size] as? Int ?? -1
        let isFile = attributes[.type] as? FileAttributeType == .typeRegular
        result[relative] = EntryState(size: size, modified: attributes[.modificationDate] as? Date,
                                      bytes: isFile && size < 1 << 20 ? try Data(contentsOf: url) : nil)
    }
    return result
}

/// A small opaque image whose every pixel encodes `seed`, so decoded cards can be told apart.
private func distinctImage(_ seed: UInt8, width: Int = 5, height: Int = 3) -> RGBAImage {
    RGBAImage(width: width, height: height, fill: (seed, 255 &- seed, seed &* 3, 255))
}

@Suite("Image folders")
struct ImageFolderTests {
    @Test func naturalOrder() {
        let names = ["img10.png", "img2.png", "Img1.png", "img02b.png", "b.png", "a.png", "x1000000000000000000000.png", "x999999999999999999999.png", "img2.png.png"]
        let sorted = names.sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(sorted == ["a.png", "b.png", "Img1.png", "img2.png", "img2.png.png", "img02b.png", "img10.png",
                           "x999999999999999999999.png", "x1000000000000000000000.png"])
        #expect(NaturalOrder.areInIncreasingOrder("2", "10") && !NaturalOrder.areInIncreasingOrder("10", "2"))
        #expect(!NaturalOrder.areInIncreasingOrder("same", "same"))
    }

    @Test func loadsGoodImagesInNaturalOrderSkipsTheRestAndChangesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }

        let good = [("10.png", UInt8(10)), ("2.png", 2), ("1.PNG", 1), ("Beach photo.Png", 7)]
        for (name, seed) in good { try write(name, PNGCodec.encode(distinctImage(seed))) }
        let valid = try PNGCodec.encode(distinctImage(99))
        try write("broken.png", Array(valid.prefix(valid.count / 2)))
        try write("not-really.png", Array("just some text".utf8))
        let huge = TestPNG.chunk("IHDR", TestPNG.bigEndian32(100_000) + TestPNG.bigEndian32(100_000) + [8, 6, 0, 0, 0])
        try write("huge.png", TestPNG(width: 1, height: 1, colorType: .gray, bitDepth: 8, samples: [[0]]).bytes()
            .enumerated().map { $0.offset >= 8 && $0.offset < 33 ? huge[$0.offset - 8] : $0.element })
        try write("notes.txt", Array("not an image".utf8))
        try write("photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        try write(".hidden.png", valid)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested.png"), withIntermediateDirectories: true)
        try write("nested.png/inner.png", valid)
        // A sparse file over PNGCodec.maximumFileSize: refused from its size, never read.
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("giant.png").path, contents: nil))
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("giant.png"))
        try handle.truncate(atOffset: UInt64(PNGCodec.maximumFileSize) + 1)
        try handle.close()
        let before = try snapshot(folder)

        let (cards, warnings) = try ImageFolder.load(directory: folder.path)

        #expect(cards.map(\.title) == ["1", "2", "10", "Beach photo"])
        #expect(cards.map(\.image) == [1, 2, 10, 7].map { distinctImage($0) })
        #expect(warnings.count == 5)
        for name in ["broken.png", "not-really.png", "huge.png", "nested.png", "giant.png"] {
            #expect(warnings.filter { $0.contains("/\(name)'") }.count == 1, "no single warning for \(name): \(warnings)")
        }
        #expect(warnings.allSatisfy { !$0.contains("\n") })
        #expect(warnings.contains { $0.contains("huge.png") && $0.contains("too large") })
        #expect(warnings.contains { $0.contains("giant.png") && $0.contains("too large") })
        #expect(try snapshot(folder) == before)
    }

    @Test func emptyFolderGivesNoCards() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cards, warnings) = try ImageFolder.load(directory: folder.path)
        #expect(cards.isEmpty && warnings.isEmpty)
    }

    @Test func missingFolderOrAFileIsAnErrorNamingIt() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-folder-\(UUID().uuidString)").path
        #expect(throws: ImageFolderError.missing(path: missing)) { try ImageFolder.load(directory: missing) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("a-file-\(UUID().uuidString).png")
        try Data([1, 2, 3]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ImageFolderError.notADirectory(path: file.path)) { try ImageFolder.load(directory: file.path) }
        for error in [ImageFolderError.missing(path: missing), .notADirectory(path: file.path), .unreadable(path: "/x", reason: "Permission denied")] {
            #expect(!error.description.contains("\n") && error.description.contains("'"))
        }
    }
}
