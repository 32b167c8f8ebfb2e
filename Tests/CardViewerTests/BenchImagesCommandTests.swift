import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `cardviewer bench --images DIR` end to end on a small generated folder: the built
/// executable, its report and JSON, its exit statuses; the folder and the user's thumbnail
/// cache untouched. No timing thresholds: times are checked for order and arithmetic only.
@Suite("cardviewer bench --images (end to end)")
struct BenchImagesCommandTests {
    /// Pictures of the test folder: 3 PNG and 3 JPEG, 800 × 600 (large enough for thumbnails).
    static let pictureSize = (width: 800, height: 600)
    static let small = ["--size", "320x200", "--frames", "6", "--limit", "4"]

    /// A folder of 3 PNG and 3 JPEG files of distinct colours, with a text file beside them.
    static func photoFolder(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<6 {
            let c = ViewerTest.colors[index % ViewerTest.colors.count]
            let image = RGBAImage(width: pictureSize.width, height: pictureSize.height, fill: (c.r, c.g, c.b, 255))
            let name = String(format: "photo%02d", index)
            if index % 2 == 0 {
                try PNGCodec.write(image, to: folder.appendingPathComponent(name + ".png").path)
            } else {
                try Data(try JPEGEncoder.encode(image, quality: 90)).write(to: folder.appendingPathComponent(name + ".jpg"))
            }
        }
        try Data("not a picture\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return folder
    }

    /// The `images` object of the JSON report, and the report's top level.
    static func report(at path: URL) throws -> (top: [String: Any], images: [String: Any]) {
        let top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        return (top, try #require(top["images"] as? [String: Any]))
    }

    static func number(_ object: [String: Any], _ path: String) -> Double {
        var current: Any? = object
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        return (current as? NSNumber)?.doubleValue ?? .nan
    }

    /// Checks what holds for any run: counts against the folder, times in order, rates from
    /// their own counts and durations.
    static func checkCommon(_ images: [String: Any], top: [String: Any]) {
        func n(_ path: String) -> Double { number(images, path) }
        #expect(top["schema"] as? String == "cardviewer-bench/2")
        #expect((top["results"] as? [Any])?.isEmpty == true)
        #expect(number(top, "settings.imageLayers") == n("cardTierLayers"))
        #expect(n("pictures") == 6, "the folder's 6 pictures (notes.txt is not one)")
        #expect(images["layout"] as? String == "grid")
        #expect(n("workers") >= 1 && n("cardTierSide") >= 256 && n("cardTierLayers") >= 1)
        // The cold start: listing ≤ ready ≤ first frame ≤ first screen.
        #expect(n("cold.listing") > 0 && n("cold.listing") <= n("cold.prepared"))
        #expect(n("cold.prepared") < n("cold.firstFrame"))
        #expect(n("cold.firstScreen") >= n("cold.firstFrame"))
        #expect(n("cold.firstScreenAfterFirstFrame") == n("cold.firstScreen") - n("cold.firstFrame"))
        #expect(n("cold.cardsInView") >= 1 && n("cold.cardsInView") <= 6)
        #expect(n("cold.picturesLoaded") >= n("cold.cardsInView"))
        #expect(n("cold.maximumResidentBytes") > 10_000_000 && n("cold.maximumResidentBytes") <= n("endToEnd.maximumResidentBytes"))
        // The scroll: both passes have every frame; after them, nothing was left to load.
        #expect(n("scroll.frames") == 6 && n("scroll.loading.count") == 6 && n("scroll.after.count") == 6)
        for pass in ["loading", "after"] {
            #expect(n("scroll.\(pass).min") > 0)
            #expect(n("scroll.\(pass).median") <= n("scroll.\(pass).p99") && n("scroll.\(pass).p99") <= n("scroll.\(pass).max"))
        }
        #expect(abs(n("scroll.p99Ratio") - n("scroll.loading.p99") / n("scroll.after.p99")) < 1e-9)
        #expect(n("scroll.afterPicturesLoaded") == 0 && n("scroll.afterFramesWaiting") == 0)
        // End to end through the first 4 cards: every picture shown once, the rate its own.
        #expect(n("endToEnd.cards") == 4)
        #expect(n("endToEnd.picturesLoaded") >= 4 && n("endToEnd.picturesLoaded") <= 6)
        #expect(n("endToEnd.duration") > 0)
        let rate = n("endToEnd.picturesLoaded") / (n("endToEnd.duration") / 1e9)
        #expect(abs(n("endToEnd.picturesPerSecond") - rate) <= 1e-9 * rate)
        #expect(abs(n("endToEnd.meanSourceMegapixels") - 0.48) < 1e-9, "800 × 600 = 0.48 MP")
        #expect(abs(n("endToEnd.megapixelsPerSecond") - rate * 0.48) <= 1e-6 * rate)
        #expect(n("endToEnd.maximumResidentBytes") > 10_000_000)
        #expect(n("endToEnd.pictureResidentBytes") > 0 && n("endToEnd.pictureResidentBytes") <= n("endToEnd.picturePoolBytes"))
        #expect(n("endToEnd.unreadable") == 0)
        // With the cache written, the background thumbnailing may make the thumbnails of cards
        // ahead of the scroll before it reaches them (SPEC §10): those load from thumbnails.
        #expect(n("endToEnd.fromThumbnails") >= 0 && n("endToEnd.fromThumbnails") <= n("endToEnd.picturesLoaded"))
    }

    @Test("cold and warm starts, scroll, end to end: every field sane; the folder and the user's cache untouched")
    func readwrite() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try Self.photoFolder(in: directory.url)
        let before = try ViewerTest.contents(of: folder)
        let cacheHome = directory.url("cache"), json = directory.url("bench.json")
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        // The run's own temporary folder, to see that its cache roots are removed.
        let temporary = try directory.folder("tmp")
        let outcome = try ChildProcess.runViewer(["bench", "--images", folder.path, "--json", json.path] + Self.small,
                                                 environment: ["XDG_CACHE_HOME": cacheHome.path, "TMPDIR": temporary.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let (top, images) = try Self.report(at: json)
        Self.checkCommon(images, top: top)
        func n(_ path: String) -> Double { Self.number(images, path) }
        #expect(images["thumbnailCache"] as? String == "readwrite")
        // Cold: the pictures in view were decoded (a picture prefetched after the background
        // thumbnailing made its thumbnail comes from it); thumbnails were saved before the second pass.
        #expect(n("cold.fromThumbnails") <= n("cold.picturesLoaded") - n("cold.cardsInView"))
        #expect(n("scroll.thumbnailsOnDisk") == 6, "every picture shown had its thumbnail saved while idle")
        // Warm: the first screen from those thumbnails, after the first frame.
        let warm = try #require(images["warm"] as? [String: Any])
        #expect(Self.number(warm, "start.firstScreen") >= Self.number(warm, "start.firstFrame"))
        #expect(Self.number(warm, "start.firstFrame") > 0)
        #expect(Self.number(warm, "start.fromThumbnails") == Self.number(warm, "start.picturesLoaded"))
        #expect(Self.number(warm, "start.picturesLoaded") >= Self.number(warm, "start.cardsInView"))
        #expect(Self.number(warm, "picturesPerSecond") > 0)
        #expect(images["vips"] == nil)
        // Background thumbnailing: the whole folder, at its own rate.
        let background = try #require(images["background"] as? [String: Any])
        #expect(Self.number(background, "pictures") == 6)
        #expect(Self.number(background, "made") >= 0 && Self.number(background, "made") <= 6)
        let duration = Self.number(background, "duration")
        #expect(duration > 0)
        #expect(abs(Self.number(background, "picturesPerSecond") - 6 / (duration / 1e9)) <= 1e-9 * 6 / (duration / 1e9))
        #expect(Self.number(background, "firstScreen") >= Self.number(background, "firstFrame"))
        #expect(Self.number(background, "maximumResidentBytes") > 10_000_000)
        // The text report says the same.
        for line in ["cold start: listing", "scroll: 6 frames", "while loading", "after", "end to end (cold): 4 cards",
                     "warm start: listing", "background thumbnailing (cold, at rest): 6 pictures", "peak memory"] {
            #expect(outcome.stdout.contains(line), "\(line)\n\(outcome.stdout)")
        }
        // Nothing in the folder changed; the user's cache got no thumbnails (the runs used
        // their own temporary roots, removed at the end).
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: folder)))
        #expect(!FileManager.default.fileExists(atPath: cacheHome.appendingPathComponent("thumbnails").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.isEmpty, "temporary cache roots left behind: \(left)")
    }

    /// True when `vipsthumbnail` is on PATH.
    static var hasVips: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/vipsthumbnail") }
    }

    @Test("--thumbnail-cache off: no warm start, nothing from thumbnails; --compare-vips reports vips on the same files",
          .enabled(if: hasVips, "vipsthumbnail (libvips-tools) is not installed"))
    func offWithVips() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try Self.photoFolder(in: directory.url)
        let before = try ViewerTest.contents(of: folder)
        let json = directory.url("bench.json")
        let outcome = try ChildProcess.runViewer(["bench", "--images", folder.path, "--thumbnail-cache", "off", "--compare-vips",
                                                  "--json", json.path] + Self.small)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let (top, images) = try Self.report(at: json)
        Self.checkCommon(images, top: top)
        #expect(images["thumbnailCache"] as? String == "off")
        #expect(images["warm"] == nil && !outcome.stdout.contains("warm start"))
        #expect(images["background"] == nil && !outcome.stdout.contains("background thumbnailing"), "nothing is written with off")
        #expect(Self.number(images, "scroll.thumbnailsOnDisk") == 0 && Self.number(images, "cold.fromThumbnails") == 0)
        #expect(Self.number(images, "endToEnd.fromThumbnails") == 0)  // no cache, no thumbnails
        let vips = try #require(images["vips"] as? [String: Any])
        func v(_ key: String) -> Double { Self.number(vips, key) }
        #expect(v("pictures") == 4 && v("processes") == Self.number(images, "workers") && v("failedRuns") == 0)
        #expect(v("side") == Self.number(images, "cardTierSide"))
        #expect(abs(v("picturesPerSecond") - v("pictures") / (v("duration") / 1e9)) <= 1e-9 * v("picturesPerSecond"))
        #expect(abs(v("ratio") - Self.number(images, "endToEnd.picturesPerSecond") / v("picturesPerSecond")) <= 1e-9 * v("ratio"))
        #expect(outcome.stdout.contains("vipsthumbnail -s") && outcome.stdout.contains("ours / vips"))
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: folder)))
    }

    @Test("--compare-vips without vipsthumbnail on PATH: exit status 1 and one line, before measuring")
    func vipsMissing() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = try Self.photoFolder(in: directory.url)
        let outcome = try ChildProcess.runViewer(["bench", "--images", folder.path, "--compare-vips"] + Self.small,
                                                 environment: ["PATH": directory.path])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("vipsthumbnail"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test("bad input: exit status 2 and one line",
          arguments: [
            (["--images", "/nonexistent-cardviewer-photos"], "nonexistent-cardviewer-photos"),
            (["--images", "EMPTY"], "no PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF or camera RAW pictures"),
            (["--images", "EMPTY", "--sweep", "10,20"], "--sweep"),
            (["--images", "EMPTY", "--layout", "all"], "layout"),
            (["--images", "EMPTY", "--cards", "10"], "--cards"),
            (["--images", "EMPTY", "--limit", "0"], "limit"),
            (["--images", "EMPTY", "--thumbnail-cache", "sometimes"], "thumbnail-cache"),
            (["--limit", "5"], "--images"),
            (["--compare-vips"], "--images"),
            (["--thumbnail-cache", "off"], "--images"),
          ])
    func badInput(arguments: [String], mentioned: String) throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        // An "empty" folder: a file that is not a picture only.
        let empty = try directory.folder("empty")
        try Data("x".utf8).write(to: empty.appendingPathComponent("readme.txt"))
        let outcome = try ChildProcess.runViewer(["bench"] + arguments.map { $0 == "EMPTY" ? empty.path : $0 })
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }
}
