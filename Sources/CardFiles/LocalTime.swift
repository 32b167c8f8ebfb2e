import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A date's fields in local time (`localtime_r`, which follows `TZ`), for the names and stamps
/// the file layer writes: `ExclusiveFile.timestamp` (file names) and
/// `FreedesktopTrash.deletionDate` (a `.trashinfo`'s `DeletionDate`).
enum LocalTime {
    /// Year, month (1–12), day, hour, minute and second of `date` (whole seconds, rounded down)
    /// in local time, each but the year as two digits.
    static func fields(_ date: Date) -> (year: String, month: String, day: String, hour: String, minute: String, second: String) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return ("\(parts.tm_year + 1900)", two(parts.tm_mon + 1), two(parts.tm_mday),
                two(parts.tm_hour), two(parts.tm_min), two(parts.tm_sec))
    }
}
