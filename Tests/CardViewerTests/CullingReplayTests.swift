import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// The culling marks on screen (SPEC §10), end to end through `cardviewer run --headless
/// --replay` on a small folder, screenshots read back: P and Ctrl+3 give a card a green pick
/// flag and three gold stars in its top-left corner, X dims a card to 35 % and crosses it out
/// in red, Ctrl+1 draws one star (a third of three stars' gold), an unmarked card has none; the
/// photo view shows its picture's mark in its corner; V with picks only leaves the picked card alone.
@Suite("cardviewer run --headless: culling marks (end to end)")
struct CullingReplayTests {
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static func gold(_ p: Pixel) -> Bool { p.r > 200 && p.g > 150 && p.g < 225 && p.b < 90 }
    static func green(_ p: Pixel) -> Bool { p.g > 170 && p.r < 120 && p.b < 140 }
    static func red(_ p: Pixel) -> Bool { p.r > 200 && p.g < 100 && p.b < 100 }

    /// Pixels of `image` in `rect` (pixels) that `test` accepts.
    static func count(_ image: RGBAImage, in rect: Rect, _ test: (Pixel) -> Bool) -> Int {
        var n = 0
        for y in max(Int(rect.origin.y), 0)..<min(Int(rect.origin.y + rect.size.height), image.height) {
            for x in max(Int(rect.origin.x), 0)..<min(Int(rect.origin.x + rect.size.width), image.width) where test(image[x, y]) {
                n += 1
            }
        }
        return n
    }

    /// The top-left corner of a card's frame where its mark sits: 60 % of its width, 25 % of its height.
    static func corner(_ frame: Rect) -> Rect {
        Rect(x: frame.origin.x, y: frame.origin.y, width: frame.size.width * 0.6, height: frame.size.height * 0.25)
    }

    @Test("P, Ctrl+3, X, Ctrl+1 and V: flags, stars, a dimmed crossed-out card, the photo view's mark")
    func marksOnScreen() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [(40, 80, 200), (90, 90, 90), (30, 170, 170), (150, 50, 180)]
        for (i, c) in colors.enumerated() {
            try PNGCodec.write(RGBAImage(width: 320, height: 200, fill: (c.r, c.g, c.b, 255)),
                               to: images.appendingPathComponent("0\(i + 1).png").path)
        }
        let before = try ViewerTest.contents(of: images)
        let shots = try folder.folder("shots")
        let events = [
            #"{"time": 0.1, "type": "key", "key": "p"}"#, #"{"time": 0.2, "type": "key", "key": "3", "mods": ["ctrl"]}"#,
            #"{"time": 0.3, "type": "key", "key": "right"}"#, #"{"time": 0.4, "type": "key", "key": "x"}"#,
            #"{"time": 0.5, "type": "key", "key": "right"}"#, #"{"time": 0.6, "type": "key", "key": "1", "mods": ["ctrl"]}"#,
            #"{"time": 1.0, "type": "waitForPictures"}"#, #"{"time": 1.0, "type": "key", "key": "s"}"#,
            #"{"time": 1.1, "type": "key", "key": "left"}"#, #"{"time": 1.2, "type": "key", "key": "left"}"#,
            #"{"time": 1.3, "type": "key", "key": "enter"}"#, #"{"time": 1.8, "type": "waitForPictures"}"#,
            #"{"time": 1.8, "type": "key", "key": "s"}"#,
            #"{"time": 1.9, "type": "key", "key": "escape"}"#, #"{"time": 2.4, "type": "key", "key": "v"}"#,
            #"{"time": 3.2, "type": "waitForPictures"}"#, #"{"time": 3.2, "type": "key", "key": "s"}"#,
        ]
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": 3.3}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "1280x800", "--layout", "grid", "--images", images.path, "--thumbnail-cache", "off",
            "--screenshot-dir", shots.path, "--no-state"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let taken = PictureFolderReplayTests.screenshots(outcome)
        try #require(taken.count == 3, "\(outcome.stdout)")
        let frames = try taken.map { try PNGCodec.read(contentsOf: $0) }
        let grid = GridLayout(), viewport = Size(width: 1280, height: 800)
        let cards = (0..<4).map { grid.slotFrame(at: $0, viewport: viewport) }

        // Card 1: picked, three stars.
        let threeStars = Self.count(frames[0], in: Self.corner(cards[0]), Self.gold)
        #expect(Self.count(frames[0], in: Self.corner(cards[0]), Self.green) > 10, "card 1's pick flag")
        // Card 3: one star, no flag: a third of the gold.
        let oneStar = Self.count(frames[0], in: Self.corner(cards[2]), Self.gold)
        #expect(oneStar > 10 && closeEnough(Double(threeStars), 3 * Double(oneStar), relative: 0.12), "\(threeStars) vs 3 × \(oneStar)")
        #expect(Self.count(frames[0], in: Self.corner(cards[2]), Self.green) == 0)
        // Card 2: rejected — dimmed to 35 % and crossed out in red, no stars.
        let gray = colors[1]
        let dimmed = (r: UInt8(Double(gray.r) * 0.35), g: UInt8(Double(gray.g) * 0.35), b: UInt8(Double(gray.b) * 0.35))
        let center = { (r: Rect) in (Int(r.origin.x + r.size.width / 2), Int(r.origin.y + r.size.height / 2)) }
        let (x2, y2) = center(cards[1])
        #expect(ViewerTest.pixel(frames[0], x2, y2, is: dimmed, tolerance: 4), "\(frames[0][x2, y2]) is not \(dimmed)")
        #expect(Self.count(frames[0], in: Self.corner(cards[1]), Self.red) > 10)
        #expect(Self.count(frames[0], in: Self.corner(cards[1]), Self.gold) == 0)
        // Card 4: unmarked, its own colour, nothing in its corner.
        let (x4, y4) = center(cards[3])
        #expect(ViewerTest.pixel(frames[0], x4, y4, is: colors[3], tolerance: 3))
        #expect(Self.count(frames[0], in: Self.corner(cards[3]), { Self.gold($0) || Self.green($0) || Self.red($0) }) == 0)

        // The photo view: card 1's picture fills the window (same aspect); its mark in the corner.
        let photoCorner = Rect(x: 0, y: 0, width: 640, height: 200)
        #expect(Self.count(frames[1], in: photoCorner, Self.green) > 10)
        #expect(Self.count(frames[1], in: photoCorner, Self.gold) > 10)
        #expect(ViewerTest.pixel(frames[1], 900, 600, is: colors[0], tolerance: 3))

        // V (picks only): card 1 alone, in the first slot; card 2's grey is gone.
        let (x1, y1) = center(cards[0])
        #expect(ViewerTest.pixel(frames[2], x1, y1, is: colors[0], tolerance: 3))
        // The other slots are empty: the window's background.
        #expect(ViewerTest.pixel(frames[2], x2, y2, is: PictureFolderReplayTests.windowBackground, tolerance: 3))
        #expect(ViewerTest.pixel(frames[2], x4, y4, is: PictureFolderReplayTests.windowBackground, tolerance: 3))
        // The pictures are untouched; the marks went to sidecars beside them.
        let after = try ViewerTest.contents(of: images)
        #expect(ViewerTest.same(before, after.filter { !$0.key.hasSuffix(".xmp") }))
        #expect(after.keys.filter { $0.hasSuffix(".xmp") }.count == 3, "sidecars: \(after.keys.sorted())")
    }
}
