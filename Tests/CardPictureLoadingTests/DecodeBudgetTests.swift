import CardPictureLoading
import Foundation
import Testing

/// Runs `body` on a new thread.
private func spawn(_ body: @escaping @Sendable () -> Void) {
    Thread { body() }.start()
}

/// The decode budget on its own: bytes taken and given back, requests served in order, one
/// larger than the whole budget refused at once, closing refuses the waiting. Every wait is
/// observed through the budget's state (`waitingCount`, `inUse`), not timed.
@Suite("decode budget")
struct DecodeBudgetTests {
    @Test func bytesAreTakenAndGivenBack() throws {
        let budget = DecodeBudget(capacity: 100)
        try budget.acquire(60)
        try budget.acquire(40)
        #expect(budget.inUse == 100 && budget.waitingCount == 0)
        budget.release(60)
        #expect(budget.inUse == 40)
        #expect(try budget.withBytes(60) { budget.inUse } == 100)
        #expect(budget.inUse == 40)
        budget.release(40)
        #expect(budget.inUse == 0)
    }

    @Test("a request larger than the whole budget is refused at once, and holds nothing up")
    func largerThanTheBudget() throws {
        let budget = DecodeBudget(capacity: 100)
        try budget.acquire(100)
        #expect(throws: DecodeBudget.Refusal.largerThanBudget(capacity: 100)) { try budget.acquire(101) }
        #expect(budget.waitingCount == 0 && budget.inUse == 100)
        budget.release(100)
    }

    @Test("a worker waits for budget rather than exceed it; requests are served in the order they came")
    func waitsInOrder() throws {
        let budget = DecodeBudget(capacity: 100)
        try budget.acquire(60)
        let log = WorkLog()
        let done = DispatchGroup()
        // 50 does not fit beside 60: it waits. 10 would fit, but it came after 50: it waits too.
        done.enter()
        spawn { try? budget.acquire(50); log.record(50); done.leave() }
        #expect(eventually { budget.waitingCount == 1 })
        done.enter()
        spawn { try? budget.acquire(10); log.record(10); done.leave() }
        #expect(eventually { budget.waitingCount == 2 })
        #expect(budget.inUse == 60 && log.values.isEmpty)
        budget.release(60)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(budget.inUse == 60 && budget.waitingCount == 0)
        #expect(Set(log.values) == [50, 10])
        budget.release(50)
        budget.release(10)
        #expect(budget.inUse == 0)
    }

    @Test("closing refuses the requests waiting and those after")
    func closing() throws {
        let budget = DecodeBudget(capacity: 100)
        try budget.acquire(100)
        let refused = WorkLog()
        let done = DispatchGroup()
        for bytes in [1, 2] {
            done.enter()
            spawn {
                do { try budget.acquire(bytes) } catch { if (error as? DecodeBudget.Refusal) == .closed { refused.record(bytes) } }
                done.leave()
            }
        }
        #expect(eventually { budget.waitingCount == 2 })
        budget.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(Set(refused.values) == [1, 2])
        #expect(throws: DecodeBudget.Refusal.closed) { try budget.acquire(1) }
        budget.release(100)
        #expect(budget.inUse == 0)
    }

    @Test("pool: decodes that block while holding budget let one run at a time; the rest wait, then all finish")
    func poolWithBlockingDecodes() throws {
        let budget = DecodeBudget(capacity: 100)
        let gates = (0..<3).map { _ in DispatchSemaphore(value: 0) }
        let inside = LiveCounter(), mostInside = WorkLog(), entered = WorkLog()
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 3, completedLimit: 10, budget: budget) { request in
            try budget.withBytes(request == 9 ? 150 : 60) {
                inside.add(1)
                mostInside.record(inside.value)
                entered.record(request)
                gates[request].wait()
                inside.add(-1)
                return request
            }
        }
        defer { pool.shutdown() }
        for key in 0..<3 { pool.submit(key, request: key, priority: key) }
        // Three workers, three jobs: one decodes (60 of 100), two wait for budget.
        #expect(eventually { inside.value == 1 && budget.waitingCount == 2 })
        #expect(budget.inUse == 60 && pool.counts.running == 3)
        // Each finished decode lets the next one in, never two at once.
        for round in 1...3 {
            #expect(eventually { inside.value == 1 && entered.values.count == round })
            gates[entered.values[round - 1]].signal()
        }
        let completions = pool.takeAll(count: 3)
        #expect(Set(completions.compactMap { try? $0.result.get() }) == [0, 1, 2])
        #expect(mostInside.values == [1, 1, 1])
        #expect(budget.inUse == 0 && budget.waitingCount == 0)
        // A decode larger than the whole budget fails at once instead of waiting forever.
        pool.submit(9, request: 9, priority: 0)
        let refused = pool.takeAll(count: 1)
        #expect(refused.count == 1)
        #expect(throws: DecodeBudget.Refusal.largerThanBudget(capacity: 100)) { try refused.first?.result.get() }
    }

    @Test("shutting the pool down closes its budget: a worker waiting for budget stops waiting")
    func shutdownClosesTheBudget() throws {
        let budget = DecodeBudget(capacity: 100)
        let gate = DispatchSemaphore(value: 0)
        let refused = WorkLog()
        let pool = PictureWorkerPool<Int, Int, Int>(workerCount: 2, completedLimit: 10, budget: budget) { request in
            do {
                return try budget.withBytes(60) {
                    if request == 0 { gate.wait() }
                    return request
                }
            } catch {
                refused.record(request)
                throw error
            }
        }
        pool.submit(0, request: 0, priority: 0)
        #expect(eventually { budget.inUse == 60 })
        pool.submit(1, request: 1, priority: 1)
        #expect(eventually { budget.waitingCount == 1 })
        // Job 0 is stuck: the bounded shutdown gives up on it, but job 1 is refused at once.
        #expect(pool.shutdown(waitingAtMost: 0.05) == false)
        #expect(eventually { refused.values == [1] })
        gate.signal()
        #expect(eventually { budget.inUse == 0 })
    }
}
