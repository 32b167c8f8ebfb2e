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

/// The first screen's pictures prepared while the window opens (`FirstScreenPrefetch`): the
/// loads it predicts from the session laid out at the window's size are exactly those the first
/// frame asks for — every one is taken by a worker instead of being prepared again — and the
/// cards show their own pictures; with everything prepared (titles too), the first frame shows
/// every card whole. A prediction for another size is never taken, and costs
/// nothing else.
@Suite("the first screen prepared while the window opens")
struct FirstScreenPrefetchTests {
    /// A new folder of `count` PNGs of `size` pixels, each its own colour.
    static func folder(count: Int, size: PixelSize = PixelSize(width: 160, height: 120)) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cardviewer-e2e")
        for index in 0..<count {
            let c = PictureFolderReplayTests.color(index)
            try PNGCodec.write(RGBAImage(width: size.width, height: size.height, fill: (c.r, c.g, c.b, 255)),
                               to: folder.path(String(format: "%02d.png", index)))
        }
        return folder
    }

    /// Draws frames until the pictures settle, then checks every grid card in view by its centre pixel.
    static func showsOwnPictures(_ viewer: AssembledViewer, gpu: EGLOffscreenContext, viewport: Size, count: Int) throws {
        let session = viewer.session, pictures = viewer.pictures, frame = viewer.frame
        var time = 0.0
        for _ in 0..<3 {
            time += 1.0 / 30
            session.advance(to: time)
            try pictures.update()
            _ = try frame.draw()
        }
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        _ = try frame.draw()
        let image = try gpu.readPixels()
        var checked = 0
        for index in 0..<count {
            let center = GridLayout().slotFrame(at: index, viewport: viewport).center - Vec2(session.offset.x, session.offset.y)
            guard center.y > 8, center.y < viewport.height - 8, center.x > 8, center.x < viewport.width - 8 else { continue }
            checked += 1
            let expected = PictureFolderReplayTests.color(index)
            #expect(ViewerTest.pixel(image, Int(center.x), Int(center.y), is: expected, tolerance: 12),
                    "grid card \(index) shows \(image[Int(center.x), Int(center.y)]) instead of \(expected)")
        }
        #expect(checked >= 4, "cards checked: \(checked)")
    }

    /// A grid of `count` pictures in a 640×400 viewer whose first screen was predicted for a
    /// window of `predicted` points (waited for when `waiting`), built and drawn until its
    /// pictures settle, each card checked; the prefetch, to see what was taken.
    static func viewFolder(count: Int, predicted: Size, waiting: Bool,
                           firstFrame: (AssembledViewer) throws -> Void = { _ in }) throws -> FirstScreenPrefetch {
        let folder = try Self.folder(count: count)
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailRoot = cache.path
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 640, height: 400)
        let prefetch = try #require(builder.startFirstScreenPrefetch(loaded, viewport: predicted))
        // As when the window takes longer to open than the pictures to prepare: every one ready.
        if waiting { #expect(prefetch.waitUntilDone(seconds: 30) && prefetch.waitUntilTitlesDone(seconds: 30)) }
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 640, height: 400))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport, prefetch: prefetch)
        defer { viewer.pictures.shutdown() }
        try firstFrame(viewer)
        try Self.showsOwnPictures(viewer, gpu: gpu, viewport: viewport, count: count)
        return prefetch
    }

    @Test("every predicted load is the first frame's: all taken, and the cards show their pictures")
    func predictionMatchesTheFirstFrame() throws {
        let count = 40
        let prefetch = try Self.viewFolder(count: count, predicted: Size(width: 640, height: 400), waiting: true) { viewer in
            // With everything prepared, the window's first frame shows its cards whole.
            viewer.session.advance(to: 0)
            try viewer.pictures.update()
            _ = try viewer.frame.draw()
            let status = viewer.pictures.frameStatus
            #expect(status.inView >= 4 && status.readyInView == status.inView,
                    "first frame: \(status.readyInView) of \(status.inView) cards whole")
            #expect(viewer.pictures.frameTitlesMissing == 0, "first frame: \(viewer.pictures.frameTitlesMissing) titles missing")
        }
        #expect(prefetch.titleCount >= 4, "titles predicted: \(prefetch.titleCount)")
        #expect(prefetch.loadCount >= 4 && prefetch.loadCount < count, "predicted: \(prefetch.loadCount) of \(count)")
        #expect(prefetch.takenCount == prefetch.loadCount, "taken \(prefetch.takenCount) of \(prefetch.loadCount) predicted loads")
    }

    @Test("a prediction for another window size is never taken; the cards still show their pictures")
    func wrongSizeIsHarmless() throws {
        // 2560×1600: 512-pixel card layers, not 256.
        let prefetch = try Self.viewFolder(count: 24, predicted: Size(width: 2560, height: 1600), waiting: false)
        #expect(prefetch.takenCount == 0)
    }
}

/// Pages' cards are large enough for the full tier: the prefetch predicts those decodes once the
/// card-tier loads have told the pictures' sizes, and the frames that ask for them take them.
@Suite("the first screen's full tier prepared while the window opens")
struct FirstScreenFullTierPrefetchTests {
    @Test("pages: the full-tier loads are predicted after the card tier's, and every one is taken")
    func fullTierPredicted() throws {
        // 800×600: over 1.25 × the 256-pixel card tier, so large cards want the full tier.
        let folder = try FirstScreenPrefetchTests.folder(count: 8, size: PixelSize(width: 800, height: 600))
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .pages)
        builder.pictures.thumbnailRoot = cache.path
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 640, height: 400)
        let prefetch = try #require(builder.startFirstScreenPrefetch(loaded, viewport: viewport))
        #expect(prefetch.waitUntilDone(seconds: 30))
        let session = builder.makeSession(loaded, viewport: viewport)
        let cardLoads = FirstScreenPrefetch.predictedLoads(session: session, catalog: loaded.catalog,
                                                           framebuffer: PixelSize(width: 640, height: 400), cache: nil).count
        #expect(prefetch.loadCount > cardLoads, "full-tier loads predicted: \(prefetch.loadCount - cardLoads)")
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 640, height: 400))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport, prefetch: prefetch)
        defer { viewer.pictures.shutdown() }
        viewer.session.advance(to: 0)
        try viewer.pictures.update()
        _ = try viewer.frame.draw()
        #expect(try viewer.pictures.waitUntilSettled(timeout: 30) { _ = try viewer.frame.draw() })
        #expect(viewer.pictures.pictureTier.residency.full.residentCount > 0, "the full tier holds pictures")
        #expect(prefetch.takenCount == prefetch.loadCount, "taken \(prefetch.takenCount) of \(prefetch.loadCount) predicted loads")
    }
}
