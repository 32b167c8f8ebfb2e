import CardText
import Foundation

/// A title to rasterize for the title atlas.
struct TitleJob: Hashable, Sendable {
    var text: String
    /// The atlas slot's size, pixels: the title is one line `height` pixels tall (ascender to
    /// descender), at most `width` wide (shortened with "…").
    var width: Int
    var height: Int
}

/// Rasterizes titles on a worker thread: the FreeType rasterizer is made there, on the first
/// title (finding and opening fonts is file I/O, never for the frame thread).
///
/// Thread-safe: the rasterizer is created under a lock; `TitleRasterizer` serialises its own
/// calls.
final class TitleWorkshop: @unchecked Sendable {
    // @unchecked: `rasterizer` and `failure` are only touched with `lock` held.
    private let lock = NSLock()
    private var rasterizer: TitleRasterizer?
    private var failure: TitlesUnavailable?

    /// The coverage bitmap of `job`'s title.
    ///
    /// - Throws: `TitlesUnavailable` when no font can be found or opened (every later call
    ///   throws it again at once).
    func render(_ job: TitleJob) throws -> TitleBitmap {
        try font().render(job.text, pixelHeight: job.height, maxWidth: job.width)
    }

    /// The rasterizer once made, without waiting: `nil` while it is being made (the lock is
    /// held then) or before. The overlay's text takes it (`OverlayFont.adopt`), so it is drawn
    /// in the titles' font from the frame the titles are, not a second later.
    var madeRasterizer: TitleRasterizer? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return rasterizer
    }

    private func font() throws -> TitleRasterizer {
        lock.lock()
        defer { lock.unlock() }
        if let rasterizer { return rasterizer }
        if let failure { throw failure }
        do {
            let made = try TitleRasterizer()
            rasterizer = made
            return made
        } catch {
            let unavailable = TitlesUnavailable(description: "\(error)")
            failure = unavailable
            throw unavailable
        }
    }
}

/// No font for titles: cards show their pictures without titles (one warning).
struct TitlesUnavailable: Error, CustomStringConvertible {
    var description: String
}
