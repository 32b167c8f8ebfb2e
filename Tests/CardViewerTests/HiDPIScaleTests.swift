import CardEvents
import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// HiDPI (SPEC §14): sizes in points, the framebuffer in pixels. The same viewer drawn at one
/// and at two pixels per point (a scaled offscreen frame, as `--scale 2` makes): the frame has
/// twice the pixels each way and everything in it is where and as large as at one pixel per
/// point, in points — card edges, the titles' glyphs, the badges' digits, the focus ring,
/// the culling mark.
@Suite("HiDPI: layout in points, framebuffer in pixels")
struct HiDPIScaleTests {
    static let viewport = Size(width: 640, height: 400)

    /// The grid of four flat-coloured pictures (titles `01-card.png` …) at `scale` pixels per
    /// point, settled; then Right (card 1 current, its focus ring shown) and half a second of
    /// frames. Returns the last frame.
    static func frame(scale: Double, in directory: URL) throws -> RGBAImage {
        let folder = try ViewerTest.imageFolder(count: 4, in: directory)
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        let gpu = try ViewerBuilder.offscreenSurface(size: viewport, scale: scale)
        let viewer = try builder.build(on: gpu, viewport: viewport)
        defer { viewer.shutdown(thumbnailSeconds: 0) }
        var time = 0.0
        viewer.session.advance(to: time)
        #expect(try viewer.waitForPictures(timeout: 30), "missing: \(viewer.pictures.missingFiles)")
        viewer.session.handle(.key(KeyEvent(key: .right, isDown: true, time: time)))
        viewer.session.handle(.key(KeyEvent(key: .right, isDown: false, time: time + 0.01)))
        // Three stars on it (Ctrl+3): its culling mark.
        viewer.session.handle(.key(KeyEvent(key: .character("3"), isDown: true, time: time + 0.02, modifiers: .control)))
        viewer.session.handle(.key(KeyEvent(key: .character("3"), isDown: false, time: time + 0.03, modifiers: .control)))
        for _ in 0..<15 {
            time += 1.0 / 30
            viewer.session.advance(to: time)
            try viewer.pictures.update()
            _ = try viewer.frame.draw()
        }
        #expect(viewer.session.viewport == viewport, "the session lays out in points")
        gpu.present()
        return try gpu.readPixels()
    }

    /// Both frames of the suite, made once per test (each test is independent).
    static func frames() throws -> (one: RGBAImage, two: RGBAImage) {
        let directory = try TemporaryFolder("cardviewer-hidpi")
        defer { directory.remove() }
        let one = try frame(scale: 1, in: directory.url.appendingPathComponent("one"))
        let two = try frame(scale: 2, in: directory.url.appendingPathComponent("two"))
        return (one, two)
    }

    /// Card `index`'s slot in the grid, points.
    static func slot(_ index: Int) -> Rect { GridLayout().slotFrame(at: index, viewport: viewport) }

    /// The first and last columns of row `y` that differ from the background (the pixel at the
    /// row's start) by more than 40 on a channel, between columns `from` and `to`.
    static func edges(_ image: RGBAImage, row y: Int, from: Int, to: Int) -> (first: Int, last: Int)? {
        let background = image[0, y]
        func differs(_ x: Int) -> Bool {
            let p = image[x, y]
            return abs(Int(p.r) - Int(background.r)) > 40 || abs(Int(p.g) - Int(background.g)) > 40
                || abs(Int(p.b) - Int(background.b)) > 40
        }
        guard let first = (from..<to).first(where: differs), let last = (from..<to).last(where: differs) else { return nil }
        return (first, last)
    }

    @Test("at two pixels per point the frame doubles each way, and each card's edges are at twice the columns")
    func cardEdgesDouble() throws {
        let (one, two) = try Self.frames()
        #expect(one.width == 640 && one.height == 400)
        #expect(two.width == 1280 && two.height == 800)
        for index in 0..<4 {
            let slot = Self.slot(index)
            let y = Int(slot.center.y)
            let from = max(0, Int(slot.minX) - 8), to = min(640, Int(slot.maxX) + 8)
            let a = try #require(Self.edges(one, row: y, from: from, to: to), "card \(index) at 1×")
            let b = try #require(Self.edges(two, row: 2 * y, from: 2 * from, to: 2 * to), "card \(index) at 2×")
            #expect(abs(b.first - 2 * a.first) <= 2, "card \(index): left edge \(a.first) at 1×, \(b.first) at 2×")
            #expect(abs(b.last - 2 * a.last) <= 2, "card \(index): right edge \(a.last) at 1×, \(b.last) at 2×")
        }
    }

    /// The first and last rows of `area` (points) whose pixels include white ink (every
    /// channel above 140; no picture of the deck, its bands or rims has one: the titles' text,
    /// the badges' digits; antialiased rows at 1× stay under 200),
    /// in an image of `scale` pixels per point.
    static func inkRows(_ image: RGBAImage, in area: Rect, scale: Int) -> (first: Int, last: Int)? {
        let x0 = Int(area.minX) * scale, x1 = min(Int(area.maxX) * scale, image.width)
        let y0 = Int(area.minY) * scale, y1 = min(Int(area.maxY) * scale, image.height)
        let rows = (y0..<y1).filter { y in
            (x0..<x1).contains { x in
                let p = image[x, y]
                return p.r > 140 && p.g > 140 && p.b > 140
            }
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        return (first, last)
    }

    /// The title's area of a grid card: the left 60 % of its slot's lower half, 4 points in
    /// from its rim (the badge is at the top right).
    static func titleArea(_ slot: Rect) -> Rect {
        Rect(x: slot.minX + 4, y: slot.center.y, width: 0.6 * slot.size.width, height: 0.5 * slot.size.height - 4)
    }

    /// The badge's area: the right 15 % of the slot's top 20 %, 4 points in from the rim.
    static func badgeArea(_ slot: Rect) -> Rect {
        Rect(x: slot.maxX - 0.15 * slot.size.width, y: slot.minY + 4, width: 0.15 * slot.size.width - 4, height: 0.2 * slot.size.height)
    }

    @Test("the titles' text and the badges' digits are twice as tall in pixels at two pixels per point (the same in points), at twice the rows")
    func textDoubles() throws {
        let (one, two) = try Self.frames()
        for index in [0, 1] {  // the grid's first row: its titles are in the frame
            for (what, area) in [("title", Self.titleArea(Self.slot(index))), ("badge", Self.badgeArea(Self.slot(index)))] {
                let a = try #require(Self.inkRows(one, in: area, scale: 1), "card \(index): no \(what) at 1×")
                let b = try #require(Self.inkRows(two, in: area, scale: 2), "card \(index): no \(what) at 2×")
                let heightOne = a.last - a.first + 1, heightTwo = b.last - b.first + 1
                #expect(heightOne >= 5, "card \(index): \(what) \(heightOne) pixels tall at 1×")
                #expect(abs(heightTwo - 2 * heightOne) <= 3, "card \(index): \(what) \(heightOne) px at 1×, \(heightTwo) px at 2×")
                #expect(abs(b.first - 2 * a.first) <= 3, "card \(index): \(what)'s top row \(a.first) at 1×, \(b.first) at 2×")
            }
        }
    }

    /// The width of the focus ring's accent blue (card.vert's focusRim, 0.22 0.6 1.0) across
    /// the current card's left side, on row `y`: the run of blue pixels from the card's edge.
    static func ringWidth(_ image: RGBAImage, row y: Int, from: Int, to: Int) -> Int {
        let blue = (from..<to).filter { x in
            let p = image[x, y]
            return abs(Int(p.r) - 56) <= 40 && abs(Int(p.g) - 153) <= 40 && p.b >= 215
        }
        guard let first = blue.first else { return 0 }
        var width = 0
        while blue.contains(first + width) { width += 1 }
        return width
    }

    @Test("the focus ring is twice as wide in pixels at two pixels per point")
    func focusRingDoubles() throws {
        let (one, two) = try Self.frames()
        let slot = Self.slot(1)
        let y = Int(slot.center.y), from = Int(slot.minX) - 8, mid = Int(slot.center.x)
        let a = Self.ringWidth(one, row: y, from: from, to: mid)
        let b = Self.ringWidth(two, row: 2 * y, from: 2 * from, to: 2 * mid)
        #expect(a >= 2, "the ring at 1×: \(a) px")
        #expect(abs(b - 2 * a) <= 1, "the ring: \(a) px at 1×, \(b) px at 2×")
    }

    /// The bounding box of the culling mark's gold stars (card.frag's starColor, 1.0 0.78 0.15)
    /// in `area` (points), pixels: first and last column, first and last row.
    static func starBox(_ image: RGBAImage, in area: Rect, scale: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        var box: (x0: Int, x1: Int, y0: Int, y1: Int)?
        for y in Int(area.minY) * scale..<min(Int(area.maxY) * scale, image.height) {
            for x in Int(area.minX) * scale..<min(Int(area.maxX) * scale, image.width) {
                let p = image[x, y]
                guard p.r >= 230, abs(Int(p.g) - 199) <= 25, p.b <= 90 else { continue }
                box = box.map { (min($0.x0, x), max($0.x1, x), min($0.y0, y), max($0.y1, y)) } ?? (x, x, y, y)
            }
        }
        return box
    }

    @Test("the culling mark's stars are twice as large in pixels at two pixels per point, at twice the place")
    func cullMarkDoubles() throws {
        let (one, two) = try Self.frames()
        let slot = Self.slot(1)
        let a = try #require(Self.starBox(one, in: slot, scale: 1), "no stars at 1×")
        let b = try #require(Self.starBox(two, in: slot, scale: 2), "no stars at 2×")
        let widthOne = a.x1 - a.x0 + 1, widthTwo = b.x1 - b.x0 + 1
        let heightOne = a.y1 - a.y0 + 1, heightTwo = b.y1 - b.y0 + 1
        #expect(widthOne >= 10 && heightOne >= 4, "stars \(widthOne) × \(heightOne) px at 1×")
        #expect(abs(widthTwo - 2 * widthOne) <= 3, "stars' width: \(widthOne) px at 1×, \(widthTwo) px at 2×")
        #expect(abs(heightTwo - 2 * heightOne) <= 3, "stars' height: \(heightOne) px at 1×, \(heightTwo) px at 2×")
        #expect(abs(b.x0 - 2 * a.x0) <= 3 && abs(b.y0 - 2 * a.y0) <= 3, "stars at \(a.x0),\(a.y0) at 1×, \(b.x0),\(b.y0) at 2×")
    }
}
