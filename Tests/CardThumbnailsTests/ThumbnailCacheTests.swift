import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels
import Foundation
import Testing
@testable import CardThumbnails

@Suite("Thumbnail cache: conformant writes, validity, other programs' thumbnails, failures, read-only")
struct ThumbnailCacheTests {
    static let card = PictureTarget.fit(PixelSize(width: 640, height: 400))

    @Test func writtenThumbnailsAreConformantAndReadBack() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("holiday photo.png", width: 1200, height: 900)
        let cache = fixture.cache()
        let first = try cache.loadPicture(at: photo, target: Self.card, decode: fixture.countingDecode)
        #expect(first.origin == .decoded && first.fullSize == PixelSize(width: 1200, height: 900))
        #expect(first.image.width == 534 && first.image.height == 400)

        // Named by the MD5 of the URI, in the folder nearest above the card's 640 pixels.
        let uri = "file://" + FileURI.percentEncoded(FileURI.canonicalPath(photo))
        #expect(uri.hasSuffix("/holiday%20photo.png"))
        let path = fixture.root + "/xx-large/" + MD5.hex(uri) + ".png"
        let bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        let metadata = try ThumbnailMetadata(png: bytes)
        let stamp = try #require(ThumbnailCache.stamp(of: photo))
        #expect(metadata.uri == uri && metadata.modificationTime == stamp.modificationTime && metadata.fileSize == stamp.size)
        #expect(metadata.software == "cardviewer 1.0" && metadata.mimeType == "image/png")
        #expect(metadata.imageSize == PixelSize(width: 1200, height: 900))
        let thumbnail = try PNGCodec.decode(bytes)
        #expect(thumbnail.width == 1024 && thumbnail.height == 768)
        #expect(thumbnail[512, 384] == (200, 40, 10, 255))
        // Permissions: the file 0600, every folder from the root down 0700; nothing else there.
        #expect(fixture.mode(of: path) == 0o600)
        #expect(fixture.mode(of: fixture.root) == 0o700 && fixture.mode(of: fixture.root + "/xx-large") == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/xx-large") == [MD5.hex(uri) + ".png"])

        // Read back: no second decode.
        let second = try cache.loadPicture(at: photo, target: Self.card, decode: fixture.countingDecode)
        #expect(second.origin == .thumbnail(.xxLarge) && second.fullSize == PixelSize(width: 1200, height: 900))
        #expect(second.image.width == 534 && second.image.height == 400 && second.image[100, 100] == (200, 40, 10, 255))
        #expect(fixture.decodes.current.count == 1)
        #expect(fixture.warnings.current.isEmpty)
    }

    @Test func aStaleThumbnailIsIgnoredAndReplaced() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("a.png", width: 300, height: 200, color: (10, 10, 250))
        fixture.setModificationTime(photo, 1_600_000_000)
        let cache = fixture.cache()
        let target = PictureTarget.fit(PixelSize(width: 200, height: 200))
        _ = try cache.loadPicture(at: photo, target: target, decode: fixture.countingDecode)
        // The picture is replaced by another (new content, newer time): the thumbnail is stale.
        try fixture.writePicture("a.png", width: 300, height: 200, color: (250, 250, 0))
        fixture.setModificationTime(photo, 1_700_000_000)
        let fresh = try cache.loadPicture(at: photo, target: target, decode: fixture.countingDecode)
        #expect(fresh.origin == .decoded && fresh.image[10, 10] == (250, 250, 0, 255))
        #expect(fixture.decodes.current.count == 2)
        let path = cache.thumbnailPath(forURI: FileURI.uri(forPath: photo), size: .large)
        let metadata = try ThumbnailMetadata(png: [UInt8](try #require(FileManager.default.contents(atPath: path))))
        #expect(metadata.modificationTime == 1_700_000_000)
        // And the replacement is used from then on.
        #expect(try cache.loadPicture(at: photo, target: target, decode: fixture.countingDecode).origin == .thumbnail(.large))
        #expect(fixture.decodes.current.count == 2)
    }

    @Test func anotherProgramsThumbnailIsUsedWithoutDecodingThePhoto() throws {
        let fixture = try ThumbnailFixture()
        // The photo itself is a corrupt JPEG: decoding it would fail.
        let photo = fixture.pictures + "/IMG_0001.JPG"
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46] + [UInt8](repeating: 0x55, count: 500)).write(to: URL(fileURLWithPath: photo))
        fixture.setModificationTime(photo, 1_650_000_000)
        // As GNOME writes one: 256 pixels on the longer side in `large`, URI and MTime only.
        let uri = FileURI.uri(forPath: photo)
        let chunks = [PNGStructure.textChunk(keyword: "Thumb::URI", text: uri), PNGStructure.textChunk(keyword: "Thumb::MTime", text: "1650000000"),
                      PNGStructure.textChunk(keyword: "Software", text: "GNOME::ThumbnailFactory")]
        let png = try PNGStructure.inserting(chunks, into: PNGCodec.encode(RGBAImage(width: 256, height: 192, fill: (255, 0, 255, 255))))
        try FileManager.default.createDirectory(atPath: fixture.root + "/large", withIntermediateDirectories: true)
        try Data(png).write(to: URL(fileURLWithPath: fixture.root + "/large/" + MD5.hex(uri) + ".png"))

        let cache = fixture.cache()
        let picture = try cache.loadPicture(at: photo, target: .fit(PixelSize(width: 200, height: 150)), decode: fixture.countingDecode)
        #expect(picture.origin == .thumbnail(.large) && fixture.decodes.current.isEmpty)
        #expect(picture.image.width == 200 && picture.image.height == 150 && picture.image[100, 75] == (255, 0, 255, 255))
        #expect(picture.fullSize == nil)  // GNOME did not record it, and 256 pixels means it was scaled
        // Read-only mode uses it too.
        #expect(try fixture.cache(.read).loadPicture(at: photo, target: .fit(PixelSize(width: 200, height: 150)),
                                                      decode: fixture.countingDecode).origin == .thumbnail(.large))
        // A thumbnail whose URI or recorded size does not match is not this photo's.
        for wrong in [("Thumb::URI", uri + "x"), ("Thumb::Size", "1")] {
            let bad = try PNGStructure.inserting(chunks + [PNGStructure.textChunk(keyword: wrong.0, text: wrong.1)],
                                                 into: PNGCodec.encode(RGBAImage(width: 256, height: 192)))
            try Data(bad).write(to: URL(fileURLWithPath: fixture.root + "/large/" + MD5.hex(uri) + ".png"))
            #expect(cache.lookup(picturePath: photo, target: .fit(PixelSize(width: 200, height: 150))) == nil)
        }
    }

    @Test func lookupsTakeTheNearestFolderAboveWithEnoughPixels() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("p.png", width: 1500, height: 500)
        let cache = fixture.cache()
        let stamp = try #require(ThumbnailCache.stamp(of: photo))
        for size in ThumbnailSize.allCases {
            let level = UInt8(size.pixels / 8)
            #expect(cache.store(RGBAImage(width: 1500, height: 500, fill: (level, 0, 0, 255)), fullSize: nil, format: .png,
                                forPicture: photo, stamp: stamp, size: size))
        }
        #expect(cache.lookup(picturePath: photo, target: .fit(PixelSize(width: 100, height: 100)))?.size == .normal)
        #expect(cache.lookup(picturePath: photo, target: .fit(PixelSize(width: 300, height: 200)))?.size == .xLarge)
        // Covering 300×200 with a 3:1 panorama needs 600 pixels across: x-large's 512 is too few.
        #expect(cache.lookup(picturePath: photo, target: .cover(PixelSize(width: 300, height: 200)))?.size == .xxLarge)
        // Larger than every folder: the largest there is.
        #expect(cache.lookup(picturePath: photo, target: .fit(PixelSize(width: 2000, height: 2000)))?.size == .xxLarge)
        #expect(cache.lookup(picturePath: photo, target: .fullSize) == nil)
        let stored = try #require(cache.lookup(picturePath: photo, target: .fit(PixelSize(width: 100, height: 100))))
        #expect(stored.image.width == 128 && stored.image.height == 43)
    }
}
