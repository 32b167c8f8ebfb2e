/// The order people expect for file names: runs of digits compare by their numeric value
/// ("2" before "10"), everything else case-insensitively, and exact text breaks ties.
public enum NaturalOrder {
    /// Whether `a` sorts before `b` in natural order.
    /// - Complexity: O(length of the common prefix).
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let order = compare(a, b)
        return order != 0 ? order < 0 : a < b
    }

    /// −1, 0 or 1 as `a` sorts before, with, or after `b` (ignoring case; leading zeros only
    /// matter as a tie-break: "a02" and "a2" compare equal here).
    static func compare(_ a: String, _ b: String) -> Int {
        var left = Array(a.lowercased().unicodeScalars)[...], right = Array(b.lowercased().unicodeScalars)[...]
        while let l = left.first, let r = right.first {
            if isDigit(l), isDigit(r) {
                let leftRun = left.prefix(while: isDigit), rightRun = right.prefix(while: isDigit)
                left = left.dropFirst(leftRun.count)
                right = right.dropFirst(rightRun.count)
                // Compare numerically without converting (runs may exceed any integer type):
                // fewer significant digits is smaller; equal lengths compare digit by digit.
                let leftDigits = leftRun.drop { $0 == "0" }, rightDigits = rightRun.drop { $0 == "0" }
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count ? -1 : 1 }
                for (x, y) in zip(leftDigits, rightDigits) where x != y { return x.value < y.value ? -1 : 1 }
            } else {
                if l != r { return l.value < r.value ? -1 : 1 }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        return left.isEmpty ? (right.isEmpty ? 0 : -1) : 1
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
