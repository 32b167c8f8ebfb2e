import Foundation

/// A finished job: its key and what the work returned or threw.
public struct PictureCompletion<Key: Hashable & Sendable, Output: Sendable>: Sendable {
    public let key: Key
    public let result: Result<Output, any Error>
}

/// Worker threads that run a work closure (a decode) on requests in priority order, for a frame
/// loop that must never wait.
///
/// - `submit` queues a job per key (lower priority numbers first, ties in submission order); a
///   key queued again only changes its priority and request.
/// - `cancel` drops a key's job: unqueued, or its result freed when it finishes or if it already
///   has; nothing of a cancelled job is ever delivered.
/// - `takeCompleted` hands finished results to the caller, each exactly once, without blocking.
/// - Memory is bounded: jobs running plus results not yet taken never exceed `completedLimit`;
///   the workers pause until results are taken (or cancelled).
/// - `shutdown` stops and joins the workers (a running job finishes first; its result is freed).
/// - With a `DecodeBudget`, the jobs share its bytes (each job's work takes and gives back its
///   own); the pool closes it at `shutdown`, so a worker waiting for budget stops waiting.
///
/// Threading: every method may be called from any thread. The frame thread's calls take one
/// lock, held only for O(1)/O(log queued) bookkeeping (never while work runs; results are freed
/// and the caller's closure runs outside it), so they never wait for a decode. A key must
/// identify its request: the work of a cancelled job that is still running is taken back, not
/// restarted, when the same key is submitted again before it finishes.
public final class PictureWorkerPool<Key: Hashable & Sendable, Request: Sendable, Output: Sendable>: Sendable {
    public typealias Completion = PictureCompletion<Key, Output>

    /// Workers by default: one per core (the frame loop sleeps between frames and needs no
    /// core of its own), at least one.
    public static var defaultWorkerCount: Int { max(ProcessInfo.processInfo.activeProcessorCount, 1) }

    /// How many worker threads run jobs.
    public let workerCount: Int
    /// Jobs running plus results not yet taken, at most.
    public let completedLimit: Int
    private let core: WorkerCore<Key, Request, Output>

    /// Starts `workerCount` threads (at least 1) that run `work`. `completedLimit` (default
    /// 2 × workers, never below the worker count) bounds the results held for the caller.
    /// `budget`, when the work takes its memory from one, is closed at `shutdown`.
    public init(workerCount: Int = defaultWorkerCount, completedLimit: Int? = nil, name: String = "picture-worker",
                budget: DecodeBudget? = nil, work: @escaping @Sendable (Request) throws -> Output) {
        self.workerCount = max(1, workerCount)
        self.completedLimit = max(completedLimit ?? 2 * self.workerCount, self.workerCount)
        core = WorkerCore(completedLimit: self.completedLimit, budget: budget, work: work)
        for index in 0..<self.workerCount { core.startWorker(name: "\(name)-\(index + 1)") }
    }

    deinit { _ = core.shutdown() }

    /// Queues `request` under `key` at `priority` (lower first), or updates a queued job's
    /// priority and request. Ignored after `shutdown`.
    public func submit(_ key: Key, request: Request, priority: Int) {
        core.locked { book, stopping in
            guard !stopping else { return false }
            _ = book.submit(key, request: request, priority: priority)
            return book.canStart
        }
    }

    /// Drops `key`'s job, wherever it is; nothing of it is delivered afterwards.
    public func cancel(_ key: Key) {
        var freed: Result<Output, any Error>?
        core.locked { book, _ in
            freed = book.cancel(key)
            return freed != nil && book.canStart
        }
        freed = nil  // The cancelled result's memory goes here, outside the lock.
        _ = freed
    }

    /// Hands up to `limit` finished results to `body`, oldest first, one at a time, without
    /// waiting; stops early when `body` returns false or none is left. Returns how many it took.
    @discardableResult
    public func takeCompleted(limit: Int, _ body: (Completion) throws -> Bool) rethrows -> Int {
        var taken = 0
        while taken < limit {
            var next: (key: Key, result: Result<Output, any Error>)?
            core.locked { book, _ in
                next = book.takeCompleted()
                return next != nil && book.canStart
            }
            guard let (key, result) = next else { break }
            taken += 1
            guard try body(Completion(key: key, result: result)) else { break }
        }
        return taken
    }

    /// Up to `limit` finished results, oldest first (allocates the array: for tests and tools).
    public func takeCompleted(limit: Int = .max) -> [Completion] {
        var all: [Completion] = []
        takeCompleted(limit: limit) { all.append($0); return true }
        return all
    }

    /// Queued, running and finished-but-not-taken jobs now.
    public var counts: (queued: Int, running: Int, completed: Int) {
        core.counts
    }

    /// Stops the workers and waits for them to exit: queued jobs are dropped, a running job
    /// finishes and is freed, results not taken are freed. Later submissions are ignored.
    /// Safe to call more than once.
    ///
    /// - Parameter seconds: the longest wait for a running job; past it the workers are left to
    ///   finish on their own (quitting never waits on a decode that is stuck or slow) and what
    ///   they hold is freed when they exit. `nil` waits as long as it takes.
    /// - Returns: false when the wait ran out with a job still running.
    @discardableResult
    public func shutdown(waitingAtMost seconds: Double? = nil) -> Bool { core.shutdown(waitingAtMost: seconds) }
}

/// What the workers share with the pool: the lock, the books and the work.
final class WorkerCore<Key: Hashable & Sendable, Request: Sendable, Output: Sendable>: @unchecked Sendable {
    // @unchecked: `book` and `stopping` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var book: WorkBook<Key, Request, Output>
    private var stopping = false
    private var started = 0
    private let exited = DispatchGroup()
    private let work: @Sendable (Request) throws -> Output
    private let budget: DecodeBudget?

    init(completedLimit: Int, budget: DecodeBudget?, work: @escaping @Sendable (Request) throws -> Output) {
        book = WorkBook(completedLimit: completedLimit)
        self.budget = budget
        self.work = work
    }

    /// Runs `body` with the lock held; wakes the workers when it returns true (work to start).
    func locked(_ body: (inout WorkBook<Key, Request, Output>, Bool) -> Bool) {
        condition.lock()
        let wake = body(&book, stopping)
        if wake { condition.broadcast() }
        condition.unlock()
    }

    var counts: (queued: Int, running: Int, completed: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (book.queuedCount, book.runningCount, book.completedCount)
    }

    func startWorker(name: String) {
        exited.enter()
        let thread = Thread { [self] in
            run()
            exited.leave()
        }
        thread.name = name
        thread.start()
    }

    /// A worker's life: wait for a job it may start, run it unlocked, record its result.
    private func run() {
        condition.lock()
        while true {
            while !stopping, !book.canStart { condition.wait() }
            guard !stopping, let (job, request) = book.start() else { break }
            condition.unlock()
            let result = Result { try work(request) }
            condition.lock()
            var discarded = book.finish(job: job, result: result)
            if discarded != nil {
                // A cancelled job's result: freed unlocked; its place may let another job start.
                condition.broadcast()
                condition.unlock()
                discarded = nil
                _ = discarded
                condition.lock()
            }
        }
        // Stopping: results finished after a bounded shutdown stopped waiting are freed here,
        // by the worker that made them (unlocked: a large picture takes a while to free).
        var dropped = stopping ? book.removeAll() : []
        condition.unlock()
        dropped.removeAll()
    }

    func shutdown(waitingAtMost seconds: Double? = nil) -> Bool {
        condition.lock()
        let first = !stopping
        stopping = true
        condition.broadcast()
        condition.unlock()
        guard first else { return true }
        budget?.close()  // a worker waiting for budget gives up its job
        if let seconds {
            // The workers hold this core: whatever they still hold is freed when they exit.
            guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        } else {
            exited.wait()
        }
        condition.lock()
        var dropped = book.removeAll()
        condition.unlock()
        dropped.removeAll()
        return true
    }
}
