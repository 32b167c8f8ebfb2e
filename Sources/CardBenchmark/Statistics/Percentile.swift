/// Percentiles of samples by linear interpolation between the closest ranks (Hyndman and Fan's
/// type 7, the default of NumPy, R and spreadsheets): for `n` sorted values and fraction `p`,
/// the position is `h = (n − 1)·p`, and the value `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋])`.
/// So the median of an even count is the mean of the two middle values, p = 0 is the minimum
/// and p = 1 the maximum, and percentiles never decrease as p grows.
public enum Percentile {
    /// The `fraction` (0…1, clamped) percentile of `sorted`, which must be sorted ascending;
    /// `nil` for no values.
    ///
    /// - Complexity: O(1).
    public static func of(sorted: [Double], fraction: Double) -> Double? {
        guard let first = sorted.first, let last = sorted.last else { return nil }
        let p = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if p == 0 { return first }
        if p == 1 { return last }
        let h = Double(sorted.count - 1) * p
        let lower = Int(h.rounded(.down))
        guard lower + 1 < sorted.count else { return last }
        let t = h - Double(lower)
        let a = sorted[lower], b = sorted[lower + 1]
        // min: the interpolation can overshoot b by an ulp when a and b are huge.
        return min(a + t * (b - a), b)
    }
}
