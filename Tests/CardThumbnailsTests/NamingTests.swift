import CardMath
import CardPictureDecoding
import Testing
@testable import CardThumbnails

@Suite("Thumbnail names: MD5 of the file's URI")
struct NamingTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func md5MatchesRFC1321(text: String, digest: String) {
        #expect(MD5.hex(text) == digest)
    }

    @Test func theStandardsExampleNamesItsThumbnail() {
        let uri = FileURI.uri(forPath: "/home/jens/photos/me.png")
        #expect(uri == "file:///home/jens/photos/me.png")
        #expect(MD5.hex(uri) == "c6ee772d9e49320e97ec29a7eb5b1697")
        let cache = ThumbnailCache(root: "/home/jens/.cache/thumbnails")
        #expect(cache.thumbnailPath(forURI: uri, size: .normal) == "/home/jens/.cache/thumbnails/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(cache.failurePath(forURI: uri) == "/home/jens/.cache/thumbnails/fail/cardviewer-1.0/c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    @Test func urisArePercentEncodedAsGLibWritesThem() {
        #expect(FileURI.uri(forPath: "/tmp/a b/ç#%?.jpg") == "file:///tmp/a%20b/%C3%A7%23%25%3F.jpg")
        #expect(FileURI.uri(forPath: "/p/!$&'()*+,-.:=@_~/x") == "file:///p/!$&'()*+,-.:=@_~/x")
        #expect(FileURI.uri(forPath: "/p/[x]{y}|\\^`\"<>;.png") == "file:///p/%5Bx%5D%7By%7D%7C%5C%5E%60%22%3C%3E%3B.png")
        #expect(FileURI.uri(forPath: "/写真/фото.JPG") == "file:///%E5%86%99%E7%9C%9F/%D1%84%D0%BE%D1%82%D0%BE.JPG")
    }

    @Test("a name that is not UTF-8 is encoded by its real bytes, as GLib takes them from the file system")
    func urisOfNamesThatAreNotUTF8() {
        // "caf\xE9.jpg" and a folder "\xFF" as the file layer carries them (byte b is U+10FF00 + b).
        #expect(FileURI.uri(forPath: "/p/\u{10FFFF}/caf\u{10FFE9}.jpg") == "file:///p/%FF/caf%E9.jpg")
    }

    @Test func relativeAndDottedPathsBecomeCanonical() {
        #expect(FileURI.canonicalPath("photos/./a.jpg", workingDirectory: "/home/ann") == "/home/ann/photos/a.jpg")
        #expect(FileURI.canonicalPath("/home//ann/x/../b.jpg") == "/home/ann/b.jpg")
        #expect(FileURI.canonicalPath("../../../../a.jpg", workingDirectory: "/home") == "/a.jpg")
    }

    @Test func theCacheRootFollowsXDG() {
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "", "HOME": "/h"]) == "/h/.cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: [:]) == nil)
        #expect(ThumbnailCache(environment: [:]).mode == .off)
    }

    @Test func foldersAreChosenNearestAbove() {
        #expect(ThumbnailSize.nearestAbove(100) == .normal)
        #expect(ThumbnailSize.nearestAbove(128) == .normal)
        #expect(ThumbnailSize.nearestAbove(129) == .large)
        #expect(ThumbnailSize.nearestAbove(640) == .xxLarge)
        #expect(ThumbnailSize.nearestAbove(1025) == nil)
        #expect(ThumbnailSize.allCases.map(\.folderName) == ["normal", "large", "x-large", "xx-large"])
    }

    @Test func theFolderToSaveIntoCoversTheTarget() {
        let photo = PixelSize(width: 4000, height: 3000), layer = PixelSize(width: 320, height: 320)
        // 256×192 is short of a 320² layer; 512×384 covers it (stretched) and 427×320 (cover).
        #expect(ThumbnailSize.nearestCovering(.stretch(layer), pictureSize: photo) == .xLarge)
        #expect(ThumbnailSize.nearestCovering(.cover(layer), pictureSize: photo) == .xLarge)
        #expect(ThumbnailSize.nearestCovering(.fit(PixelSize(width: 200, height: 200)), pictureSize: photo) == .large)
        // A 4:1 panorama over a square layer needs 320 pixels down (1280 across): no folder has them.
        #expect(ThumbnailSize.nearestCovering(.stretch(layer), pictureSize: PixelSize(width: 8000, height: 2000)) == nil)
        #expect(ThumbnailSize.nearestCovering(.cover(layer), pictureSize: PixelSize(width: 8000, height: 2000)) == nil)
        // A picture smaller than a folder is whole there.
        #expect(ThumbnailSize.nearestCovering(.stretch(layer), pictureSize: PixelSize(width: 100, height: 80)) == .normal)
    }
}
