/// How the C library's allocator gives memory back, set once at start (every command).
enum MallocTuning {
    /// Blocks of this many bytes and more are mapped and unmapped on their own (256 KiB).
    ///
    /// glibc's default threshold starts at 128 KiB but rises to the size of each large block
    /// freed (up to 32 MiB), after which decode buffers, mip chains and file reads of a few MB
    /// come from the heaps of the worker threads' arenas and stay resident once freed. Fixing it
    /// keeps the resident memory to what is in use; 256 KiB maps a 640×400 picture's 1 MB layer
    /// too (measured: docs/BENCHMARKS.md, "The allocator's two settings").
    static let mmapThreshold: Int32 = 256 << 10

    /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt` (<malloc.h>, which the Glibc module
    /// does not export).
    private static let mmapThresholdParameter: Int32 = -3

    /// Applies the settings (glibc only).
    static func apply() {
        #if os(Linux)
        _ = glibcMallopt(mmapThresholdParameter, mmapThreshold)
        #endif
    }
}

#if os(Linux)
/// glibc's `int mallopt(int param, int value)`.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
