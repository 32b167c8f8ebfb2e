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

/// The histogram (`G`) and focus peaking (`K`) through the real picture pipeline, drawn
/// offscreen: nothing counted while hidden; the count made off the frame thread and shown
/// without another event; the warnings and the peaking in the frame's pixels, none before.
@Suite("the histogram and focus peaking through the picture pipeline (offscreen)", .serialized)
struct HistogramPipelineTests {
    /// 160 × 120: the left half black, then 20 white columns, the rest mid-grey.
    static func picture() -> RGBAImage {
        var image = RGBAImage(width: 160, height: 120, fill: (128, 128, 128, 255))
        for y in 0..<120 {
            for x in 0..<100 { image[x, y] = x < 80 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        }
        return image
    }

    func histogramLines(_ session: ViewerSession) -> [String]? {
        session.overlayPanels.first { $0.placement == .bottomRight }?.lines
    }

    /// Pixels of the frame within 2 levels of `color` (0…1).
    func count(_ color: SIMD3<Float>, in image: RGBAImage) -> Int {
        let e = color * 255
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if abs(Float(p.r) - e.x) <= 2, abs(Float(p.g) - e.y) <= 2, abs(Float(p.b) - e.z) <= 2 { n += 1 }
            }
        }
        return n
    }

    @Test("Enter, G: counted in the background, the shares shown, blown and crushed pixels tinted; K marks the edges")
    func endToEnd() throws {
        let bytes = try PNGCodec.encode(Self.picture())
        let harness = try OffscreenFolderViewer(pictures: 0, name: { "\($0).png" }, files: [("steps.png", bytes)],
                                                layout: .grid, viewport: Size(width: 640, height: 400))
        try harness.frames(for: 0.5)
        harness.press(.enter)
        try harness.frames(for: 1.0)
        #expect(harness.session.photoCard != nil)
        let plain = try harness.gpu.readPixels()
        #expect(count(PhotoChecks.blownColor, in: plain) == 0)
        #expect(count(PhotoChecks.crushedColor, in: plain) == 0)
        #expect(count(PhotoChecks.peakingColor, in: plain) == 0)
        #expect(!harness.pictures.histogramReadsOwed)  // hidden: nothing asked
        harness.press(.character("g"))
        try harness.frames(for: 0.1)
        harness.pictures.histogramReads.waitForCounts()
        try harness.frames(for: 0.2)
        #expect(histogramLines(harness.session) == ["Histogram: luminance, R, G, B", "blown 12.50 % | crushed 50.00 %"])
        #expect(!harness.pictures.histogramReadsOwed)
        let warned = try harness.gpu.readPixels()
        #expect(count(PhotoChecks.blownColor, in: warned) > 0)
        #expect(count(PhotoChecks.crushedColor, in: warned) > 3 * count(PhotoChecks.blownColor, in: warned))
        harness.press(.character("g"))
        harness.press(.character("k"))
        try harness.frames(for: 0.2)
        let peaked = try harness.gpu.readPixels()
        #expect(count(PhotoChecks.blownColor, in: peaked) == 0)
        #expect(count(PhotoChecks.crushedColor, in: peaked) == 0)
        #expect(count(PhotoChecks.peakingColor, in: peaked) > 0)
    }

    @Test("the counts' cache: counted once, bounded, a dropped picture counted again, a changed file counted again")
    func countsCache() {
        final class Recorder: @unchecked Sendable {
            let lock = NSLock()
            var paths: [String] = []
            func count(_ path: String) -> PictureHistogram? {
                lock.withLock { paths.append(path) }
                return path.hasSuffix("bad") ? nil : PictureHistogram(RGBAImage(width: 1, height: 1, fill: (255, 0, 0, 255)))
            }
        }
        let recorder = Recorder()
        let reads = HistogramReads(capacity: 2) { recorder.count($0) }
        #expect(reads.histogram(of: 0, path: "a") == nil)  // queued
        reads.waitForCounts()
        #expect(reads.poll() == (finished: true, counting: false))
        #expect(reads.histogram(of: 0, path: "a")?.blownCount == 1)
        #expect(reads.isCounted(0, path: "a"))
        #expect(reads.histogram(of: 1, path: "bad") == nil)
        reads.waitForCounts()
        #expect(reads.isCounted(1, path: "bad") && reads.histogram(of: 1, path: "bad") == nil)  // undecodable: counted, none
        _ = reads.histogram(of: 2, path: "c")  // drops picture 0
        reads.waitForCounts()
        #expect(reads.histogram(of: 0, path: "a") == nil)
        reads.waitForCounts()
        _ = reads.histogram(of: 2, path: "c2")  // another file at the same index
        reads.waitForCounts()
        #expect(recorder.lock.withLock { recorder.paths } == ["a", "bad", "c", "a", "c2"])
    }
}
