import CardCulling
import CardInteraction
import CardLayout
import Foundation

/// Reads and writes culling marks through a `CullMarkStore` off the frame thread (SPEC §10:
/// a key never waits for the disk). Reads run on a background queue in the order given (the
/// session puts the cards in view first) and arrive in an inbox that the session takes from
/// (`take()`), as thumbnails arrive; writes go through one serial queue, in the order made, so
/// the last mark given for a picture is the one on disk.
///
/// Threading: `read`, `write`, `take`, `isBusy` may be called from any thread and never wait
/// for the store (one lock, held for a few assignments); `finish` waits for the writes (quit).
final class CullMarkIO: @unchecked Sendable {
    // @unchecked: every mutable property is touched only with `lock` held.

    /// A picture a card shows, as the store knows it.
    struct Target: Hashable, Sendable {
        /// The card.
        var id: CardID
        /// The picture's path, then its companions' (`PictureFile.companionPaths`): a mark is
        /// read from the first and written to each.
        var paths: [String]
    }

    /// A write that failed because the sidecar cannot be written (`CullMarkStoreError`).
    struct Refusal: Hashable, Sendable {
        var id: CardID
        var mark: CullMark
        /// The path whose sidecar could not be written.
        var path: String
        var reason: String
        /// True when only this picture's sidecar is refused (`.leftAlone`), false for the folder.
        var onlyThisPicture = false
    }

    /// What arrived since the last `take()`.
    struct Results {
        /// Marks read.
        var marks: [(CardID, CullMark)] = []
        /// Sidecars found outside the store's bounds when read: left alone.
        var leftAlone: [(CardID, CullMarkReading.LeftAlone)] = []
        /// Marks a key's change made of the mark read at the time of the write (`apply`), and
        /// whether it was only computed for the state (`writes` false).
        var merged: [(id: CardID, mark: CullMark, keptInState: Bool)] = []
        var refusals: [Refusal] = []

        var isEmpty: Bool { marks.isEmpty && leftAlone.isEmpty && merged.isEmpty && refusals.isEmpty }
    }

    let store: any CullMarkStore
    private let readQueue = DispatchQueue(label: "cardviewer.cull-read", qos: .utility)
    private let writeQueue = DispatchQueue(label: "cardviewer.cull-write", qos: .userInitiated)
    private let lock = NSLock()
    private var results = Results()
    private var readsInFlight = 0
    private var writesInFlight = 0
    /// Writes done so far, and reads (for tests and the HUD).
    private var counts = (reads: 0, writes: 0)

    /// Marks are read in chunks of this many pictures, each chunk one task on the read queue:
    /// results arrive as each chunk ends.
    static let readChunk = 32

    init(store: any CullMarkStore) {
        self.store = store
    }

    /// Reads the marks of `targets` in order, in the background; results arrive in `take()`.
    func read(_ targets: [Target]) {
        guard !targets.isEmpty else { return }
        var start = 0
        while start < targets.count {
            let chunk = Array(targets[start..<min(start + Self.readChunk, targets.count)])
            start += Self.readChunk
            lock.withLock { readsInFlight += 1 }
            readQueue.async { [store] in
                var found: [(CardID, CullMark)] = []
                var leftAlone: [(CardID, CullMarkReading.LeftAlone)] = []
                found.reserveCapacity(chunk.count)
                for target in chunk {
                    guard let path = target.paths.first else { continue }
                    let reading = store.reading(ofPicture: path)
                    found.append((target.id, reading.mark))
                    if let alone = reading.leftAlone { leftAlone.append((target.id, alone)) }
                }
                self.lock.withLock {
                    self.results.marks += found
                    self.results.leftAlone += leftAlone
                    self.readsInFlight -= 1
                    self.counts.reads += found.count
                }
            }
        }
    }

    /// Writes `mark` for every path of `target`, in the background, after the writes before it.
    func write(_ mark: CullMark, for target: Target) {
        enqueue(target) { store, path in try store.update(forPicture: path) { _ in mark } }
    }

    /// Applies a key's `change` to the mark of `target`'s picture as the store reads it at the
    /// time of the write (a key pressed before the picture's mark was read changes only what the
    /// key changes), writes the result for every path of `target` when `writes` (else only
    /// computes it, for the state), and reports it in `take().merged`.
    func apply(_ change: @escaping @Sendable (CullMark) -> CullMark, for target: Target, writes: Bool) {
        guard writes else {
            lock.withLock { writesInFlight += 1 }
            writeQueue.async { [store] in
                let mark = change(target.paths.first.map { store.mark(ofPicture: $0) } ?? .unmarked)
                self.lock.withLock {
                    self.results.merged.append((target.id, mark, true))
                    self.writesInFlight -= 1
                }
            }
            return
        }
        enqueue(target, reportsMerged: true) { store, path in
            do {
                return try store.update(forPicture: path, change)
            } catch {
                // Refused: the mark the change makes of what the store reads is what the state keeps.
                throw MergedRefusal(error: error, mark: change(store.mark(ofPicture: path)))
            }
        }
    }

    /// A refused `apply`, with the mark it made.
    private struct MergedRefusal: Error {
        var error: any Error
        var mark: CullMark
    }

    /// Writes for every path of `target`, in the background, after the writes before it: the
    /// first path through `first` (which returns the mark written), the companions with that
    /// same mark; `reportsMerged` reports it in `take().merged`.
    private func enqueue(_ target: Target, reportsMerged: Bool = false,
                         first: @escaping @Sendable (any CullMarkStore, String) throws -> CullMark) {
        lock.withLock { writesInFlight += 1 }
        writeQueue.async { [store] in
            var refused: [Refusal] = []
            var mark: CullMark?
            for path in target.paths {
                do {
                    if let mark {
                        try store.store(mark, forPicture: path)
                    } else {
                        mark = try first(store, path)
                    }
                } catch {
                    var failure: any Error = error
                    if let merged = error as? MergedRefusal {
                        mark = merged.mark
                        failure = merged.error
                    }
                    refused.append(Self.refusal(failure, id: target.id, mark: mark ?? .unmarked, path: path))
                }
            }
            self.lock.withLock {
                if reportsMerged, let mark { self.results.merged.append((target.id, mark, false)) }
                self.results.refusals += refused
                self.writesInFlight -= 1
                self.counts.writes += 1
            }
        }
    }

    /// The refusal `error` of a write of `mark` at `path` for card `id`.
    private static func refusal(_ error: any Error, id: CardID, mark: CullMark, path: String) -> Refusal {
        switch error {
        case let CullMarkStoreError.unwritable(failedPath, reason):
            return Refusal(id: id, mark: mark, path: failedPath, reason: reason)
        case let CullMarkStoreError.leftAlone(failedPath, reason):
            return Refusal(id: id, mark: mark, path: failedPath, reason: reason, onlyThisPicture: true)
        default:
            return Refusal(id: id, mark: mark, path: path, reason: "\(error)")
        }
    }

    /// Takes the marks read, the marks merged and the writes refused since the last call.
    func take() -> Results {
        lock.withLock {
            defer { results = Results() }
            return results
        }
    }

    /// True while reads or writes are in flight, or results wait to be taken.
    var isBusy: Bool {
        lock.withLock { readsInFlight > 0 || writesInFlight > 0 || !results.isEmpty }
    }

    /// Pictures whose marks were read, and writes done (each of a card's paths together).
    var done: (reads: Int, writes: Int) { lock.withLock { counts } }

    /// Waits until every write handed over is done (quit, tests); reads are not waited for.
    func finishWrites() {
        writeQueue.sync {}
    }

    /// Waits until every read and write handed over is done (tests).
    func finish() {
        readQueue.sync {}
        writeQueue.sync {}
    }
}
