import CardEvents
import CardImaging
import CardLayout
import CardMath
import CardPictures
import CardPixels
import CardRendering
import CardTestSupport
import CardThumbnails
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// The detail a large card shows decides where its full-tier picture comes from (issue 34,
/// "the tier rule measures the detail a tilted card can show"): pages' resting cards are squeezed
/// along their height, and with isotropic mip-mapping show the picture fitted in their projected
/// box — a few hundred pixels — so they are drawn from the picture's `x-large` thumbnail; the
/// opened page shows the whole window and its file's decode replaces the thumbnail in the same
/// layer. The first frame's count is honest: a large card whose picture's size is not known yet
/// is not final (its size decides whether it wants the full tier).
@Suite("the full tier from x-large thumbnails for resting cards")
struct FullTierThumbnailTests {
    /// Pages of `count` 1600 × 1200 pictures in a 960 × 600 viewer with a thumbnail cache in
    /// `cache`.
    static func pages(folder: TemporaryFolder, cache: TemporaryFolder,
                      prefetchFirst: Bool = false) throws -> (viewer: AssembledViewer, gpu: EGLOffscreenContext) {
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .pages)
        builder.pictures.thumbnailRoot = cache.path
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 960, height: 600)
        var prefetch: FirstScreenPrefetch?
        if prefetchFirst {
            prefetch = try #require(builder.startFirstScreenPrefetch(loaded, viewport: viewport))
            #expect(prefetch?.waitUntilDone(seconds: 30) == true)
        }
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 960, height: 600))
        return (try builder.build(loaded, on: gpu, viewport: viewport, prefetch: prefetch), gpu)
    }

    static func frames(_ viewer: AssembledViewer, from time: inout Double, seconds: Double) throws {
        let end = time + seconds
        while time < end {
            time += 1.0 / 30
            viewer.session.advance(to: time)
            try viewer.pictures.update()
            _ = try viewer.frame.draw()
        }
    }

    @Test("resting pages read x-large thumbnails into layers of their size; the opened picture its file, the layers grown to it")
    func restingFromThumbnails() throws {
        let folder = try FirstScreenPrefetchTests.folder(count: 8, size: PixelSize(width: 1600, height: 1200))
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        let (viewer, _) = try Self.pages(folder: folder, cache: cache)
        defer { viewer.pictures.shutdown() }
        let pictures = viewer.pictures
        var time = 0.0
        try Self.frames(viewer, from: &time, seconds: 0.2)
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try viewer.frame.draw() })
        try Self.frames(viewer, from: &time, seconds: 0.2)
        let residency = pictures.pictureTier.residency
        let large = pictures.visible.filter(\.wantsFull)
        try #require(large.count >= 2, "pages' large cards want the full tier: \(large.count)")
        for card in large {
            let picture = Int(card.picture)
            // What the card shows: the picture fitted in its projected box, far less than the window.
            #expect(card.fullDetail > 0 && card.fullDetail <= 512, "card of picture \(picture) asks for \(card.fullDetail)")
            #expect(residency.full.layer(of: picture) != nil, "picture \(picture) in the full tier")
            #expect(residency.fullDetail(of: picture) == ThumbnailSize.xLarge.pixels, "made for \(residency.fullDetail(of: picture))")
        }
        // The thumbnails were written to the cache's x-large folder at 512 × 384.
        let xLarge = cache.url.appendingPathComponent("x-large")
        let files = try FileManager.default.contentsOfDirectory(atPath: xLarge.path).filter { $0.hasSuffix(".png") }
        #expect(files.count >= large.count, "x-large thumbnails: \(files.count)")
        if let first = files.first {
            let thumbnail = try PNGCodec.read(contentsOf: xLarge.appendingPathComponent(first).path)
            #expect(thumbnail.width == 512 && thumbnail.height == 384)
        }
        // Layers as large as the thumbnails: a fifth of the window's fit (800 × 600).
        #expect(pictures.pictureTier.layerSize(of: .full) == PixelSize(width: 512, height: 384))
        // Open the current picture (the photo view): it shows the window, more than a thumbnail holds.
        viewer.session.handle(.key(KeyEvent(key: .enter, isDown: true, time: time, modifiers: [])))
        viewer.session.handle(.key(KeyEvent(key: .enter, isDown: false, time: time + 0.01, modifiers: [])))
        try Self.frames(viewer, from: &time, seconds: 1.0)
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try viewer.frame.draw() })
        try Self.frames(viewer, from: &time, seconds: 0.1)
        let opened = try #require(viewer.session.photoCard ?? viewer.session.highlightedCard, "a picture is open")
        let picture = try #require(pictures.visible.first { $0.id == opened.rawValue }.map { Int($0.picture) })
        let after = pictures.pictureTier.residency
        // The layers grew to the window's fit of the picture, and the opened one was decoded so.
        let layer = pictures.pictureTier.layerSize(of: .full)
        #expect(layer == PixelSize(width: 800, height: 600))
        #expect(after.fullDetail(of: picture) == 800, "the opened picture was made for \(after.fullDetail(of: picture))")
        #expect(pictures.status.readyInView == pictures.status.inView)
    }

    @Test("pictures up to 1024 pixels are decoded for the full tier as before: no thumbnail, every pixel")
    func smallPicturesDecoded() throws {
        let folder = try FirstScreenPrefetchTests.folder(count: 8, size: PixelSize(width: 1000, height: 625))
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        let (viewer, _) = try Self.pages(folder: folder, cache: cache)
        defer { viewer.pictures.shutdown() }
        var time = 0.0
        try Self.frames(viewer, from: &time, seconds: 0.2)
        #expect(try viewer.pictures.waitUntilSettled(timeout: 30) { _ = try viewer.frame.draw() })
        let tier = viewer.pictures.pictureTier
        let layer = tier.layerSize(of: .full)
        let large = viewer.pictures.visible.filter(\.wantsFull)
        try #require(large.count >= 2)
        for card in large {
            #expect(tier.residency.fullDetail(of: Int(card.picture)) == max(layer.width, layer.height))
        }
        #expect(!FileManager.default.fileExists(atPath: cache.url.appendingPathComponent("x-large").path))
    }

    @Test("the first screen's prefetch predicts the x-large loads exactly: every one is taken")
    func prefetchPredictsThumbnailLoads() throws {
        let folder = try FirstScreenPrefetchTests.folder(count: 8, size: PixelSize(width: 1600, height: 1200))
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .pages)
        builder.pictures.thumbnailRoot = cache.path
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 960, height: 600)
        let prefetch = try #require(builder.startFirstScreenPrefetch(loaded, viewport: viewport))
        #expect(prefetch.waitUntilDone(seconds: 30))
        let session = builder.makeSession(loaded, viewport: viewport)
        let cardLoads = FirstScreenPrefetch.predictedLoads(session: session, catalog: loaded.catalog,
                                                           framebuffer: PixelSize(width: 960, height: 600), cache: nil).count
        #expect(prefetch.loadCount > cardLoads, "x-large loads predicted: \(prefetch.loadCount - cardLoads)")
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 960, height: 600))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport, prefetch: prefetch)
        defer { viewer.pictures.shutdown() }
        var time = 0.0
        try Self.frames(viewer, from: &time, seconds: 0.1)
        #expect(try viewer.pictures.waitUntilSettled(timeout: 30) { _ = try viewer.frame.draw() })
        #expect(viewer.pictures.pictureTier.layerSize(of: .full) == PixelSize(width: 512, height: 384))
        #expect(prefetch.takenCount == prefetch.loadCount, "taken \(prefetch.takenCount) of \(prefetch.loadCount) predicted loads")
    }

    @Test("a large card showing its card-tier picture while its full tier is not there is not final on the first frame")
    func cardTierAloneIsNotFinal() throws {
        let folder = try FirstScreenPrefetchTests.folder(count: 8, size: PixelSize(width: 1600, height: 1200))
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        // Every card-tier picture of the first screen prepared, no full tier: the first frame
        // shows the card tier and asks for the full tier, but the screen will change when it
        // comes. (Before the first frame learnt the sizes from the prefetch, this was the case
        // of every first frame: their sizes became known after it chose the full tier.)
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .pages)
        builder.pictures.thumbnailRoot = cache.path
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 960, height: 600)
        let predicted = FirstScreenPrefetch.predicted(session: builder.makeSession(loaded, viewport: viewport), catalog: loaded.catalog,
                                                      framebuffer: PixelSize(width: 960, height: 600),
                                                      cache: ViewerPictures.thumbnailCache(for: loaded.catalog, options: builder.pictures,
                                                                                           warn: { _ in }))
        let prefetch = FirstScreenPrefetch(loads: predicted.loads, fullTier: nil, decoding: ViewerPictures.decoding(builder.pictures),
                                           cache: ViewerPictures.thumbnailCache(for: loaded.catalog, options: builder.pictures, warn: { _ in }))
        #expect(prefetch.waitUntilDone(seconds: 30))
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 960, height: 600))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport, prefetch: prefetch)
        defer { viewer.pictures.shutdown() }
        viewer.session.advance(to: 0)
        try viewer.pictures.update()
        _ = try viewer.frame.draw()
        let first = viewer.pictures.status
        #expect(first.inView >= 2)
        #expect(viewer.pictures.visible.filter(\.wantsFull).count >= 2)
        #expect(first.readyInView < first.inView, "first frame: \(first.readyInView) of \(first.inView) counted final")
        var time = 0.0
        try Self.frames(viewer, from: &time, seconds: 0.1)
        #expect(try viewer.pictures.waitUntilSettled(timeout: 30) { _ = try viewer.frame.draw() })
        try Self.frames(viewer, from: &time, seconds: 0.1)
        #expect(viewer.pictures.status.readyInView == viewer.pictures.status.inView)
    }
    @Test("the window's first frame, the prefetch done, shows every card final: the large ones from their x-large thumbnails")
    func firstFrameTakesTheFullTierFromThePrefetch() throws {
        let folder = try FirstScreenPrefetchTests.folder(count: 8, size: PixelSize(width: 1600, height: 1200))
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        // The prefetch has read the card-tier pictures (and so the pictures' sizes) and the
        // x-large ones before the window's first frame: that frame knows which cards want the
        // full tier, and takes their pictures.
        let (viewer, _) = try Self.pages(folder: folder, cache: cache, prefetchFirst: true)
        defer { viewer.pictures.shutdown() }
        viewer.session.advance(to: 0)
        try viewer.pictures.update()
        _ = try viewer.frame.draw()
        let first = viewer.pictures.status
        let large = viewer.pictures.visible.filter(\.wantsFull)
        #expect(large.count >= 2, "large cards wanting the full tier in the first frame: \(large.count)")
        #expect(first.inView >= 2)
        #expect(first.readyInView == first.inView, "first frame: \(first.readyInView) of \(first.inView) final")
        #expect(viewer.pictures.pictureTier.layerSize(of: .full) == PixelSize(width: 512, height: 384))
        for card in large {
            #expect(viewer.pictures.pictureTier.residency.isResident(PictureKey(Int(card.picture), .full)))
        }
    }
}
