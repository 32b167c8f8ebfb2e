import Foundation

/// The photo-folder report as people read it on a terminal.
public enum PhotoTextReport {
    /// The whole report, lines ending in "\n".
    public static func render(_ report: BenchmarkReport) -> String {
        guard let r = report.images else { return TextReport.render(report) }
        let m = report.machine, s = report.settings
        var out = "cardviewer bench --images: \(r.folder) · \(r.pictures) pictures · \(r.layout) · "
            + "\(Int(s.viewport.width))x\(Int(s.viewport.height)) · thumbnail cache \(r.thumbnailCache)"
            + (r.thumbnailCache == "readwrite" ? " (fresh temporary roots)" : "") + "\n"
        out += "CPU: \(m.cpu) (\(m.cores) cores) · GL: \(m.glRenderer) · \(r.workers) decode workers"
            + " · card tier \(r.cardTierLayers) layers of \(r.cardTierSide)²\n"
        out += "\n" + start(r.thumbnailCache == "read" ? "start (user's cache, read-only)" : "cold start", r.cold)
        let c = r.scroll
        out += "\nscroll: \(c.frames) frames at 60 Hz over \(Int(c.distance)) points (update + draw + glFinish, ms)\n"
        out += "  " + pad("", 16) + ["median", "p90", "p99", "max"].map { pad($0, 9, right: true) }.joined() + "\n"
        out += row("while loading", c.loading) + row("after", c.after)
        out += "  p99 while loading / after: \(String(format: "%.2f", c.p99Ratio))× (target ≤ 1.5)"
            + " · frames with pictures missing: \(c.loadingFramesWaiting) / \(c.afterFramesWaiting)"
            + " · pictures loaded: \(c.loadingPicturesLoaded) / \(c.afterPicturesLoaded)\n"
        out += "  between the passes: idle after \(seconds(c.idle)) s, \(c.thumbnailsOnDisk) thumbnails on disk\n"
        let e = r.endToEnd
        out += "\nend to end (cold): \(e.cards) cards, \(e.screens) screens, \(e.picturesLoaded) pictures in \(seconds(e.duration)) s"
            + " → \(String(format: "%.1f", e.picturesPerSecond)) pictures/s, \(String(format: "%.1f", e.megapixelsPerSecond)) MP/s"
            + " (mean \(String(format: "%.1f", e.meanSourceMegapixels)) MP)\n"
        out += "  peak memory (max RSS): \(TextReport.megabytes(e.maximumResidentBytes)) MB (target ≤ 400 MB)"
            + " · pictures on the GPU: \(TextReport.megabytes(e.pictureResidentBytes)) MB of \(TextReport.megabytes(e.picturePoolBytes)) MB pools"
            + (e.unreadable > 0 ? " · \(e.unreadable) unreadable" : "") + "\n"
        if let b = r.background {
            out += "\nbackground thumbnailing (cold, at rest): \(b.pictures) pictures (\(b.made) thumbnails made) in"
                + " \(seconds(b.duration)) s from the first frame → \(String(format: "%.1f", b.picturesPerSecond)) pictures/s"
                + " (target ≥ 30) · first frame \(ms(b.firstFrame)) ms · first screen \(ms(b.firstScreen)) ms"
                + " · max RSS \(TextReport.megabytes(b.maximumResidentBytes)) MB\n"
        }
        if let w = r.warm {
            out += "\n" + start("warm start", w.start)
            out += "  then \(w.screens) screens: \(w.picturesLoaded) pictures (\(w.fromThumbnails) from thumbnails) in"
                + " \(seconds(w.duration)) s → \(String(format: "%.1f", w.picturesPerSecond)) pictures/s\n"
        }
        if let v = r.vips {
            out += "\nvipsthumbnail -s \(v.side)x\(v.side), \(v.processes) process\(v.processes == 1 ? "" : "es"):"
                + " \(v.pictures) pictures in \(seconds(v.duration)) s → \(String(format: "%.1f", v.picturesPerSecond)) pictures/s"
                + " · ours / vips: \(String(format: "%.2f", v.ratio))× (target ≥ 1)"
                + (v.failedRuns > 0 ? " · \(v.failedRuns) runs failed" : "") + "\n"
        }
        out += "\npeak memory of the whole run (max RSS): \(TextReport.megabytes(report.maximumResidentBytes)) MB\n"
        return out
    }

    static func start(_ title: String, _ t: StartTimes) -> String {
        "\(title): listing \(ms(t.listing)) ms · ready \(ms(t.prepared)) ms · first frame \(ms(t.firstFrame)) ms"
            + " · first screen \(ms(t.firstScreen)) ms (+\(ms(t.firstScreenAfterFirstFrame)) ms after the first frame;"
            + " \(t.cardsInView) cards in view, \(t.picturesLoaded) pictures loaded, \(t.fromThumbnails) from thumbnails;"
            + " max RSS \(TextReport.megabytes(t.maximumResidentBytes)) MB)\n"
    }

    static func row(_ name: String, _ s: Summary) -> String {
        "  " + pad(name, 16) + [s.median, s.p90, s.p99, s.max].map { pad(ms($0), 9, right: true) }.joined() + "\n"
    }

    /// Nanoseconds as milliseconds with one decimal.
    static func ms(_ nanoseconds: Double) -> String { String(format: "%.1f", nanoseconds / 1e6) }

    /// Nanoseconds as seconds with two decimals.
    static func seconds(_ nanoseconds: Double) -> String { String(format: "%.2f", nanoseconds / 1e9) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String { TextReport.pad(text, width, right: right) }
}
