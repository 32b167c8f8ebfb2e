import CardInteraction
import Foundation

/// Saves the deck off the frame thread: the frame thread hands over a snapshot (a `Deck` is a
/// value: taking one copies nothing), one background writer saves it (`DeckStore.save`: the
/// same temporary file, fsync, rename), and while a save runs only the latest snapshot handed
/// over waits — older pending ones are dropped (coalescing). `finish()` waits for the last save
/// (quit). A failed save is a one-line message for the frame thread to warn about.
///
/// Threading: `save`, `takeFailures` and the counters may be called from any thread and never
/// wait for a write (one lock, held for a few assignments); `finish` waits.
///
/// Memory: while a snapshot is being written, the frame thread's next edit of its deck copies
/// the deck's storage once (copy-on-write: the cards and their index, ~75 MB for 1,000,000
/// cards), so a save holds two versions of the deck, three with a snapshot waiting (see
/// `isIdle`); the writer frees its snapshot (and any dropped one) on its own thread.
public final class DeckSaver: @unchecked Sendable {
    // @unchecked: every mutable property is touched only with `condition` locked.
    public typealias Writer = @Sendable (Deck, SavedLayout?) throws -> Void

    private let condition = NSCondition()
    private let queue = DispatchQueue(label: "cardviewer.deck-saver")
    private let write: Writer
    private var pending: (deck: Deck, layout: SavedLayout?)?
    private var dropped: Deck?
    private var running = false
    private var failures: [String] = []
    private var written = 0
    private var coalesced = 0

    /// A saver writing to `store`.
    public convenience init(store: DeckStore) {
        self.init { deck, layout in try store.save(deck, layout: layout) }
    }

    /// A saver that calls `write` (for tests: a slow or failing writer).
    public init(writer: @escaping Writer) {
        write = writer
    }

    /// A saver that calls `write` with the deck alone.
    public convenience init(writer: @escaping @Sendable (Deck) throws -> Void) {
        self.init { deck, _ in try writer(deck) }
    }

    /// Hands `deck` (and the layout it is shown in) over to be saved; returns at once. Replaces
    /// a snapshot still waiting.
    public func save(_ deck: Deck, layout: SavedLayout? = nil) {
        condition.lock()
        if let older = pending.take() {
            coalesced += 1
            // Freed by the writer, not here: a large deck takes a while to free.
            dropped = older.deck
        }
        pending = (deck, layout)
        let start = !running
        running = true
        condition.unlock()
        if start { queue.async { self.drain() } }
    }

    /// True when no save is running or waiting. A caller that hands over a snapshot only when
    /// the saver is idle keeps at most two versions of its deck alive (its own and the one being
    /// written), instead of three with one waiting; `ViewerDriver` does that.
    public var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !running
    }

    /// Waits until every snapshot handed over is written (or failed).
    public func finish() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    /// The failures since the last call, one line each (oldest first).
    public func takeFailures() -> [String] {
        condition.lock()
        defer { condition.unlock() }
        guard !failures.isEmpty else { return [] }
        let taken = failures
        failures.removeAll()
        return taken
    }

    /// Saves written so far, and snapshots dropped because a newer one replaced them.
    public var counts: (written: Int, coalesced: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (written, coalesced)
    }

    /// The writer's loop: the latest pending snapshot, until none is left.
    private func drain() {
        while true {
            condition.lock()
            let freed = dropped.take()
            guard let next = pending.take() else {
                running = false
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            withExtendedLifetime(freed) {}
            var failure: String?
            do {
                try write(next.deck, next.layout)
            } catch {
                failure = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
            }
            condition.lock()
            if let failure { failures.append(failure) } else { written += 1 }
            condition.unlock()
        }
    }
}
