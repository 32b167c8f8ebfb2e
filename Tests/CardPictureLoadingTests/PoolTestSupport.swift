import CardPictureLoading
import Foundation

/// A thread-safe log of the requests the work closure ran, in order.
final class WorkLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Int] = []

    func record(_ value: Int) {
        lock.lock()
        entries.append(value)
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}

/// A result that counts how many of its kind are alive, to see that discarded results are freed.
final class TrackedOutput: Sendable {
    let value: Int
    private let counter: LiveCounter

    init(_ value: Int, counter: LiveCounter) {
        self.value = value
        self.counter = counter
        counter.add(1)
    }

    deinit { counter.add(-1) }
}

final class LiveCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ delta: Int) {
        lock.lock()
        count += delta
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Polls `condition` until it holds or `seconds` pass; true when it held.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}

extension PictureWorkerPool {
    /// Takes completions until `count` arrived or `seconds` passed.
    func takeAll(count: Int, within seconds: Double = 10) -> [Completion] {
        var all: [Completion] = []
        _ = eventually(within: seconds) {
            all += takeCompleted()
            return all.count >= count
        }
        return all
    }
}
