@testable import CardPictureLoading
import Foundation
import Testing

/// The worker pool: priority order, cancellation before and after a job starts, delivery
/// exactly once, the bound on results held, shutdown, and a caller that never waits on work.
@Suite struct WorkerPoolTests {
    @Test("one worker runs queued jobs in priority order, ties in submission order")
    func priorityOrder() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let log = WorkLog()
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 1, completedLimit: 100) { request in
            if request == -1 {
                started.signal()
                gate.wait()
            }
            log.record(request)
            return request
        }
        defer { pool.shutdown() }
        pool.submit(-1, request: -1, priority: 0)
        #expect(started.wait(timeout: .now() + 10) == .success)
        for (key, priority) in [(50, 5), (10, 1), (30, 3), (0, 0), (40, 4), (20, 2), (21, 2)] {
            pool.submit(key, request: key, priority: priority)
        }
        // Reprioritised while queued: 40 becomes the most urgent, with a new request value.
        pool.submit(40, request: 41, priority: -1)
        gate.signal()
        let completions = pool.takeAll(count: 8)
        #expect(log.values == [-1, 41, 0, 10, 20, 21, 30, 50])
        #expect(completions.map(\.key) == [-1, 40, 0, 10, 20, 21, 30, 50])
        #expect(completions.compactMap { try? $0.result.get() } == [-1, 41, 0, 10, 20, 21, 30, 50])
    }

    @Test("a job cancelled before it starts never runs; one cancelled while running is freed, not delivered")
    func cancellation() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let log = WorkLog(), live = LiveCounter()
        let pool = PictureWorkerPool<Int, Int, TrackedOutput>(workerCount: 1) { request in
            if request == 1 {
                started.signal()
                gate.wait()
            }
            log.record(request)
            return TrackedOutput(request, counter: live)
        }
        defer { pool.shutdown() }
        pool.submit(1, request: 1, priority: 0)
        #expect(started.wait(timeout: .now() + 10) == .success)
        pool.submit(2, request: 2, priority: 1)
        pool.submit(3, request: 3, priority: 2)
        pool.cancel(2)  // queued
        pool.cancel(1)  // running
        gate.signal()
        let completions = pool.takeAll(count: 1)
        #expect(completions.map(\.key) == [3])
        #expect(eventually { pool.counts == (0, 0, 0) })
        #expect(log.values == [1, 3])
        // Job 1's result was freed when it finished; job 3's is alive in `completions`.
        #expect(live.value == 1)
        withExtendedLifetime(completions) {}
    }

    @Test("a finished result not yet taken is freed when cancelled")
    func cancelCompleted() {
        let live = LiveCounter()
        let pool = PictureWorkerPool<Int, Int, TrackedOutput>(workerCount: 1) { TrackedOutput($0, counter: live) }
        defer { pool.shutdown() }
        pool.submit(7, request: 7, priority: 0)
        #expect(eventually { pool.counts.completed == 1 })
        #expect(live.value == 1)
        pool.cancel(7)
        #expect(live.value == 0)
        #expect(pool.takeCompleted().isEmpty)
    }

    @Test("every result is delivered exactly once; errors are delivered as errors")
    func deliveredOnce() {
        struct Odd: Error {}
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 3, completedLimit: 4) { request in
            if request % 2 == 1 { throw Odd() }
            return request * 10
        }
        defer { pool.shutdown() }
        for key in 0..<200 { pool.submit(key, request: key, priority: key % 7) }
        // Submitting a key again while it is queued, running or waiting adds no second job.
        for key in 0..<200 { pool.submit(key, request: key, priority: 0) }
        let completions = pool.takeAll(count: 200)
        #expect(completions.count == 200)
        #expect(Set(completions.map(\.key)) == Set(0..<200))
        for completion in completions {
            switch completion.result {
            case .success(let value): #expect(completion.key % 2 == 0 && value == completion.key * 10)
            case .failure(let error): #expect(completion.key % 2 == 1 && error is Odd)
            }
        }
        usleep(20_000)
        #expect(pool.takeCompleted().isEmpty)
    }

    @Test("results waiting for the caller are bounded: the workers pause at the bound")
    func boundedResults() {
        let log = WorkLog()
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 2, completedLimit: 3) { request in
            log.record(request)
            return request
        }
        defer { pool.shutdown() }
        for key in 0..<20 { pool.submit(key, request: key, priority: key) }
        #expect(eventually { pool.counts.completed == 3 })
        usleep(50_000)
        #expect(log.values.count == 3)
        #expect(pool.counts == (17, 0, 3))
        // Taking two lets exactly two more run. Two workers: finishing order is theirs (the
        // second may finish jobs 1 and 2 before the first finishes job 0).
        let firstTwo = pool.takeCompleted(limit: 2).map(\.key)
        #expect(firstTwo.count == 2 && Set(firstTwo).isSubset(of: [0, 1, 2]))
        #expect(eventually { log.values.count == 5 })
        usleep(50_000)
        #expect(log.values.count == 5 && pool.counts.completed == 3)
        #expect((firstTwo + pool.takeAll(count: 18).map(\.key)).sorted() == Array(0..<20))
    }

    @Test("takeCompleted stops when the body says so, and never waits for running work")
    func nonBlockingTake() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 1, completedLimit: 10) { request in
            if request == 99 {
                started.signal()
                gate.wait()
            }
            return request
        }
        defer { pool.shutdown() }
        pool.submit(1, request: 1, priority: 0)
        pool.submit(2, request: 2, priority: 1)
        #expect(eventually { pool.counts.completed == 2 })
        pool.submit(99, request: 99, priority: 0)
        #expect(started.wait(timeout: .now() + 10) == .success)
        // The worker is inside a job: the caller's calls return at once.
        let clock = ContinuousClock(), start = clock.now
        var seen: [Int] = []
        let taken = pool.takeCompleted(limit: 5) { completion in
            seen.append(completion.key)
            return false
        }
        pool.submit(3, request: 3, priority: 5)
        pool.cancel(3)
        let elapsed = start.duration(to: clock.now)
        #expect(taken == 1 && seen == [1])
        #expect(elapsed < .milliseconds(500))
        gate.signal()
        #expect(pool.takeAll(count: 2).map(\.key) == [2, 99])
    }

    @Test("a bounded shutdown returns when its wait runs out, leaving a stuck job to finish on its own")
    func boundedShutdown() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let live = LiveCounter()
        let pool = PictureWorkerPool<Int, Int, TrackedOutput>(workerCount: 1, completedLimit: 8) { request in
            started.signal()
            gate.wait()
            return TrackedOutput(request, counter: live)
        }
        pool.submit(0, request: 0, priority: 0)
        #expect(started.wait(timeout: .now() + 10) == .success)
        let clock = ContinuousClock(), start = clock.now
        #expect(!pool.shutdown(waitingAtMost: 0.2))
        let waited = start.duration(to: clock.now)
        #expect(waited >= .milliseconds(150) && waited < .seconds(3), "\(waited)")
        // The stuck job finishes later; what it made is freed, nothing is delivered.
        gate.signal()
        #expect(eventually { live.value == 0 })
        #expect(pool.shutdown(waitingAtMost: 0.2))
    }

    @Test("shutdown joins the workers; the running job finishes and everything held is freed")
    func shutdown() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let live = LiveCounter(), log = WorkLog()
        let pool = PictureWorkerPool<Int, Int, TrackedOutput>(workerCount: 2, completedLimit: 8) { request in
            if request == 0 {
                started.signal()
                gate.wait()
            }
            log.record(request)
            return TrackedOutput(request, counter: live)
        }
        pool.submit(0, request: 0, priority: 0)
        #expect(started.wait(timeout: .now() + 10) == .success)
        pool.submit(1, request: 1, priority: 1)
        #expect(eventually { pool.counts.completed == 1 })
        for key in 2..<50 { pool.submit(key, request: key, priority: 100) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { gate.signal() }
        pool.shutdown()
        // Returned only after job 0 finished and every result held was freed.
        #expect(log.values.contains(0))
        #expect(live.value == 0)
        #expect(pool.counts == (0, 0, 0))
        let ranBefore = log.values.count
        pool.submit(100, request: 100, priority: 0)
        usleep(50_000)
        #expect(log.values.count == ranBefore && pool.counts == (0, 0, 0))
        pool.shutdown()  // twice is fine
    }

    @Test("a pool dropped without shutdown stops its workers")
    func deinitStops() {
        let live = LiveCounter()
        do {
            let pool = PictureWorkerPool<Int, Int, TrackedOutput>(workerCount: 2) { TrackedOutput($0, counter: live) }
            for key in 0..<4 { pool.submit(key, request: key, priority: key) }
            _ = eventually { pool.counts.completed == 4 }
        }
        #expect(live.value == 0)
    }

    @Test("the default worker count: one per core")
    func defaultWorkers() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(PictureWorkerPool<Int, Int, Int>.defaultWorkerCount == max(cores, 1))
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 0, completedLimit: 0) { $0 }
        #expect(pool.workerCount == 1 && pool.completedLimit == 1)
        pool.shutdown()
    }
}
