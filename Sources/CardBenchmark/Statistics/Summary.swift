/// The distribution of one measured quantity over the measured frames: what a benchmark reports
/// for each stage.
///
/// Values are in the unit of the samples (nanoseconds for times). Percentiles interpolate
/// (`Percentile`), so `median ≤ p90 ≤ p99 ≤ max` always holds.
public struct Summary: Hashable, Sendable, Codable {
    /// How many samples.
    public var count: Int
    public var min: Double
    public var median: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
    public var mean: Double

    public init(count: Int, min: Double, median: Double, p90: Double, p99: Double, max: Double, mean: Double) {
        self.count = count
        self.min = min
        self.median = median
        self.p90 = p90
        self.p99 = p99
        self.max = max
        self.mean = mean
    }

    /// The summary of `samples`, in any order; all zeros for no samples. NaNs are left out.
    ///
    /// - Complexity: O(n log n) (a sort of a copy).
    public init(_ samples: [Double]) {
        let sorted = samples.filter { !$0.isNaN }.sorted()
        guard let first = sorted.first, let last = sorted.last else {
            self.init(count: 0, min: 0, median: 0, p90: 0, p99: 0, max: 0, mean: 0)
            return
        }
        // Summing sorted values keeps the rounding error small.
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        self.init(count: sorted.count, min: first,
                  median: Percentile.of(sorted: sorted, fraction: 0.5) ?? first,
                  p90: Percentile.of(sorted: sorted, fraction: 0.9) ?? first,
                  p99: Percentile.of(sorted: sorted, fraction: 0.99) ?? first,
                  max: last, mean: mean)
    }

    /// Every statistic multiplied by `factor` (unit conversions).
    public func scaled(by factor: Double) -> Summary {
        Summary(count: count, min: min * factor, median: median * factor, p90: p90 * factor, p99: p99 * factor,
                max: max * factor, mean: mean * factor)
    }
}
