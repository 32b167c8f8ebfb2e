/// A bottom-up merge sort that uses a caller-owned scratch buffer, so sorting a frame's keys
/// allocates nothing once the scratch has grown (the standard library's sort may allocate). It
/// sorts `SortKey`s only: unspecialised generic code (debug builds) allocated twice per element.
enum MergeSort {
    /// Runs shorter than this are insertion-sorted before merging.
    static let runLength = 16

    /// Sorts `values` ascending, stably; grows `scratch` to `values.count` when it is smaller.
    ///
    /// - Complexity: O(n log n) comparisons; O(n) extra memory, held in `scratch`.
    static func sort(_ values: inout [SortKey], scratch: inout [SortKey]) {
        let n = values.count
        guard n > 1 else { return }
        if scratch.count < n { scratch = values }  // grows once; contents are overwritten
        values.withUnsafeMutableBufferPointer { original in
            scratch.withUnsafeMutableBufferPointer { spare in
                var lo = 0
                while lo < n {
                    insertionSort(original, lo..<min(lo + runLength, n))
                    lo += runLength
                }
                var source = original, target = UnsafeMutableBufferPointer(rebasing: spare[0..<n])
                var width = runLength
                while width < n {
                    var start = 0
                    while start < n {
                        let mid = min(start + width, n), end = min(start + 2 * width, n)
                        merge(source, start..<mid, mid..<end, into: target)
                        start = end
                    }
                    swap(&source, &target)
                    width *= 2
                }
                if source.baseAddress != original.baseAddress {
                    for i in 0..<n { original[i] = source[i] }
                }
            }
        }
    }

    private static func insertionSort(_ a: UnsafeMutableBufferPointer<SortKey>, _ range: Range<Int>) {
        guard range.count > 1 else { return }
        for i in (range.lowerBound + 1)..<range.upperBound {
            let value = a[i]
            var j = i
            while j > range.lowerBound, value < a[j - 1] {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = value
        }
    }

    private static func merge(_ a: UnsafeMutableBufferPointer<SortKey>, _ left: Range<Int>, _ right: Range<Int>,
                                             into out: UnsafeMutableBufferPointer<SortKey>) {
        var i = left.lowerBound, j = right.lowerBound, k = left.lowerBound
        while i < left.upperBound, j < right.upperBound {
            // Take from the right only when strictly smaller: equal elements keep their order.
            if a[j] < a[i] { out[k] = a[j]; j += 1 } else { out[k] = a[i]; i += 1 }
            k += 1
        }
        while i < left.upperBound { out[k] = a[i]; i += 1; k += 1 }
        while j < right.upperBound { out[k] = a[j]; j += 1; k += 1 }
    }
}
