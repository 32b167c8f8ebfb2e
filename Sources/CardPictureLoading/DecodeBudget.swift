import Foundation

/// The memory every decoding worker together may use at once (SPEC §11: 384 MB by default): a
/// decode takes its estimated bytes before it starts and gives them back when it ends, and a
/// worker waits for budget rather than exceed it.
///
/// - Requests are served in the order they came: a large one waiting at the head is not passed
///   by smaller ones behind it, so it runs as soon as the decodes ahead of it end.
/// - A request larger than the whole budget is refused at once (it could never run), without
///   waiting and without holding up the queue.
/// - `close()` (the pool shutting down) refuses every waiting and later request; bytes in use
///   are still given back as their decodes end.
///
/// Thread-safe; every call holds one lock for O(1) bookkeeping, waits outside it.
public final class DecodeBudget: @unchecked Sendable {
    // @unchecked: the counters are only touched with `condition` locked.

    /// Why a request was not granted.
    public enum Refusal: Error, Equatable, Sendable {
        /// More bytes than the whole budget (`capacity`).
        case largerThanBudget(capacity: Int)
        /// The budget was closed (its workers are stopping).
        case closed
    }

    /// The bytes that may be in use at once.
    public let capacity: Int
    private let condition = NSCondition()
    private var used = 0
    private var waiters = 0
    private var nextTicket: UInt64 = 0
    private var serving: UInt64 = 0
    private var isClosed = false

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Takes `bytes`, waiting until the requests before it were served and they fit.
    /// - Throws: `Refusal.largerThanBudget` at once for more than `capacity`; `.closed` when
    ///   the budget is or becomes closed while waiting.
    public func acquire(_ bytes: Int) throws(Refusal) {
        let bytes = max(0, bytes)
        guard bytes <= capacity else { throw .largerThanBudget(capacity: capacity) }
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket &+= 1
        waiters += 1
        while !isClosed, ticket != serving || used + bytes > capacity { condition.wait() }
        waiters -= 1
        guard !isClosed else { throw .closed }
        serving &+= 1
        used += bytes
        condition.broadcast()  // the next in line may fit too
    }

    /// Gives back `bytes` taken by `acquire`.
    public func release(_ bytes: Int) {
        condition.lock()
        used -= max(0, bytes)
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` with `bytes` taken, giving them back when it returns or throws.
    public func withBytes<Result>(_ bytes: Int, _ body: () throws -> Result) throws -> Result {
        try acquire(bytes)
        defer { release(bytes) }
        return try body()
    }

    /// Refuses every waiting and later request (`Refusal.closed`).
    public func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The bytes taken now.
    public var inUse: Int {
        condition.lock()
        defer { condition.unlock() }
        return used
    }

    /// Requests waiting now (for tests and statistics).
    public var waitingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiters
    }
}
