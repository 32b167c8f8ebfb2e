@testable import CardPacking
import CardTestSupport
import Testing

@Suite("Merge sort")
struct MergeSortTests {
    @Test("sorts like the standard library and reuses its scratch", arguments: [0, 1, 15, 16, 17, 100, 1000])
    func sorts(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        var values = (0..<count).map { _ in Int(generator.next() % 50) }
        let expected = values.sorted()
        var scratch: [Int] = []
        MergeSort.sort(&values, scratch: &scratch)
        #expect(values == expected)
    }
}

