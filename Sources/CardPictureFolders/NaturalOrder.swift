/// The order people expect for file names: runs of digits compare by their numeric value
/// ("2" before "10"), everything else case-insensitively, and exact text breaks ties.
public enum NaturalOrder {
    /// Whether `a` sorts before `b` in natural order.
    /// - Complexity: O(length of the names); allocates two keys. To sort many names, sort by
    ///   `key(for:)` once per name instead (`sorted(_:)`).
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let (left, right) = (key(for: a), key(for: b))
        if left != right { return left.lexicographicallyPrecedes(right) }
        return a < b
    }

    /// `names` in natural order, each key computed once.
    /// - Complexity: O(n log n) comparisons of precomputed keys for n names.
    public static func sorted(_ names: [String]) -> [String] {
        names.map { (key: key(for: $0), name: $0) }
            .sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.name < $1.name }
            .map(\.name)
    }

    /// A sort key whose lexicographic order is the natural order (ties aside): the lowercased
    /// scalars, with each run of digits replaced by `"0"`, the count of its significant digits and
    /// those digits. The marker makes a run compare against a letter as any digit would (no
    /// letter lies between "0" and "9"), the count makes fewer significant digits smaller, so runs
    /// of any length compare by value without converting them; leading zeros only matter as the
    /// final tie-break on the names themselves ("a02" and "a2" have equal keys).
    public static func key(for name: String) -> [UInt32] {
        var key: [UInt32] = []
        key.reserveCapacity(name.unicodeScalars.count + 4)
        var digits: [UInt32] = []
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == zero }
            key.append(zero)
            key.append(UInt32(significant.count))
            key.append(contentsOf: significant)
            digits.removeAll(keepingCapacity: true)
        }
        for scalar in name.lowercased().unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits.append(scalar.value)
            } else {
                flushDigits()
                key.append(scalar.value)
            }
        }
        flushDigits()
        return key
    }

    private static let zero = UInt32(UInt8(ascii: "0"))
}
