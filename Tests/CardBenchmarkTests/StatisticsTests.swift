import CardBenchmark
import Testing

/// Percentiles and summaries on data whose answers are known by hand (type-7 interpolation,
/// NumPy's default: position h = (n − 1)·p between the sorted values).
@Suite("Statistics")
struct StatisticsTests {
    @Test("percentiles of 1…10 interpolate between ranks")
    func oneToTen() throws {
        let values = (1...10).map(Double.init)
        // h = 9p: p50 → 4.5 → 5 + 0.5·(6 − 5) = 5.5; p90 → 8.1 → 9.1; p99 → 8.91 → 9.91.
        #expect(Percentile.of(sorted: values, fraction: 0.5) == 5.5)
        #expect(abs(try #require(Percentile.of(sorted: values, fraction: 0.9)) - 9.1) < 1e-12)
        #expect(abs(try #require(Percentile.of(sorted: values, fraction: 0.99)) - 9.91) < 1e-12)
        #expect(Percentile.of(sorted: values, fraction: 0) == 1)
        #expect(Percentile.of(sorted: values, fraction: 1) == 10)
    }

    @Test("odd counts have a middle value; one value is every percentile; none is nil")
    func smallCounts() {
        #expect(Percentile.of(sorted: [3, 7, 100], fraction: 0.5) == 7)
        // h = 2·0.9 = 1.8 → 7 + 0.8·93 = 81.4.
        #expect(abs(Percentile.of(sorted: [3, 7, 100], fraction: 0.9)! - 81.4) < 1e-12)
        for p in [0.0, 0.5, 0.9, 0.99, 1.0] { #expect(Percentile.of(sorted: [42], fraction: p) == 42) }
        #expect(Percentile.of(sorted: [], fraction: 0.5) == nil)
        #expect(Percentile.of(sorted: [1, 2], fraction: .nan) == 1)
        #expect(Percentile.of(sorted: [1, 2], fraction: 7) == 2)
    }

    @Test("a summary of 1…100 in any order: median 50.5, p90 90.1, p99 99.01, max 100, mean 50.5")
    func summary() {
        var generator = SystemRandomNumberGenerator()
        let values = (1...100).map(Double.init).shuffled(using: &generator)
        let s = Summary(values)
        #expect(s.count == 100)
        #expect(s.min == 1)
        #expect(s.median == 50.5)
        #expect(abs(s.p90 - 90.1) < 1e-9)
        #expect(abs(s.p99 - 99.01) < 1e-9)
        #expect(s.max == 100)
        #expect(s.mean == 50.5)
    }

    @Test("outliers move only the top percentiles; NaN is left out; no samples give zeros")
    func outliers() {
        let s = Summary(Array(repeating: 10, count: 995) + [1000, 1000, 1000, 1000, 1000] + [.nan])
        #expect(s.count == 1000)
        #expect(s.median == 10)
        #expect(s.p90 == 10)
        // h = 999·0.99 = 989.01 < 995: still in the plateau.
        #expect(s.p99 == 10)
        #expect(s.max == 1000)
        #expect(Summary([]) == Summary(count: 0, min: 0, median: 0, p90: 0, p99: 0, max: 0, mean: 0))
    }

    @Test("percentiles never decrease with p")
    func monotone() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let values = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Double.random(in: -1e6...1e6, using: &generator)
            }.sorted()
            var last = -Double.infinity
            for step in 0...100 {
                let value = Percentile.of(sorted: values, fraction: Double(step) / 100)!
                #expect(value >= last)
                last = value
            }
        }
    }
}
