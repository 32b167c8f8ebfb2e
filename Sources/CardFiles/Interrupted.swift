#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place a system call interrupted by a signal (`EINTR`) is tried again: every read,
/// write and open of the file layer goes through it.
///
/// - Returns: the call's result; a negative result other than an interruption, with `errno`
///   as the call left it.
@inline(__always)
func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
