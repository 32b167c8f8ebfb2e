import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels
import Foundation
import Testing
@testable import CardThumbnails

@Suite("Thumbnail cache: failures, modes, read-only caches, the picture folder untouched")
struct ThumbnailFailureTests {
    static let card = PictureTarget.fit(PixelSize(width: 640, height: 400))

    @Test func brokenPicturesAreRecordedAndNotRetriedUntilTheyChange() throws {
        let fixture = try ThumbnailFixture()
        let broken = fixture.pictures + "/broken.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00]).write(to: URL(fileURLWithPath: broken))
        let cache = fixture.cache()
        #expect(throws: PictureError.self) { try cache.loadPicture(at: broken, target: Self.card, decode: fixture.countingDecode) }
        let record = cache.failurePath(forURI: FileURI.uri(forPath: broken))
        #expect(record.contains("/fail/cardviewer-1.0/") && fixture.mode(of: record) == 0o600)
        let metadata = try ThumbnailMetadata(png: [UInt8](try #require(FileManager.default.contents(atPath: record))))
        #expect(metadata.uri == FileURI.uri(forPath: broken) && metadata.modificationTime == ThumbnailCache.stamp(of: broken)?.modificationTime)
        // The second attempt fails at once, with the remembered reason, without decoding.
        #expect {
            try cache.loadPicture(at: broken, target: Self.card, decode: fixture.countingDecode)
        } throws: { error in
            (error as? PictureError)?.description.contains("remembered") == true
        }
        #expect(fixture.decodes.current.count == 1)
        // Replaced by a good picture (a new modification time): decoded again.
        try fixture.writePicture("broken.jpg", width: 20, height: 10)
        fixture.setModificationTime(broken, 1_800_000_000)
        #expect(try cache.loadPicture(at: broken, target: Self.card, decode: fixture.countingDecode).origin == .decoded)
        #expect(fixture.decodes.current.count == 2)
    }

    @Test func unreadablePicturesAreNotRecorded() throws {
        let fixture = try ThumbnailFixture()
        let cache = fixture.cache()
        #expect(throws: PictureError.self) { try cache.loadPicture(at: fixture.pictures + "/missing.png", target: Self.card) }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/fail"))
    }

    @Test func modeOffNeverTouchesTheCacheAndModeReadNeverWrites() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("a.png", width: 600, height: 400)
        #expect(try fixture.cache(.off).loadPicture(at: photo, target: Self.card).origin == .decoded)
        #expect(try fixture.cache(.read).loadPicture(at: photo, target: Self.card).origin == .decoded)
        #expect(!FileManager.default.fileExists(atPath: fixture.root))
        #expect(try fixture.cache(.readwrite).loadPicture(at: photo, target: Self.card).origin == .decoded)
        #expect(try fixture.cache(.read).loadPicture(at: photo, target: Self.card).origin == .thumbnail(.xxLarge))
        #expect(try fixture.cache(.off).loadPicture(at: photo, target: Self.card).origin == .decoded)
    }

    @Test func thumbnailsCanBeSavedLaterOrNever() throws {
        let fixture = try ThumbnailFixture()
        let photo = try fixture.writePicture("a.png", width: 1500, height: 1000)
        let cache = fixture.cache()
        let never = try cache.loadPicture(at: photo, target: Self.card, saving: .never)
        #expect(never.origin == .decoded && never.pendingThumbnail == nil && !FileManager.default.fileExists(atPath: fixture.root))
        let later = try cache.loadPicture(at: photo, target: Self.card, saving: .later, decode: fixture.countingDecode)
        // The picture comes back at the card's size, decoded once, before any thumbnail exists.
        #expect(later.origin == .decoded && later.image.width == 600 && later.image.height == 400)
        #expect(fixture.decodes.current.count == 1 && !FileManager.default.fileExists(atPath: fixture.root))
        let pending = try #require(later.pendingThumbnail)
        #expect(pending.size == .xxLarge && pending.save(decode: fixture.countingDecode))
        #expect(try cache.loadPicture(at: photo, target: Self.card, saving: .later).origin == .thumbnail(.xxLarge))
        // A file that changed after it was loaded gets no thumbnail from the old load.
        let second = try fixture.writePicture("b.png", width: 1500, height: 1000)
        let stale = try #require(try cache.loadPicture(at: second, target: Self.card, saving: .later).pendingThumbnail)
        fixture.setModificationTime(second, 1_000_000_000)
        #expect(!stale.save())
    }

    @Test func aCacheThatCannotBeWrittenIsReadWithOneWarning() throws {
        let fixture = try ThumbnailFixture()
        let cached = try fixture.writePicture("cached.png", width: 400, height: 300, color: (0, 200, 0))
        let others = try (0..<3).map { try fixture.writePicture("new\($0).png", width: 400, height: 300) }
        let target = PictureTarget.fit(PixelSize(width: 200, height: 200))
        _ = try fixture.cache().loadPicture(at: cached, target: target)  // leaves large/<md5>.png
        // Now the cache becomes unwritable: every folder read-only, and — since permission bits
        // do not stop root — the folders it would write into are ordinary files.
        for name in ["x-large", "xx-large", "normal", "fail"] {
            try Data().write(to: URL(fileURLWithPath: fixture.root + "/" + name))
        }
        for path in [fixture.root + "/large", fixture.root] { chmod(path, 0o500) }
        let before = fixture.snapshot(of: fixture.root)
        let cache = fixture.cache()
        let fromCache = try cache.loadPicture(at: cached, target: target, decode: fixture.countingDecode)
        #expect(fromCache.origin == .thumbnail(.large) && fromCache.image[5, 5] == (0, 200, 0, 255))
        for other in others {
            #expect(try cache.loadPicture(at: other, target: Self.card, decode: fixture.countingDecode).origin == .decoded)
        }
        // A picture that fails would be recorded under fail/: that write fails silently now.
        let broken = fixture.pictures + "/broken.png"
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: broken))
        #expect(throws: PictureError.self) { try cache.loadPicture(at: broken, target: Self.card) }
        #expect(fixture.warnings.current.count == 1, "\(fixture.warnings.current)")
        #expect(fixture.warnings.current.first?.contains(fixture.root) == true)
        #expect(fixture.snapshot(of: fixture.root) == before)
    }

    @Test func thePictureFolderIsNeverWritten() throws {
        let fixture = try ThumbnailFixture()
        for i in 0..<4 { try fixture.writePicture("p\(i).png", width: 300 + 100 * i, height: 200) }
        try Data([0xFF, 0xD8, 0xFF, 0x00]).write(to: URL(fileURLWithPath: fixture.pictures + "/broken.JPEG"))
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.pictures) {
            fixture.setModificationTime(fixture.pictures + "/" + name, 1_500_000_000)
        }
        fixture.setModificationTime(fixture.pictures, 1_500_000_000)
        let before = fixture.snapshot(of: fixture.pictures)
        let folderTime = ThumbnailCache.stamp(of: fixture.pictures + "/p0.png")
        let cache = fixture.cache()
        for _ in 0..<2 {
            for name in try FileManager.default.contentsOfDirectory(atPath: fixture.pictures) {
                for target in [Self.card, .fit(PixelSize(width: 100, height: 100)), .cover(PixelSize(width: 300, height: 300))] {
                    _ = try? cache.loadPicture(at: fixture.pictures + "/" + name, target: target)
                }
            }
        }
        #expect(fixture.snapshot(of: fixture.pictures) == before)
        #expect(ThumbnailCache.stamp(of: fixture.pictures + "/p0.png") == folderTime)
        var status = stat()
        stat(fixture.pictures, &status)
        #expect(status.st_mtim.tv_sec == 1_500_000_000)  // no file was added or removed there
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/xx-large"))
    }

    @Test func filesInsideTheCacheAreNotThumbnailed() throws {
        let fixture = try ThumbnailFixture()
        try FileManager.default.createDirectory(atPath: fixture.root + "/normal", withIntermediateDirectories: true)
        let inside = fixture.root + "/normal/x.png"
        try Data(PNGCodec.encode(RGBAImage(width: 8, height: 8, fill: (1, 1, 1, 255)))).write(to: URL(fileURLWithPath: inside))
        #expect(try fixture.cache().loadPicture(at: inside, target: Self.card).origin == .decoded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root) == ["normal"])
    }
}
