/// Gives the C heap's free memory back to the system after the window's first frame.
///
/// The first frame compiles the card shaders (llvmpipe: LLVM, in this process): its compiler
/// frees what it used, but the heap keeps the freed pages resident, and the texture pools then
/// grow on top of them. Trimmed, the peak is the larger of the two, not their sum (measured:
/// docs/BENCHMARKS.md, "The allocator's two settings").
enum HeapTrim {
    /// Trims the heap (glibc's `malloc_trim(0)`; a no-op elsewhere).
    static func trim() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)` (<malloc.h>, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
