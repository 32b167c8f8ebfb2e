import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// The photo view's tiles end to end (SPEC §10, "Pictures of any size, whole"): a picture far
/// larger than the window, at 100 %, shows each picture pixel on its own screen pixel — across
/// the seams between tiles, and at the picture's far corner after a pan — which only the tiles
/// of level 0 can show (the full tier holds the window's pixels).
@Suite("cardviewer run --headless: the photo view's tiles (end to end)")
struct PhotoTilesReplayTests {
    /// Picture pixel (x, y): red x mod 256, green y mod 256, blue by 256-pixel blocks.
    static func color(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8(x % 256), UInt8(y % 256), UInt8((x / 256 + y / 256) % 2 * 255))
    }

    static func picture(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                image[x, y] = (c.r, c.g, c.b, 255)
            }
        }
        return image
    }

    @Test("100 %: each screen pixel is its picture pixel, across tile seams and at the far corner", arguments: ["png", "jpg"])
    func hundredPercent(format: String) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let (width, height) = (3000, 2000)
        let picture = Self.picture(width: width, height: height)
        let path = images.appendingPathComponent("big.\(format)").path
        if format == "png" {
            try PNGCodec.write(picture, to: path)
        } else {
            try Data(JPEGEncoder.encode(picture, quality: 100, color: .ycbcr444)).write(to: URL(fileURLWithPath: path))
        }
        let shots = try folder.folder("shots")
        // Enter opens it fitted; Z with the pointer at the centre is 100 % about it (in a deck of
        // pictures `1` rates); eight Rights and eight Downs pan to the bottom-right corner (an
        // eighth of the window each, clamped at the edges). The card's picture first (its size
        // known); a size learnt after the zoom keeps 100 % (`PhotoGeometry.update`).
        var events = [#"{"time": 0.05, "type": "waitForPictures"}"#,
                      #"{"time": 0.1, "type": "key", "key": "enter"}"#, #"{"time": 0.5, "type": "waitForPictures"}"#,
                      #"{"time": 0.5, "type": "move", "x": 320, "y": 200}"#,
                      #"{"time": 0.55, "type": "key", "key": "z"}"#, #"{"time": 0.6, "type": "waitForPictures"}"#,
                      #"{"time": 0.7, "type": "key", "key": "s"}"#]
        for step in 0..<40 {
            events.append(#"{"time": \#(0.8 + 0.01 * Double(step)), "type": "key", "key": "\#(step % 2 == 0 ? "right" : "down")"}"#)
        }
        events += [#"{"time": 1.5, "type": "waitForPictures"}"#, #"{"time": 1.5, "type": "key", "key": "s"}"#]
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": 1.6}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--images", images.path, "--thumbnail-cache", "off", "--screenshot-dir", shots.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let taken = PictureFolderReplayTests.screenshots(outcome)
        try #require(taken.count == 2, "\(outcome.stdout)")
        let centre = try PNGCodec.read(contentsOf: taken[0]), corner = try PNGCodec.read(contentsOf: taken[1])
        // A lossless PNG is exact; a JPEG of quality 100 (4:4:4) within a few levels, its DCT
        // ringing at the picture's own sharp edges (red wraps every 256 pixels) included.
        let tolerance = format == "png" ? 2 : 16
        // 100 % about the centre: screen pixel (sx, sy) shows picture pixel (1180 + sx, 800 + sy).
        // Level 0's tiles are 512 pixels: seams at picture x 1536 (screen 356), y 1024 (screen 224).
        var wrong: [String] = []
        for sy in [2, 100, 222, 223, 224, 225, 300, 397] {
            for sx in [3, 200, 354, 355, 356, 357, 500, 560, 636] {
                let want = Self.color(1180 + sx, 800 + sy)
                if !ViewerTest.pixel(centre, sx, sy, is: want, tolerance: tolerance) { wrong.append("centre (\(sx), \(sy)): \(centre[sx, sy]) not \(want)") }
            }
        }
        // Panned to the corner: screen pixel (sx, sy) shows picture pixel (2360 + sx, 1600 + sy).
        for sy in [3, 200, 396] {
            for sx in [3, 320, 636] {
                let want = Self.color(2360 + sx, 1600 + sy)
                if !ViewerTest.pixel(corner, sx, sy, is: want, tolerance: tolerance) { wrong.append("corner (\(sx), \(sy)): \(corner[sx, sy]) not \(want)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
    }
    /// Picture `k` of a burst, pixel (x, y): red shifted by 40 × k, green y mod 256, blue a
    /// checkerboard of single pixels (averaged to grey by anything but level 0's tiles).
    static func burstColor(_ x: Int, _ y: Int, picture k: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8((x + 40 * k) % 256), UInt8(y % 256), (x + y) % 2 == 0 ? 255 : 0)
    }

    @Test("a burst at 100 %: the next picture of the same size shows at the same zoom and point, sharp in the step's frame")
    func burstKeepsTheZoomWithTilesMadeAhead() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let (width, height) = (3000, 2000)
        for k in 0..<3 {
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let c = Self.burstColor(x, y, picture: k)
                    image[x, y] = (c.r, c.g, c.b, 255)
                }
            }
            try PNGCodec.write(image, to: images.appendingPathComponent("burst-\(k).png").path)
        }
        let shots = try folder.folder("shots")
        // 100 % about the centre (Z at the centre), four Rights (80 points each); the wait takes the next
        // picture's tiles made ahead; Space then shows it in the very next frame, screenshotted
        // without a wait. Shift+Z then turns the lock off: the third picture opens fitted.
        let events = [#"{"time": 0.05, "type": "waitForPictures"}"#,
                      #"{"time": 0.1, "type": "key", "key": "enter"}"#, #"{"time": 0.5, "type": "waitForPictures"}"#,
                      #"{"time": 0.5, "type": "move", "x": 320, "y": 200}"#,
                      #"{"time": 0.55, "type": "key", "key": "z"}"#, #"{"time": 0.6, "type": "waitForPictures"}"#,
                      #"{"time": 0.61, "type": "key", "key": "right"}"#, #"{"time": 0.62, "type": "key", "key": "right"}"#,
                      #"{"time": 0.63, "type": "key", "key": "right"}"#, #"{"time": 0.64, "type": "key", "key": "right"}"#,
                      #"{"time": 0.7, "type": "waitForPictures"}"#, #"{"time": 0.7, "type": "key", "key": "s"}"#,
                      #"{"time": 0.8, "type": "key", "key": "space"}"#, #"{"time": 0.81, "type": "key", "key": "s"}"#,
                      #"{"time": 0.9, "type": "key", "key": "z", "mods": ["shift"]}"#,
                      #"{"time": 0.95, "type": "key", "key": "space"}"#, #"{"time": 1.0, "type": "waitForPictures"}"#,
                      #"{"time": 1.0, "type": "key", "key": "s"}"#]
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": 1.1}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--images", images.path, "--thumbnail-cache", "off", "--screenshot-dir", shots.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let taken = PictureFolderReplayTests.screenshots(outcome)
        try #require(taken.count == 3, "\(outcome.stdout)")
        let first = try PNGCodec.read(contentsOf: taken[0]), stepped = try PNGCodec.read(contentsOf: taken[1])
        let unlocked = try PNGCodec.read(contentsOf: taken[2])
        // 100 % about the centre, panned 320 points right: screen (sx, sy) shows picture pixel
        // (1500 + sx, 800 + sy) of the first picture, then of the second.
        var wrong: [String] = []
        for (shot, k) in [(first, 0), (stepped, 1)] {
            for sy in [2, 101, 224, 397] {
                for sx in [3, 200, 355, 356, 501, 636] {
                    let want = Self.burstColor(1500 + sx, 800 + sy, picture: k)
                    if !ViewerTest.pixel(shot, sx, sy, is: want, tolerance: 2) { wrong.append("picture \(k) (\(sx), \(sy)): \(shot[sx, sy]) not \(want)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
        // Unlocked: fitted (600 × 400 between two 20-point bars), the checkerboard averaged to
        // grey, where 100 % would show 0 or 255.
        let centre = unlocked[320, 200]
        #expect(abs(Int(centre.b) - 128) < 40, "centre \(centre)")
        #expect(!ViewerTest.pixel(unlocked, 5, 200, is: (centre.r, centre.g, centre.b), tolerance: 30), "the bar shows the picture")
    }
}
