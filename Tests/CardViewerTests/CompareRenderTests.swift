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

/// The compare view drawn (SPEC §13), pixels read back: the same picture in two panes at the
/// same zoom and pan gives the same pane images, fitted, zoomed and panned alike.
@Suite("compare view rendered")
struct CompareRenderTests {
    /// An 800 × 600 picture: red grows to the right, green downwards, blue in 50-pixel squares.
    static func pattern() -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: 800 * 600 * 4)
        for y in 0..<600 {
            for x in 0..<800 {
                let i = (y * 800 + x) * 4
                pixels[i] = UInt8(x * 255 / 799)
                pixels[i + 1] = UInt8(y * 255 / 599)
                pixels[i + 2] = (x / 50 + y / 50) % 2 == 0 ? 40 : 220
            }
        }
        return RGBAImage(width: 800, height: 600, pixels: pixels)
    }

    /// The largest difference of one channel between pane 0's and pane 1's pixels where
    /// pane 0's picture shows, leaving out what only the active pane (0) draws: its focus ring
    /// along the picture's visible edges (`margin` pixels) and its number badge at the top right
    /// (`badge` pixels square); and how many distinct red values pane 0 shows (that it shows the
    /// picture, not a blank).
    static func paneDifference(_ image: RGBAImage, session: ViewerSession, margin: Int = 12,
                               badge: Int = 36) -> (maximum: Int, reds: Int) {
        let panes = session.comparePaneRects, geometry = session.compareGeometries[0]
        let a = panes[0], shift = Int(panes[1].minX - a.minX)
        let picture = geometry.rect
        let minX = max(a.minX, a.minX + picture.minX), maxX = min(a.maxX, a.minX + picture.maxX)
        let minY = max(a.minY, a.minY + picture.minY), maxY = min(a.maxY, a.minY + picture.maxY)
        var maximum = 0
        var reds = Set<UInt8>()
        for y in (Int(minY.rounded()) + margin)..<(Int(maxY.rounded()) - margin) {
            for x in (Int(minX.rounded()) + margin)..<(Int(maxX.rounded()) - margin) {
                if x >= Int(maxX) - badge, y < Int(minY) + badge { continue }
                let p = image[x, y], q = image[x + shift, y]
                maximum = max(maximum, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                reds.insert(p.r)
            }
        }
        return (maximum, reds.count)
    }

    @Test("two copies of one picture, fitted, at 100 % and panned: the two panes draw the same pixels")
    func synchronisedPanesDrawAlike() throws {
        let scratch = try TemporaryFolder("cardviewer-compare")
        try PNGCodec.write(Self.pattern(), to: scratch.path("p.png"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path("p.png"))))
        // Even sizes: the panes (318 × 400) land on whole pixels.
        let harness = try OffscreenFolderViewer(pictures: 0, name: { "\($0).png" }, files: [("a.png", bytes), ("b.png", bytes)],
                                                layout: .grid, viewport: Size(width: 640, height: 400))
        let session = harness.session, frame = harness.frame, gpu = harness.gpu
        try harness.frames(for: 0.1)
        harness.press(.character("c"))
        try harness.frames(for: 0.4)
        #expect(session.compareCards.count == 2)
        #expect(try harness.pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        let panes = session.comparePaneRects

        _ = try frame.draw()
        let fitted = Self.paneDifference(try gpu.readPixels(), session: session)
        #expect(fitted.maximum <= 2, "fitted: panes differ by \(fitted.maximum)")
        #expect(fitted.reds > 50)
        // The fitted picture (scale 318/800) centred in its pane: its centre pixel is the picture's.
        let fittedImage = try gpu.readPixels()
        let centre = fittedImage[Int(panes[0].center.x), Int(panes[0].center.y)]
        let red = Int(centre.r), green = Int(centre.g)
        #expect(abs(red - 127) <= 12 && abs(green - 127) <= 12, "centre \(centre)")

        // + three times: √2 steps from fit, stopping at 100 %.
        for _ in 0..<3 { harness.press(.character("+")) }
        try harness.frames(for: 0.2)
        #expect(session.compareGeometries.allSatisfy { abs($0.scale - 1) < 1e-9 })
        _ = try frame.draw()
        let zoomed = try gpu.readPixels()
        let atFull = Self.paneDifference(zoomed, session: session)
        #expect(atFull.maximum <= 2, "100 %: panes differ by \(atFull.maximum)")
        // At 100 % a pane shows 318 of the picture's 800 columns about its centre: red spans
        // about 318/800 of its range, so its left and right edges differ by about 100.
        let left = zoomed[Int(panes[0].minX) + 20, 200].r, right = zoomed[Int(panes[0].maxX) - 20, 200].r
        let span = Int(right) - Int(left), expectedSpan = (318 - 40) * 255 / 800
        #expect(abs(span - expectedSpan) <= 12, "left \(left), right \(right)")

        // Left arrow while zoomed: every pane pans alike.
        harness.press(.left)
        try harness.frames(for: 0.2)
        _ = try frame.draw()
        let panned = try gpu.readPixels()
        let afterPan = Self.paneDifference(panned, session: session)
        #expect(afterPan.maximum <= 2, "panned: panes differ by \(afterPan.maximum)")
        #expect(panned[Int(panes[0].center.x), 200].r < zoomed[Int(panes[0].center.x), 200].r)
    }
}
