import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels
import Foundation
import Testing
@testable import CardThumbnails

/// Thumbnails read and written at the tier a card needs (SPEC §10): `normal` 128, `large` 256,
/// `x-large` 512 from the card's size on screen; background thumbnailing's `ensureThumbnail`.
@Suite struct ThumbnailTierTests {
    @Test("the folder for a card's size on screen: the smallest at least size / 1.25, x-large past 512 × 1.25")
    func tierPerCardSize() {
        let cases: [(Double, ThumbnailSize)] = [
            (0, .normal), (-3, .normal), (.nan, .normal), (100, .normal), (160, .normal), (160.1, .large),
            (250, .large), (320, .large), (320.5, .xLarge), (512, .xLarge), (640, .xLarge), (4000, .xLarge),
        ]
        for (side, expected) in cases {
            #expect(ThumbnailSize.forCard(longerSide: side) == expected, "\(side)")
            if side.isFinite, side > 0 {
                // The formula: the smallest folder of at least side / 1.25 pixels, within normal…x-large.
                let needed = side / ThumbnailSize.cardMagnification
                let formula = [ThumbnailSize.normal, .large, .xLarge].first { Double($0.pixels) >= needed } ?? .xLarge
                #expect(formula == expected)
            }
        }
    }

    @Test("a card's load decodes at its folder's size and saves the thumbnail there at once; the next load reads it")
    func loadAtTier() throws {
        let fixture = try ThumbnailFixture()
        let path = try fixture.writePicture("wide.png", width: 1000, height: 750)
        let cache = fixture.cache()
        let first = try cache.loadPicture(at: path, for: .large, decode: fixture.countingDecode)
        #expect(first.origin == .decoded)
        #expect(first.image.width == 256 && first.image.height == 192)
        #expect(first.fullSize == PixelSize(width: 1000, height: 750))
        let uri = FileURI.uri(forPath: path)
        let large = cache.thumbnailPath(forURI: uri, size: .large)
        #expect(FileManager.default.fileExists(atPath: large))
        #expect(!FileManager.default.fileExists(atPath: cache.thumbnailPath(forURI: uri, size: .xLarge)))
        let stored = try PNGCodec.read(contentsOf: large)
        #expect(stored.width == 256 && stored.height == 192)

        let second = try cache.loadPicture(at: path, for: .large, decode: fixture.countingDecode)
        #expect(second.origin == .thumbnail(.large))
        // A smaller card reads the larger thumbnail rather than decoding again.
        let normal = try cache.loadPicture(at: path, for: .normal, decode: fixture.countingDecode)
        #expect(normal.origin == .thumbnail(.large))
        #expect(fixture.decodes.current == [path])
    }

    @Test("ensureThumbnail makes a missing thumbnail once, finds it (or a larger one) after, and records a broken file")
    func ensure() throws {
        let fixture = try ThumbnailFixture()
        let path = try fixture.writePicture("a.png", width: 600, height: 400)
        let broken = fixture.pictures + "/broken.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 1, 2, 3]).write(to: URL(fileURLWithPath: broken))
        let cache = fixture.cache()
        #expect(try cache.ensureThumbnail(at: path, size: .normal, decode: fixture.countingDecode))
        #expect(try !cache.ensureThumbnail(at: path, size: .normal, decode: fixture.countingDecode))
        #expect(fixture.decodes.current.count == 1)
        // A larger folder is not satisfied by a smaller thumbnail.
        #expect(try cache.ensureThumbnail(at: path, size: .large, decode: fixture.countingDecode))
        let stamp = try #require(ThumbnailCache.stamp(of: path))
        #expect(cache.hasThumbnail(picturePath: path, atLeast: .normal, stamp: stamp))
        #expect(!cache.hasThumbnail(picturePath: path, atLeast: .xLarge, stamp: stamp))
        #expect(throws: PictureError.self) { try cache.ensureThumbnail(at: broken, size: .normal) }
        #expect(cache.recordedFailure(picturePath: broken) != nil)
        // Read-only: nothing is made, nothing thrown for a good file.
        let other = try fixture.writePicture("b.png", width: 300, height: 300)
        #expect(try !fixture.cache(.read).ensureThumbnail(at: other, size: .normal))
    }

    @Test("a transparent picture's thumbnail keeps its alpha, straight (SPEC §10): a half-transparent red stays full red at alpha ≈ 128")
    func thumbnailKeepsStraightAlpha() throws {
        let fixture = try ThumbnailFixture()
        // Left half red at alpha 128, right half clear (red stored under alpha 0 too).
        var image = RGBAImage(width: 600, height: 400)
        for y in 0..<400 {
            for x in 0..<600 { image[x, y] = (255, 0, 0, x < 300 ? 128 : 0) }
        }
        let path = fixture.pictures + "/clear.png"
        try Data(PNGCodec.encode(image)).write(to: URL(fileURLWithPath: path))
        let cache = fixture.cache()
        #expect(try cache.ensureThumbnail(at: path, size: .normal, decode: fixture.countingDecode))
        let stored = try PNGCodec.read(contentsOf: cache.thumbnailPath(forURI: FileURI.uri(forPath: path), size: .normal))
        #expect(stored.width == 128 && (85...86).contains(stored.height), "\(stored)")
        let half = stored[20, 40], clear = stored[110, 40]
        #expect(half.r >= 254 && half.g == 0 && abs(Int(half.a) - 128) <= 1, "\(half)")
        #expect(clear.a == 0, "\(clear)")
    }
}
