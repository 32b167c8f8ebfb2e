import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
import CardThumbnails
import Foundation
import Testing

/// WebP, TIFF and GIF end to end (SPEC §10 "Formats"): a folder holding one picture of each,
/// written by the formats' own libraries, and a broken TIFF, shown by the real viewer
/// (`cardviewer run --headless`, a screenshot read back as pixels): each picture's colour is on
/// screen, the broken file gives one warning line and no library noise, and each good picture's
/// thumbnail lands in the shared cache with its MIME type.
@Suite("WebP, TIFF and GIF in a folder (run --headless, pixels and thumbnails)", .serialized)
struct FormatRenderTests {
    static let pictures: [(name: String, color: (r: UInt8, g: UInt8, b: UInt8), mime: String)] = [
        ("a.webp", (210, 40, 40), "image/webp"), ("b.tif", (40, 170, 60), "image/tiff"), ("c.gif", (40, 70, 210), "image/gif"),
    ]

    static func write(_ name: String, color c: (r: UInt8, g: UInt8, b: UInt8), to folder: URL) throws {
        let image = RGBAImage(width: 300, height: 200, fill: (c.r, c.g, c.b, 255))
        let bytes: [UInt8] = switch name {
        case "a.webp": WebPEncoder.encode(image, lossless: false, quality: 95)
        // Stored a quarter turned, with the tag that turns it back (as cameras write).
        case "b.tif": TIFFEncoder.encode(RGBAImage(width: 200, height: 300, fill: (c.r, c.g, c.b, 255)), layout: .strips(rows: 16),
                                         orientation: 6, compression: .lzw)
        default: GIFEncoder.encode(canvas: PixelSize(width: 300, height: 200), palette: [(c.r, c.g, c.b)],
                                   frames: [GIFEncoder.Frame(indices: [UInt8](repeating: 0, count: 300 * 200), width: 300, height: 200)])
        }
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    @Test func eachFormatIsShownAndCachedAndABrokenOneIsOneLine() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let images = directory.url("images"), cacheHome = directory.url("cache")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for picture in Self.pictures { try Self.write(picture.name, color: picture.color, to: images) }
        let good = try Data(contentsOf: images.appendingPathComponent("b.tif"))
        try good.prefix(good.count / 2).write(to: images.appendingPathComponent("d-broken.tif"))
        let script = directory.url("script.json"), shot = directory.url("shot.png")
        try Data(#"{"events": [{"time": 0, "type": "waitForPictures"}], "end": 0.1}"#.utf8).write(to: script)
        let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", script.path, "--size", "800x500", "--layout", "grid",
                                                  "--images", images.path, "--thumbnail-cache", "readwrite", "--screenshot", shot.path],
                                                 environment: ["XDG_CACHE_HOME": cacheHome.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("d-broken.tif"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("TIFFRead") && !outcome.stderr.contains("TIFFFetch"), "\(outcome.stderr)")
        let frame = try PNGCodec.read(contentsOf: shot.path)
        for picture in Self.pictures {
            #expect(WholePictureRenderTests.count(picture.color, in: frame) >= 2000, "\(picture.name) is not on screen")
        }
        let cache = ThumbnailCache(root: cacheHome.appendingPathComponent("thumbnails").path, mode: .read)
        for picture in Self.pictures {
            let uri = FileURI.uri(forPath: images.appendingPathComponent(picture.name).path)
            let written = ThumbnailSize.allCases.map { cache.thumbnailPath(forURI: uri, size: $0) }
                .filter { FileManager.default.fileExists(atPath: $0) }
            let path = try #require(written.first, "no thumbnail of \(picture.name)")
            let metadata = try ThumbnailMetadata(png: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(metadata.mimeType == picture.mime)
            #expect(metadata.imageSize == PixelSize(width: 300, height: 200), "\(picture.name): \(String(describing: metadata.imageSize))")
        }
    }
}
