@testable import CardPacking
import CardTestSupport
import Testing

@Suite("Merge sort")
struct MergeSortTests {
    @Test("sorts like the standard library and reuses its scratch", arguments: [0, 1, 15, 16, 17, 100, 1000])
    func sorts(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        // Few distinct primaries: ties are ordered by secondary, then by position (stable).
        var values = (0..<count).map { i in
            SortKey(primary: Double(generator.next() % 50), secondary: Int(generator.next() % 3), position: i)
        }
        let expected = values.sorted()
        var scratch: [SortKey] = []
        MergeSort.sort(&values, scratch: &scratch)
        #expect(values.map(\.position) == expected.map(\.position))
    }
}

