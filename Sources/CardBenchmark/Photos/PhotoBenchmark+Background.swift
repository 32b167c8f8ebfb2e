import Foundation

/// Background thumbnailing of the whole folder (SPEC §10: ≥ 30 photos a second on two cores).
public struct BackgroundThumbnails: Hashable, Sendable, Codable {
    /// Pictures in the folder, and the thumbnails the workers made for them (the rest were
    /// read for the cards in view, or unreadable).
    public var pictures: Int
    public var made: Int
    /// From the first frame to the last picture done, nanoseconds; pictures per second over it.
    public var duration: Double
    public var picturesPerSecond: Double
    /// The first frame and the first screen complete, from before the listing, nanoseconds.
    public var firstFrame: Double
    public var firstScreen: Double
    /// The process's peak resident memory at the end (`getrusage`), bytes.
    public var maximumResidentBytes: Int
}

extension PhotoBenchmark {
    /// A start on a fresh cache root left at rest until the whole folder is thumbnailed in the
    /// background (the viewer's own order: the cards in view, ahead, behind, the rest), as a
    /// window left alone does.
    func measureBackground(root: String) throws -> BackgroundThumbnails {
        let start = try PhotoViewerStart(settings, options: options(root: root), warn: warn)
        defer { start.shutdown(thumbnailSeconds: 0) }
        let settled = try start.runAtRest(timeout: settings.waitTimeout, what: "the first screen")
        let first = start.firstFrame ?? settled
        let timeout = max(settings.waitTimeout, Double(start.catalog.pictures.count))
        let done = try start.runAtRest(untilIdle: true, timeout: timeout, what: "background thumbnailing")
        let duration = Double(done &- first)
        let pictures = start.catalog.pictures.count
        return BackgroundThumbnails(pictures: pictures, made: start.pictures.backgroundThumbnailsMade, duration: duration,
                                    picturesPerSecond: duration > 0 ? Double(pictures) / (duration / 1e9) : 0,
                                    firstFrame: Double(first &- start.began), firstScreen: Double(settled &- start.began),
                                    maximumResidentBytes: ResourceUsage.maximumResidentBytes)
    }
}
