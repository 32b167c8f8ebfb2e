import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
import CardThumbnails
import Foundation
import Testing

/// Photo folders end to end (issue 9): `cardviewer run --headless --replay` on generated
/// folders, its screenshots read back. Pictures load in the background; `waitForPictures`
/// makes the frames after it deterministic.
@Suite("cardviewer run --images: pictures streamed, fitted, at full resolution (end to end)")
struct PictureFolderReplayTests {
    /// A colour per picture index, far enough apart for a tolerance of 12 on each channel.
    static func color(_ index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8(30 + (index * 47) % 200), UInt8(30 + (index * 89) % 200), UInt8(30 + (index * 23) % 200))
    }

    /// The card's background (placeholders, and around a fitted picture): `cardBackground`.
    static let cardBackground: (r: UInt8, g: UInt8, b: UInt8) = (51, 54, 64)
    /// The window's background: `ClearColor.slate`.
    static let windowBackground: (r: UInt8, g: UInt8, b: UInt8) = (26, 28, 36)

    /// Screenshot paths the viewer printed (S), in the order taken.
    static func screenshots(_ outcome: ChildProcess.Outcome) -> [String] {
        outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("screenshot: ") }.map { String($0.dropFirst("screenshot: ".count)) }
    }

    @Test("a folder larger than the picture pool, scrolled end to end: placeholders first, then each card its own picture")
    func scrolledEndToEnd() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let count = 40
        for index in 0..<count {
            let c = Self.color(index)
            try PNGCodec.write(RGBAImage(width: 160, height: 120, fill: (c.r, c.g, c.b, 255)),
                               to: images.appendingPathComponent(String(format: "%02d.png", index)).path)
        }
        let before = try ViewerTest.contents(of: images)
        let viewport = Size(width: 640, height: 400), grid = GridLayout()
        let maximum = grid.maximumOffset(viewport: viewport, cardCount: count).y
        let page = viewport.height - 80  // Page Down: a viewport less 80 points
        let pages = Int((maximum / page).rounded(.up))
        // S at once (the first frame: nothing decoded yet), then after each wait; Page Down
        // (an animated scroll) every 1.5 s, the wait once it has settled.
        var events = [#"{"time": 0, "type": "key", "key": "s"}"#, #"{"time": 0.05, "type": "waitForPictures"}"#,
                      #"{"time": 0.05, "type": "key", "key": "s"}"#]
        for step in 1...pages {
            let t = 1.5 * Double(step)
            events += [#"{"time": \#(t - 1.4), "type": "key", "key": "pagedown"}"#, #"{"time": \#(t), "type": "waitForPictures"}"#,
                       #"{"time": \#(t), "type": "key", "key": "s"}"#]
        }
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": \#(1.5 * Double(pages) + 0.1)}"#
        let shots = try folder.folder("shots")
        // 12 card layers: fewer than the folder's 40 pictures, more than the 6 to 8 cards in view.
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--images", images.path, "--picture-layers", "12",
            "--screenshot-dir", shots.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let taken = Self.screenshots(outcome)
        try #require(taken.count == pages + 2, "\(outcome.stdout)")

        // The first frame: every card in view is its placeholder.
        let first = try PNGCodec.read(contentsOf: taken[0])
        for index in 0..<4 {
            let center = grid.slotFrame(at: index, viewport: viewport).center
            #expect(ViewerTest.pixel(first, Int(center.x), Int(center.y), is: Self.cardBackground, tolerance: 6),
                    "card \(index) at the start: \(first[Int(center.x), Int(center.y)])")
        }
        // After each wait: every card whose centre is in view shows its own picture's colour.
        var seen = Set<Int>()
        for (step, path) in taken.dropFirst().enumerated() {
            let image = try PNGCodec.read(contentsOf: path)
            let offset = min(Double(step) * page, maximum)
            for index in 0..<count {
                let center = grid.slotFrame(at: index, viewport: viewport).center - Vec2(0, offset)
                guard center.y > 8, center.y < viewport.height - 8 else { continue }
                seen.insert(index)
                #expect(ViewerTest.pixel(image, Int(center.x), Int(center.y), is: Self.color(index), tolerance: 12),
                        "step \(step), card \(index): \(image[Int(center.x), Int(center.y)]) instead of \(Self.color(index))")
            }
        }
        #expect(seen.count == count, "cards never in view: \(Set(0..<count).subtracting(seen).sorted())")
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)), "the folder changed")
    }

    @Test("portrait and panorama pictures are fitted in grid cards; SlideBox's card takes the photo's shape")
    func aspectIsKept() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let red: (r: UInt8, g: UInt8, b: UInt8) = (220, 40, 40), blue: (r: UInt8, g: UInt8, b: UInt8) = (40, 60, 220)
        try PNGCodec.write(RGBAImage(width: 100, height: 200, fill: (red.r, red.g, red.b, 255)), to: images.appendingPathComponent("1-portrait.png").path)
        try PNGCodec.write(RGBAImage(width: 400, height: 100, fill: (blue.r, blue.g, blue.b, 255)), to: images.appendingPathComponent("2-panorama.png").path)
        let viewport = Size(width: 640, height: 400)
        let grid = folder.url("grid.png"), slideBox = folder.url("slidebox.png")
        for (layout, shot) in [("grid", grid), ("slidebox", slideBox)] {
            let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: [
                "--size", "640x400", "--layout", layout, "--images", images.path, "--screenshot", shot.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        // Grid cards are 4:3. The portrait (1:2) is pillarboxed: 37.5 % of the card's width in
        // the middle; the panorama (4:1) letterboxed: 33 % of the card's height in the middle.
        let image = try PNGCodec.read(contentsOf: grid.path)
        func at(_ slot: Int, _ u: Double, _ v: Double) -> (Int, Int) {
            let frame = GridLayout().slotFrame(at: slot, viewport: viewport)
            return (Int(frame.minX + u * frame.size.width), Int(frame.minY + v * frame.size.height))
        }
        for (u, v, color) in [(0.5, 0.5, red), (0.35, 0.3, red), (0.65, 0.7, red), (0.2, 0.5, Self.cardBackground),
                               (0.8, 0.5, Self.cardBackground)] {
            let (x, y) = at(0, u, v)
            #expect(ViewerTest.pixel(image, x, y, is: color, tolerance: 8), "portrait at \(u), \(v): \(image[x, y])")
        }
        for (u, v, color) in [(0.5, 0.5, blue), (0.1, 0.4, blue), (0.9, 0.6, blue), (0.5, 0.2, Self.cardBackground),
                               (0.5, 0.8, Self.cardBackground)] {
            let (x, y) = at(1, u, v)
            #expect(ViewerTest.pixel(image, x, y, is: color, tolerance: 8), "panorama at \(u), \(v): \(image[x, y])")
        }
        // SlideBox: the front card is the portrait at the frame's height (0.6 H = 240 points),
        // 120 points wide: beside it, inside the 384-point frame, the window's background.
        // (At y = 120: above the panorama behind it, 0.9 × 384 × 86 points around the centre.)
        let front = try PNGCodec.read(contentsOf: slideBox.path)
        for (x, y, color) in [(320, 200, red), (270, 120, red), (370, 300, red), (240, 120, Self.windowBackground),
                               (400, 120, Self.windowBackground)] {
            let matches = ViewerTest.pixel(front, x, y, is: color, tolerance: 8)
            #expect(matches, "slidebox at \(x), \(y): \(front[x, y])")
        }
    }

    @Test("an opened page shows a one-pixel checkerboard at full contrast: the full-resolution picture")
    func openedCardAtFullResolution() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        var checker = RGBAImage(width: 480, height: 300)
        for y in 0..<300 {
            for x in 0..<480 { checker[x, y] = (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        }
        for index in 0..<4 { try PNGCodec.write(checker, to: images.appendingPathComponent("page\(index).png").path) }
        let shot = folder.url("open.png"), rest = folder.url("rest.png")
        let open = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "click", "x": 240, "y": 260}], "end": 1.0}"#, in: folder.url,
                                         arguments: ["--size", "480x300", "--images", images.path, "--screenshot", shot.path])
        #expect(open.status == 0, "\(open.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        // Every pixel of a block in the middle is black or white, alternating.
        var full = 0, total = 0
        for y in 120..<180 {
            for x in 200..<280 {
                let p = image[x, y], expected: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                total += 1
                if abs(Int(p.r) - Int(expected)) <= 24, abs(Int(p.g) - Int(expected)) <= 24 { full += 1 }
            }
        }
        #expect(full == total, "\(total - full) of \(total) pixels are not at full contrast")
        // Not opened, the same pictures on the tilted pages are drawn from the mip-mapped card
        // tier: no such contrast (the control).
        let resting = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url,
                                            arguments: ["--size", "480x300", "--images", images.path, "--screenshot", rest.path])
        #expect(resting.status == 0, "\(resting.stderr)")
        let tilted = try PNGCodec.read(contentsOf: rest.path)
        var contrast = 0
        for x in 200..<280 where abs(Int(tilted[x, 150].r) - Int(tilted[x + 1, 150].r)) > 200 { contrast += 1 }
        #expect(contrast < 8, "\(contrast) full-contrast steps on a tilted page")
    }

    @Test("titles in any script: real glyphs, unlike a title of characters no font has")
    func nonASCIITitles() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        // Three cards side by side in a one-row grid: CJK, Cyrillic and Latin with accents, and
        // the control, four characters of a private use area that no installed font has (boxes).
        let names = ["1 東京の夏", "2 Жук Ünïcødé", "3 \u{10FFFD}\u{10FFFD}\u{10FFFD}\u{10FFFD}"]
        for name in names {
            try PNGCodec.write(RGBAImage(width: 160, height: 120, fill: (90, 120, 90, 255)), to: images.appendingPathComponent(name + ".png").path)
        }
        let shot = folder.url("titles.png")
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: [
            "--size", "900x400", "--layout", "grid", "--images", images.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        let viewport = Size(width: 900, height: 400)
        // The title band: the bottom of the card, 10 % of its shorter side (16…44 points) high.
        func band(_ slot: Int) -> [Int] {
            let frame = GridLayout().slotFrame(at: slot, viewport: viewport)
            let strip = min(max(0.1 * min(frame.size.width, frame.size.height), 16), 44)
            var values: [Int] = []
            for y in Int(frame.maxY - strip)..<Int(frame.maxY - 4) {
                for x in Int(frame.minX + 8)..<Int(frame.minX + frame.size.width * 0.6) { values.append(Int(image[x, y].g)) }
            }
            return values
        }
        let bands = (0..<3).map(band)
        // Text is light grey to white on the dark band (≈ 25): small glyphs are antialiased.
        let inked = bands.map { $0.filter { $0 > 110 }.count }
        #expect(inked[0] > 40 && inked[1] > 40 && inked[2] > 20, "bright text pixels: \(inked)")
        // The CJK and Cyrillic titles are not drawn as the control's boxes.
        for index in 0..<2 {
            let differing = zip(bands[index], bands[2]).filter { abs($0 - $1) > 40 }.count
            #expect(differing > bands[2].count / 20, "title \(index) looks like the boxes: \(differing) of \(bands[2].count) differ")
        }
    }

    @Test("JPEG folders: EXIF orientation upright in the viewer")
    func jpegOrientation() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        // Upright: red top-left, green top-right, blue bottom-left, white bottom-right (4:3).
        let quadrants: [(r: UInt8, g: UInt8, b: UInt8)] = [(220, 30, 30), (30, 200, 30), (30, 30, 220), (240, 240, 240)]
        var upright = RGBAImage(width: 160, height: 120)
        for y in 0..<120 {
            for x in 0..<160 {
                let q = quadrants[(y < 60 ? 0 : 2) + (x < 80 ? 0 : 1)]
                upright[x, y] = (q.r, q.g, q.b, 255)
            }
        }
        // Stored turned a quarter counter-clockwise, with EXIF orientation 6 (turn clockwise to show).
        var stored = RGBAImage(width: 120, height: 160)
        for y in 0..<120 {
            for x in 0..<160 { stored[y, 159 - x] = upright[x, y] }
        }
        let jpeg = JPEGEncoder.withOrientation(try JPEGEncoder.encode(stored, quality: 95, color: .ycbcr444), .right)
        try Data(jpeg).write(to: images.appendingPathComponent("turned.JPG"))
        let shot = folder.url("jpeg.png")
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--images", images.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        let frame = GridLayout().slotFrame(at: 0, viewport: Size(width: 640, height: 400))
        for (index, (u, v)) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.7), (0.75, 0.7)].enumerated() {
            let x = Int(frame.minX + u * frame.size.width), y = Int(frame.minY + v * frame.size.height)
            #expect(ViewerTest.pixel(image, x, y, is: quadrants[index], tolerance: 24), "quadrant \(index): \(image[x, y])")
        }
    }
}

/// The freedesktop.org thumbnail cache as the viewer uses it: written by a first start,
/// conformant, used by the next start instead of the photos; `off` and `read` write nothing.
@Suite("cardviewer run --images: the thumbnail cache (end to end)")
struct ThumbnailCacheReplayTests {
    @Test("thumbnails written by the first start are conformant and used by the second; off and read write nothing")
    func writtenAndReused() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = folder.url("images"), cacheHome = folder.url("cache")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [(200, 60, 40), (50, 170, 80), (60, 80, 200)]
        var photos: [URL] = []
        for (index, c) in colors.enumerated() {
            let photo = images.appendingPathComponent("photo\(index).jpg")
            try Data(try JPEGEncoder.encode(RGBAImage(width: 400, height: 300, fill: (c.r, c.g, c.b, 255)), quality: 95,
                                            color: .ycbcr444)).write(to: photo)
            photos.append(photo)
        }
        let environment: [String: String?] = ["XDG_CACHE_HOME": cacheHome.path]
        let root = cacheHome.appendingPathComponent("thumbnails")
        func start(_ mode: String, screenshot: URL? = nil) throws -> ChildProcess.Outcome {
            let script = folder.url("script.json")
            try Data(#"{"events": [{"time": 0, "type": "waitForPictures"}], "end": 0.1}"#.utf8).write(to: script)
            return try ChildProcess.runViewer(["run", "--headless", "--replay", script.path, "--size", "640x400", "--layout", "grid",
                                               "--images", images.path, "--thumbnail-cache", mode]
                                              + (screenshot.map { ["--screenshot", $0.path] } ?? []), environment: environment)
        }
        for mode in ["off", "read"] {
            let outcome = try start(mode)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root.path), "--thumbnail-cache \(mode) wrote \(root.path)")
        }
        let first = try start("readwrite")
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let cache = ThumbnailCache(root: root.path, mode: .read)
        for photo in photos {
            let uri = FileURI.uri(forPath: photo.path)
            let written = ThumbnailSize.allCases.map { cache.thumbnailPath(forURI: uri, size: $0) }
                .filter { FileManager.default.fileExists(atPath: $0) }
            try #require(written.count == 1, "thumbnails of \(photo.lastPathComponent): \(written)")
            let attributes = try FileManager.default.attributesOfItem(atPath: written[0])
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let folderMode = try FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: written[0]).deletingLastPathComponent().path)[.posixPermissions] as? Int
            #expect(folderMode == 0o700)
            let metadata = try ThumbnailMetadata(png: Array(try Data(contentsOf: URL(fileURLWithPath: written[0]))))
            let stamp = try #require(ThumbnailCache.stamp(of: photo.path))
            #expect(metadata.uri == uri && metadata.matches(uri: uri, stamp: stamp), "\(metadata)")
            #expect(metadata.modificationTime == stamp.modificationTime && metadata.fileSize == stamp.size)
        }
        // Each photo's bytes replaced by zeros of the same length, its time put back: only its
        // thumbnail can show its colour now.
        for photo in photos {
            let date = try FileManager.default.attributesOfItem(atPath: photo.path)[.modificationDate] as? Date
            let length = try Data(contentsOf: photo).count
            try Data(count: length).write(to: photo)
            try FileManager.default.setAttributes([.modificationDate: try #require(date)], ofItemAtPath: photo.path)
        }
        let shot = folder.url("second.png")
        let second = try start("readwrite", screenshot: shot)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        for (index, color) in colors.enumerated() {
            let center = GridLayout().slotFrame(at: index, viewport: Size(width: 640, height: 400)).center
            guard center.y < 392 else { continue }
            let shown = ViewerTest.pixel(image, Int(center.x), Int(center.y), is: color, tolerance: 12)
            #expect(shown, "photo \(index) from its thumbnail: \(image[Int(center.x), Int(center.y)])")
        }
        // The control: without the cache the same files are unreadable, one warning each.
        let control = try start("off")
        #expect(control.status == 0)
        #expect(control.errorLines.count == min(colors.count, 2) || control.errorLines.count == colors.count, "\(control.stderr)")
        #expect(control.stderr.contains("photo0.jpg"), "\(control.stderr)")
    }
}
