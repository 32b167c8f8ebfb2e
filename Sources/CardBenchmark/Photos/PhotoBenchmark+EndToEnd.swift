import CardPictureDecoding
import CardPictureFolders
import Foundation

extension PhotoBenchmark {
    /// A cold start scrolled through the whole deck (or its first `limit` cards) screen by
    /// screen — the content dragged a screen on and let go — the viewer left at rest at each
    /// screen until its pictures show — a window's loop: frames only when something
    /// changed. Pictures per second over the time from the first frame to the last screen.
    func measureEndToEnd(root: String) throws -> EndToEnd {
        let start = try PhotoViewerStart(settings, options: options(root: root), warn: warn)
        defer { start.shutdown(thumbnailSeconds: 0) }
        let session = start.session
        let cards = min(settings.limit ?? session.deck.count, session.deck.count)
        _ = try start.runAtRest(timeout: settings.waitTimeout, what: "the first screen")
        let first = start.firstFrame ?? MonotonicClock.now()
        var resident = session.pictureStatus.residentBytes
        let screens = try visitScreens(start, through: PhotoDrag.maximumOffset(settings.layout, viewport: session.viewport, cards: cards)) {
            resident = max(resident, session.pictureStatus.residentBytes)
        }
        let duration = Double(MonotonicClock.now() &- first)
        let status = session.pictureStatus
        let perSecond = duration > 0 ? Double(status.loaded) / (duration / 1e9) : 0
        let megapixels = PhotoFiles.meanMegapixels(start.catalog.pictures.prefix(cards).map(\.path))
        return EndToEnd(cards: cards, screens: screens, picturesLoaded: status.loaded, duration: duration,
                        picturesPerSecond: perSecond, meanSourceMegapixels: megapixels, megapixelsPerSecond: perSecond * megapixels,
                        maximumResidentBytes: ResourceUsage.maximumResidentBytes, pictureResidentBytes: resident,
                        picturePoolBytes: status.poolBytes, fromThumbnails: start.pictures.loadedFromThumbnails,
                        unreadable: status.unreadable)
    }

    /// The second start on the cold start's cache: first frame and first screen, then the
    /// screens the scroll covered (`distance` points), as `measureEndToEnd` visits them.
    func measureWarmStart(root: String, screens distance: Double) throws -> WarmStart {
        let start = try PhotoViewerStart(settings, options: options(root: root), warn: warn)
        defer { start.shutdown(thumbnailSeconds: 0) }
        let times = try measureFirstScreen(start)
        let screens = try visitScreens(start, through: distance) {}
        let duration = Double(MonotonicClock.now() &- (start.firstFrame ?? start.began))
        let loaded = start.session.pictureStatus.loaded
        return WarmStart(start: times, screens: screens, picturesLoaded: loaded, fromThumbnails: start.pictures.loadedFromThumbnails,
                         duration: duration, picturesPerSecond: duration > 0 ? Double(loaded) / (duration / 1e9) : 0)
    }

    /// Moves the content a screen at a time from the top to `end` points, waiting at rest at
    /// each screen until its pictures show; `eachScreen` runs after each. Returns the screens
    /// visited after the first.
    private func visitScreens(_ start: PhotoViewerStart, through end: Double, eachScreen: () -> Void) throws -> Int {
        let session = start.session
        let screen = max(PhotoDrag.screenLength(settings.layout, viewport: session.viewport), 1)
        let count = end > 0 ? Int((end / screen).rounded(.up)) : 0
        guard count > 0 else { return 0 }
        var drag = PhotoDrag(layout: settings.layout, viewport: session.viewport)
        for index in 1...count {
            drag.place(session, at: min(Double(index) * screen, end), time: start.elapsed)
            _ = try start.runAtRest(timeout: settings.waitTimeout, what: "screen \(index) of \(count)")
            eachScreen()
        }
        return count
    }
}

/// The folder's picture files, as the viewer lists them.
enum PhotoFiles {
    /// The paths of the first `count` pictures in the viewer's order.
    static func paths(in folder: String, first count: Int) throws -> [String] {
        do {
            return Array(try PictureFolder.list(folder).files.prefix(max(count, 0)).map(\.path))
        } catch let error as ImageFolderError {
            throw PhotoBenchmarkError.badFolder(error.description)
        }
    }

    /// The pictures' mean size, megapixels, from a header probe of up to `sample` of them
    /// spread evenly (files that cannot be probed are left out); 0 when none can be.
    static func meanMegapixels(_ paths: [String], sample: Int = 500) -> Double {
        guard !paths.isEmpty else { return 0 }
        let stride = max(1, paths.count / max(sample, 1))
        var total = 0.0, probed = 0
        for index in Swift.stride(from: 0, to: paths.count, by: stride) {
            guard let info = try? PictureDecoder.probe(contentsOf: paths[index]) else { continue }
            total += Double(info.size.width) * Double(info.size.height) / 1e6
            probed += 1
        }
        return probed > 0 ? total / Double(probed) : 0
    }
}
