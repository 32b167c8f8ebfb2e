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

    /// A write that failed because the sidecar cannot be written (`CullMarkStoreError.unwritable`).
    struct Refusal: Hashable, Sendable {
        var id: CardID
        var mark: CullMark
        /// The path whose sidecar could not be written.
        var path: String
        var reason: String
    }

    let store: any CullMarkStore
    private let readQueue = DispatchQueue(label: "cardviewer.cull-read", qos: .utility)
    private let writeQueue = DispatchQueue(label: "cardviewer.cull-write", qos: .userInitiated)
    private let lock = NSLock()
    private var arrived: [(CardID, CullMark)] = []
    private var refusals: [Refusal] = []
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
                found.reserveCapacity(chunk.count)
                for target in chunk {
                    guard let path = target.paths.first else { continue }
                    found.append((target.id, store.mark(ofPicture: path)))
                }
                self.lock.withLock {
                    self.arrived += found
                    self.readsInFlight -= 1
                    self.counts.reads += found.count
                }
            }
        }
    }

    /// Writes `mark` for every path of `target`, in the background, after the writes before it.
    func write(_ mark: CullMark, for target: Target) {
        lock.withLock { writesInFlight += 1 }
        writeQueue.async { [store] in
            var refused: [Refusal] = []
            for path in target.paths {
                do {
                    try store.store(mark, forPicture: path)
                } catch let CullMarkStoreError.unwritable(failedPath, reason) {
                    refused.append(Refusal(id: target.id, mark: mark, path: failedPath, reason: reason))
                } catch {
                    refused.append(Refusal(id: target.id, mark: mark, path: path, reason: "\(error)"))
                }
            }
            self.lock.withLock {
                self.refusals += refused
                self.writesInFlight -= 1
                self.counts.writes += 1
            }
        }
    }

    /// Takes the marks read and the writes refused since the last call.
    func take() -> (marks: [(CardID, CullMark)], refusals: [Refusal]) {
        lock.withLock {
            defer {
                arrived.removeAll()
                refusals.removeAll()
            }
            return (arrived, refusals)
        }
    }

    /// True while reads or writes are in flight, or results wait to be taken.
    var isBusy: Bool {
        lock.withLock { readsInFlight > 0 || writesInFlight > 0 || !arrived.isEmpty || !refusals.isEmpty }
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
