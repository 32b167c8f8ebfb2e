import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels
import Foundation
import Testing
@testable import CardThumbnails

/// Plants a thumbnail of `width`×`height` for `picture` in `folder`, with the picture's URI and
/// modification time and, when given, its recorded size.
private func plant(_ fixture: ThumbnailFixture, picture: String, folder: String, width: Int, height: Int,
                   recorded: PixelSize?) throws {
    let uri = FileURI.uri(forPath: picture)
    var chunks = [PNGStructure.textChunk(keyword: "Thumb::URI", text: uri), PNGStructure.textChunk(keyword: "Thumb::MTime", text: "1650000000")]
    if let recorded {
        chunks += [PNGStructure.textChunk(keyword: "Thumb::Image::Width", text: "\(recorded.width)"),
                   PNGStructure.textChunk(keyword: "Thumb::Image::Height", text: "\(recorded.height)")]
    }
    let png = try PNGStructure.inserting(chunks, into: PNGCodec.encode(RGBAImage(width: width, height: height, fill: (255, 0, 255, 255))))
    try FileManager.default.createDirectory(atPath: fixture.root + "/" + folder, withIntermediateDirectories: true)
    try Data(png).write(to: URL(fileURLWithPath: fixture.root + "/" + folder + "/" + MD5.hex(uri) + ".png"))
}

@Suite("The thumbnail cache is untrusted: sizes checked, size folders must be real (SPEC §11)")
struct ThumbnailCapTests {
    static let target = PictureTarget.fit(PixelSize(width: 200, height: 150))

    @Test func aThumbnailLargerThanItsFolderIsIgnoredAndRemade() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("a.png", width: 600, height: 400)
        fixture.setModificationTime(photo, 1_650_000_000)
        try plant(fixture, picture: photo, folder: "large", width: 300, height: 200, recorded: nil)
        let cache = fixture.cache()
        #expect(cache.lookup(picturePath: photo, target: Self.target) == nil)
        let picture = try cache.loadPicture(at: photo, target: Self.target, decode: fixture.countingDecode)
        #expect(picture.origin == .decoded && fixture.decodes.current.count == 1)
        // Remade at the folder's size, and then used.
        let remade = try #require(cache.lookup(picturePath: photo, target: Self.target))
        #expect(remade.image.width == 256 && remade.image.height == 171)
    }

    @Test func aThumbnailWhoseSizeDisagreesWithItsFolderIsIgnored() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("b.png", width: 600, height: 400)
        fixture.setModificationTime(photo, 1_650_000_000)
        // A 600×400 picture's `large` thumbnail is 256×171; 200×200 is someone else's.
        try plant(fixture, picture: photo, folder: "large", width: 200, height: 200, recorded: PixelSize(width: 600, height: 400))
        #expect(fixture.cache().lookup(picturePath: photo, target: .fit(PixelSize(width: 100, height: 100))) == nil)
        try plant(fixture, picture: photo, folder: "large", width: 256, height: 171, recorded: PixelSize(width: 600, height: 400))
        #expect(fixture.cache().lookup(picturePath: photo, target: .fit(PixelSize(width: 100, height: 100)))?.size == .large)
        // Recorded before EXIF orientation (400×600) is accepted too.
        try plant(fixture, picture: photo, folder: "large", width: 256, height: 171, recorded: PixelSize(width: 400, height: 600))
        #expect(fixture.cache().lookup(picturePath: photo, target: .fit(PixelSize(width: 100, height: 100)))?.size == .large)
        #expect(ThumbnailCache.fits(PixelSize(width: 128, height: 1), in: .normal, pictureSize: nil))
        #expect(!ThumbnailCache.fits(PixelSize(width: 129, height: 1), in: .normal, pictureSize: nil))
        #expect(!ThumbnailCache.fits(PixelSize(width: 1025, height: 10), in: .xxLarge, pictureSize: nil))
    }

    @Test func aSymlinkedSizeFolderIsNotWrittenThrough() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("c.png", width: 600, height: 400)
        let elsewhere = fixture.base + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/large", withDestinationPath: elsewhere)
        let cache = fixture.cache()
        _ = try cache.loadPicture(at: photo, target: Self.target, decode: fixture.countingDecode)
        _ = try cache.loadPicture(at: photo, target: Self.target, decode: fixture.countingDecode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(fixture.warnings.current.count == 1)
        #expect(fixture.warnings.current.first?.contains("symbolic link") == true)
    }
}
