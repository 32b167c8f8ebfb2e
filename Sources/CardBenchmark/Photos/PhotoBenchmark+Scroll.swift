import CardViewerCore
import Foundation

extension PhotoBenchmark {
    /// The scroll on a start whose first screen is shown: a steady drag from the top over
    /// `scrollScreens` screens (at most to the end of the deck) in `scrollFrames` frames drawn
    /// at 60 per second — the pictures of the screens it reaches loading meanwhile — then
    /// (untimed) the pipeline left alone until idle, back to the top position by position,
    /// waiting at each until its pictures show, idle again, and the same drag again with the
    /// pictures resident. The
    /// finger stays down throughout, so both passes draw the same positions.
    ///
    /// Each frame is timed as the viewer's are: `update()` + draw + `glFinish`.
    func measureScroll(_ start: PhotoViewerStart, root: String?) throws -> ScrollFrames {
        let session = start.session, viewport = session.viewport
        let screen = PhotoDrag.screenLength(settings.layout, viewport: viewport)
        let end = PhotoDrag.maximumOffset(settings.layout, viewport: viewport, cards: session.deck.count)
        let distance = min(settings.scrollScreens * screen, end)
        let frames = settings.scrollFrames
        let offsets = (0..<frames).map { frames > 1 ? distance * Double($0) / Double(frames - 1) : 0 }
        var drag = PhotoDrag(layout: settings.layout, viewport: viewport)
        drag.press(session, time: start.elapsed)

        var loaded = session.pictureStatus.loaded
        let loading = try pass(start, drag: drag, offsets: offsets)
        let loadingLoaded = session.pictureStatus.loaded - loaded
        drag.release(session, at: distance, time: start.elapsed)

        // At the far end until idle: its pictures and the neighbourhood the scroll was heading
        // to loaded (what the second pass's last frames ask for), thumbnails saved. Then back to
        // the top, every position's pictures shown, and idle again. The pool holds them all
        // (a few screens; the card tier has at least three screens of layers), so the second
        // pass finds nothing to load.
        let idleBegan = MonotonicClock.now()
        _ = try start.runAtRest(untilIdle: true, timeout: settings.waitTimeout, what: "the scroll's far end")
        // Half a screen at a time: every card the pass showed is in view at one of them.
        let step = max(screen / 2, 1)
        var back = (distance / step).rounded(.down) * step
        while back >= 0 {
            let now = drag.axis == .horizontal ? session.offset.x : session.offset.y
            if abs(now - back) >= 0.5 { drag.place(session, at: back, time: start.elapsed) }
            _ = try start.runAtRest(timeout: settings.waitTimeout, what: "the scroll's pictures")
            back -= step
        }
        _ = try start.runAtRest(untilIdle: true, timeout: settings.waitTimeout, what: "saving the thumbnails")
        let idle = Double(MonotonicClock.now() &- idleBegan)

        drag.press(session, time: start.elapsed)
        loaded = session.pictureStatus.loaded
        let after = try pass(start, drag: drag, offsets: offsets)
        let afterLoaded = session.pictureStatus.loaded - loaded
        drag.release(session, at: distance, time: start.elapsed)

        let loadingSummary = Summary(loading.times), afterSummary = Summary(after.times)
        return ScrollFrames(frames: frames, distance: distance, loading: loadingSummary, after: afterSummary,
                            p99Ratio: afterSummary.p99 > 0 ? loadingSummary.p99 / afterSummary.p99 : .nan,
                            loadingFramesWaiting: loading.waiting, afterFramesWaiting: after.waiting,
                            loadingPicturesLoaded: loadingLoaded, afterPicturesLoaded: afterLoaded, idle: idle,
                            thumbnailsOnDisk: root.map(ThumbnailCount.onDisk(root:)) ?? 0)
    }

    /// One pass of the drag: frame k at 60 Hz of real time (later if the last one ran late)
    /// with the content at `offsets[k]`; returns every frame's time and how many frames had
    /// cards in view waiting for their pictures.
    private func pass(_ start: PhotoViewerStart, drag: PhotoDrag, offsets: [Double]) throws -> (times: [Double], waiting: Int) {
        var times: [Double] = []
        times.reserveCapacity(offsets.count)
        var waiting = 0
        let period = UInt64(ReplayScript.frameStep * 1e9)
        var due = MonotonicClock.now()
        for offset in offsets {
            let now = MonotonicClock.now()
            if now < due { Thread.sleep(forTimeInterval: Double(due - now) / 1e9) }
            due = max(due &+ period, MonotonicClock.now())
            drag.move(start.session, to: offset, time: start.elapsed)
            times.append(Double(try start.drawFrame()))
            if start.pictures.status.isLoading { waiting += 1 }
        }
        return (times, waiting)
    }
}

/// Thumbnails in a cache root: the PNG files of its size folders.
enum ThumbnailCount {
    static func onDisk(root: String) -> Int {
        ["normal", "large", "x-large", "xx-large"].reduce(0) { count, folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            return count + names.filter { $0.hasSuffix(".png") }.count
        }
    }
}
