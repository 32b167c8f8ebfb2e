/// The worker pool's books: queued jobs in a priority heap, running jobs, and finished results
/// waiting to be taken, each job found by its key. Not thread-safe: `PictureWorkerPool` keeps
/// it behind its lock, and every operation here is O(1) or O(log queued), so the lock is held
/// briefly.
///
/// A key has at most one job. Jobs live in a slot table reused through a free list (no
/// allocation once the table and the key index have grown to the working set).
struct WorkBook<Key: Hashable, Request, Output> {
    enum Phase { case free, queued, running, completed }

    struct Job {
        var key: Key?
        var request: Request?
        var priority = 0
        var sequence: UInt64 = 0
        var phase = Phase.free
        /// A running job whose result is to be discarded.
        var cancelled = false
        var heapIndex = -1
        /// Links of the completed list (oldest first).
        var previous = -1
        var next = -1
        var result: Result<Output, any Error>?
    }

    /// The most results finished and not yet taken, plus jobs running (which will finish): the
    /// workers start nothing while this many are out.
    let completedLimit: Int
    private var jobs: [Job] = []
    private var freeJobs: [Int] = []
    private var jobOfKey: [Key: Int] = [:]
    private var heap: [Int] = []
    private var completedHead = -1
    private var completedTail = -1
    private var sequence: UInt64 = 0
    private(set) var completedCount = 0
    private(set) var runningCount = 0

    init(completedLimit: Int, expectedJobs: Int = 64) {
        self.completedLimit = max(1, completedLimit)
        jobs.reserveCapacity(expectedJobs)
        freeJobs.reserveCapacity(expectedJobs)
        heap.reserveCapacity(expectedJobs)
        jobOfKey.reserveCapacity(expectedJobs)
    }

    var queuedCount: Int { heap.count }

    /// True when a worker may start the next job now.
    var canStart: Bool { !heap.isEmpty && completedCount + runningCount < completedLimit }

    /// Queues `key`, or updates its priority and request while it waits. A running job of the
    /// key that was cancelled is taken back (its result will be delivered); a running or
    /// completed one is otherwise left alone. Returns true when a new job was queued.
    mutating func submit(_ key: Key, request: Request, priority: Int) -> Bool {
        if let index = jobOfKey[key] {
            switch jobs[index].phase {
            case .queued:
                jobs[index].request = request
                let raised = priority < jobs[index].priority
                jobs[index].priority = priority
                raised ? siftUp(jobs[index].heapIndex) : siftDown(jobs[index].heapIndex)
            case .running:
                jobs[index].cancelled = false
            case .completed, .free:
                break
            }
            return false
        }
        let index = freeJobs.popLast() ?? newJob()
        sequence &+= 1
        jobs[index].key = key
        jobs[index].request = request
        jobs[index].priority = priority
        jobs[index].sequence = sequence
        jobs[index].phase = .queued
        jobs[index].cancelled = false
        jobOfKey[key] = index
        jobs[index].heapIndex = heap.count
        heap.append(index)
        siftUp(heap.count - 1)
        return true
    }

    /// Drops `key`'s job: a queued one leaves the queue, a completed one's result is returned to
    /// be freed (outside the lock), a running one is marked to be discarded when it finishes.
    mutating func cancel(_ key: Key) -> Result<Output, any Error>? {
        guard let index = jobOfKey[key] else { return nil }
        switch jobs[index].phase {
        case .queued:
            removeFromHeap(jobs[index].heapIndex)
            release(index)
        case .running:
            jobs[index].cancelled = true
        case .completed:
            unlinkCompleted(index)
            let result = jobs[index].result
            release(index)
            return result
        case .free:
            break
        }
        return nil
    }

    /// Takes the most urgent queued job for a worker (check `canStart` first).
    mutating func start() -> (job: Int, request: Request)? {
        guard canStart, let index = heap.first, let request = jobs[index].request else { return nil }
        removeFromHeap(0)
        jobs[index].phase = .running
        jobs[index].request = nil
        runningCount += 1
        return (index, request)
    }

    /// Records the result of a running job: delivered later, or returned to be freed when the
    /// job was cancelled meanwhile.
    mutating func finish(job index: Int, result: Result<Output, any Error>) -> Result<Output, any Error>? {
        guard jobs.indices.contains(index), jobs[index].phase == .running else { return result }
        runningCount -= 1
        if jobs[index].cancelled {
            release(index)
            return result
        }
        jobs[index].phase = .completed
        jobs[index].result = result
        jobs[index].next = -1
        jobs[index].previous = completedTail
        if completedTail >= 0 { jobs[completedTail].next = index } else { completedHead = index }
        completedTail = index
        completedCount += 1
        return nil
    }

    /// The oldest finished result, removed from the books.
    mutating func takeCompleted() -> (key: Key, result: Result<Output, any Error>)? {
        let index = completedHead
        guard index >= 0, let key = jobs[index].key, let result = jobs[index].result else { return nil }
        unlinkCompleted(index)
        release(index)
        return (key, result)
    }

    /// Forgets every queued and completed job (running ones are discarded when they finish);
    /// returns the completed results so they are freed outside the lock.
    mutating func removeAll() -> [Result<Output, any Error>] {
        var dropped: [Result<Output, any Error>] = []
        for index in jobs.indices {
            switch jobs[index].phase {
            case .queued: release(index)
            case .completed:
                if let result = jobs[index].result { dropped.append(result) }
                release(index)
            case .running: jobs[index].cancelled = true
            case .free: break
            }
        }
        heap.removeAll(keepingCapacity: true)
        completedHead = -1
        completedTail = -1
        completedCount = 0
        return dropped
    }

    /// The phase of `key`'s job (for tests and statistics).
    func phase(of key: Key) -> Phase { jobOfKey[key].map { jobs[$0].phase } ?? .free }

    // MARK: Slots

    private mutating func newJob() -> Int {
        jobs.append(Job())
        return jobs.count - 1
    }

    private mutating func release(_ index: Int) {
        if let key = jobs[index].key, jobOfKey[key] == index { jobOfKey[key] = nil }
        jobs[index] = Job()
        freeJobs.append(index)
    }

    private mutating func unlinkCompleted(_ index: Int) {
        let previous = jobs[index].previous, next = jobs[index].next
        if previous >= 0 { jobs[previous].next = next } else { completedHead = next }
        if next >= 0 { jobs[next].previous = previous } else { completedTail = previous }
        jobs[index].previous = -1
        jobs[index].next = -1
        completedCount -= 1
    }

    // MARK: The heap (by priority, then submission order)

    private func precedes(_ a: Int, _ b: Int) -> Bool {
        let x = heap[a], y = heap[b]
        if jobs[x].priority != jobs[y].priority { return jobs[x].priority < jobs[y].priority }
        return jobs[x].sequence < jobs[y].sequence
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        jobs[heap[a]].heapIndex = a
        jobs[heap[b]].heapIndex = b
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, precedes(left, first) { first = left }
            if right < heap.count, precedes(right, first) { first = right }
            guard first != parent else { return }
            swapAt(parent, first)
            parent = first
        }
    }

    private mutating func removeFromHeap(_ position: Int) {
        let index = heap[position]
        let last = heap.count - 1
        if position != last {
            swapAt(position, last)
            heap.removeLast()
            siftDown(position)
            siftUp(position)
        } else {
            heap.removeLast()
        }
        jobs[index].heapIndex = -1
    }
}
