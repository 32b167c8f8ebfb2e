import CMallocCounter

/// Heap allocations counted by the `CMallocCounter` shim (malloc and friends interposed on
/// Linux with glibc): how the benchmark shows that a warm frame allocates nothing.
public enum AllocationCounter {
    /// True when this build counts allocations; otherwise the counts stay 0.
    public static var isCounting: Bool { cv_malloc_counting() != 0 }

    /// Allocations made by the calling thread so far: the stages of a frame run on one thread,
    /// so the difference across a stage is that stage's allocations (the driver's included when
    /// the stage calls OpenGL).
    @inline(__always) public static var thread: UInt64 { cv_malloc_thread_count() }

    /// Allocations made by every thread of the process so far (the GL driver's worker threads
    /// included).
    @inline(__always) public static var process: UInt64 { cv_malloc_process_count() }
}
