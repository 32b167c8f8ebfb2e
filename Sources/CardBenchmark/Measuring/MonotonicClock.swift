#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from a clock that never jumps (`CLOCK_MONOTONIC`): what stage times are read
/// from. Reading it costs a few tens of nanoseconds (a vDSO call) and allocates nothing.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always) public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
