@testable import CardPictureLoading
import Foundation
import Testing

/// Thousands of submits, cancels and takes from one thread while workers run: no work is lost,
/// none is delivered twice, nothing cancelled is delivered.
@Suite struct WorkerPoolStressTests {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("20,000 random operations on 300 keys with 3 workers", arguments: [1 as UInt64, 2, 3])
    func randomOperations(seed: UInt64) {
        var random = SplitMix(state: seed)
        let live = LiveCounter()
        let pool = PictureWorkerPool<Int, Int, TrackedOutput>(workerCount: 3, completedLimit: 6) { request in
            // A little work, sometimes more, so jobs are caught in every phase.
            if request % 5 == 0 { usleep(50) }
            return TrackedOutput(request, counter: live)
        }
        defer { pool.shutdown() }
        // The model: a key is outstanding from its submit until it is cancelled or delivered.
        var outstanding = Set<Int>()
        var delivered = 0, wrongDeliveries = 0, wrongValues = 0
        func take(limit: Int) {
            pool.takeCompleted(limit: limit) { completion in
                if outstanding.remove(completion.key) == nil { wrongDeliveries += 1 }
                if (try? completion.result.get().value) != completion.key { wrongValues += 1 }
                delivered += 1
                return true
            }
        }
        for _ in 0..<20_000 {
            let key = Int.random(in: 0..<300, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                pool.submit(key, request: key, priority: Int.random(in: 0..<50, using: &random))
                outstanding.insert(key)
            case 5..<8:
                pool.cancel(key)
                outstanding.remove(key)
            default:
                take(limit: Int.random(in: 1...4, using: &random))
            }
        }
        // Drain: everything still outstanding arrives, once.
        let drained = eventually(within: 20) {
            take(limit: .max)
            return outstanding.isEmpty && pool.counts == (0, 0, 0)
        }
        #expect(drained, "lost work: \(outstanding.count) keys outstanding, counts \(pool.counts)")
        #expect(wrongDeliveries == 0)
        #expect(wrongValues == 0)
        #expect(delivered > 50)  // work flowed (how much depends on how busy the machine is)
        // Every result was freed: delivered ones by us, discarded ones by the pool.
        #expect(eventually { live.value == 0 })
    }
}
