import CardMath
import CardPictureDecoding
import CardPixels
import Foundation

/// The histograms of the photo view's pictures (SPEC §13, `G`), counted on one serial
/// background queue, never on the frame thread: the picture decoded once at `countedSize` at most
/// (its whole, aspect kept: a JPEG through DCT scaling) and its pixels counted
/// (`PictureHistogram`). The frame thread asks (`histogram(of:path:)`, a lookup under a lock)
/// and gets what is counted already; a picture not counted yet is queued. Kept for the last
/// `capacity` pictures asked for (about 8 KiB each). Asked only while the histogram shows, so a
/// hidden histogram decodes nothing.
///
/// Thread-safe: the frame thread asks and polls, the queue counts; all state under `lock`.
final class HistogramReads: @unchecked Sendable {
    /// Entries kept, at most.
    let capacity: Int
    /// The largest decode counted, pixels (a box the picture is fitted in): enough pixels for a
    /// histogram that matches the whole picture's to a fraction of a percent, at a decode's cost
    /// bounded whatever the picture's size.
    static let countedSize = PixelSize(width: 2048, height: 2048)
    private let count: @Sendable (_ path: String) -> PictureHistogram?
    private let queue = DispatchQueue(label: "cardviewer.histograms", qos: .utility)
    private let lock = NSLock()
    /// By picture index: the file counted, whether the count is done, and what it found (nil:
    /// the file could not be decoded).
    private var entries: [Int: (path: String, done: Bool, histogram: PictureHistogram?)] = [:]
    /// The pictures of `entries`, the first asked for first (the first dropped).
    private var order: [Int] = []
    /// Counts queued or running.
    private var pending = 0
    /// True when a count finished since the last `poll()`.
    private var finished = false

    /// - Parameter count: the histogram of the file at `path` (tests inject a slow or counting one).
    init(capacity: Int = 8, count: @escaping @Sendable (_ path: String) -> PictureHistogram? = HistogramReads.decodeAndCount) {
        self.capacity = max(1, capacity)
        self.count = count
    }

    /// The histogram of the picture at `path`, decoded within `countedSize`; nil when it cannot be decoded.
    @Sendable static func decodeAndCount(path: String) -> PictureHistogram? {
        guard let decoded = try? PictureDecoder.decode(contentsOf: path, target: .fit(countedSize)) else { return nil }
        return PictureHistogram(decoded.image)
    }

    /// Picture `picture`'s histogram (its file at `path`) once counted; nil while the count is
    /// queued or running, and when the file cannot be decoded. The first ask queues the count.
    /// - Complexity: O(1) when known; O(`capacity`) when a new entry drops the oldest. No file is read.
    func histogram(of picture: Int, path: String) -> PictureHistogram? {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[picture], entry.path == path { return entry.histogram }
        if entries[picture] == nil {
            order.append(picture)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        entries[picture] = (path, false, nil)
        pending += 1
        queue.async { [self] in finish(picture, path: path) }
        return nil
    }

    /// Whether picture `picture`'s file at `path` has been counted (or found undecodable).
    /// - Complexity: O(1).
    func isCounted(_ picture: Int, path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[picture].map { $0.path == path && $0.done } ?? false
    }

    /// On the queue: counts picture `picture` unless it was dropped (or its file changed) before
    /// its turn, and keeps the histogram.
    private func finish(_ picture: Int, path: String) {
        lock.lock()
        let wanted = entries[picture].map { $0.path == path && !$0.done } ?? false
        lock.unlock()
        let histogram = wanted ? count(path) : nil
        lock.lock()
        if wanted, let entry = entries[picture], entry.path == path { entries[picture] = (path, true, histogram) }
        pending -= 1
        finished = true
        lock.unlock()
    }

    /// In one look: whether a count finished since the last poll, and whether counts are still
    /// queued or running.
    /// - Complexity: O(1).
    func poll() -> (finished: Bool, counting: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let result = (finished, pending > 0)
        finished = false
        return result
    }

    /// Blocks until the counts queued so far are done (tests).
    func waitForCounts() {
        queue.sync {}
    }
}
