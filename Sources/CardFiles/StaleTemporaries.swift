import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of atomic replaces (`AtomicFile.replace`): their names, and removing the
/// ones a crash (kill -9 during a save) left behind.
///
/// A temporary is `.<name>.tmp-<pid>-<random>` next to the file `<name>`, written by process
/// `<pid>`. It is stale — removed — when no process `<pid>` is running, or when the running
/// process of that pid started after the file was last written (the pid was reused, e.g. our own
/// pid inherited from a crashed viewer). A temporary of a live process that is not older than it
/// — another viewer saving the same state file right now — is left alone, as is every file of
/// any other name and anything that is not a regular file.
public enum StaleTemporaries {
    /// A new temporary's name for the file `name`.
    public static func temporaryName(for name: String) -> String {
        ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The writer's pid when `entry` is a temporary of the file `name` (exactly the pattern:
    /// decimal pid, `-`, decimal random number, nothing after), else `nil`.
    public static func writerPID(of entry: String, name: String) -> pid_t? {
        let prefix = ".\(name).tmp-"
        guard entry.hasPrefix(prefix) else { return nil }
        let parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil else { return nil }
        return pid
    }

    /// Removes the stale temporaries of the file at `path`; returns the paths removed. Errors
    /// (an unreadable folder, a file removed meanwhile) are ignored: this is housekeeping.
    @discardableResult
    public static func remove(besides path: String) -> [String] {
        let (folder, name) = Paths.split(path)
        return remove(in: folder) { writerPID(of: $0, name: name) }
    }

    /// Removes the stale temporaries in `folder` of any file whose name ends with `suffix`
    /// (`.xmp`: the sidecars a viewer wrote there, whatever their pictures); returns the paths
    /// removed. Only exact temporary names (`.<name>.tmp-<pid>-<random>`, `<name>` ending with
    /// `suffix`) of processes gone are touched.
    @discardableResult
    public static func remove(inFolder folder: String, ofNamesEndingWith suffix: String) -> [String] {
        remove(in: folder) { entry in
            guard entry.hasPrefix("."), let marker = entry.range(of: ".tmp-", options: .backwards) else { return nil }
            let name = String(entry[entry.index(after: entry.startIndex)..<marker.lowerBound])
            guard name.hasSuffix(suffix), name.count > suffix.count else { return nil }
            return writerPID(of: entry, name: name)
        }
    }

    /// Removes the entries of `folder` that `writer` gives a pid for, when they are regular
    /// files (not followed through links) and stale.
    private static func remove(in folder: String, writer: (String) -> pid_t?) -> [String] {
        guard let entries = try? Folder.names(in: folder) else { return [] }
        var removed: [String] = []
        for entry in entries {
            guard let pid = writer(entry) else { continue }
            let candidate = Paths.join(folder, entry)
            guard let info = try? FileInfo.at(candidate, followingLinks: false), info.kind == .regular else { continue }
            guard isStale(pid: pid, modified: info.modificationTime) else { continue }
            if unlinkPath(candidate) == 0 { removed.append(candidate) }
        }
        return removed
    }

    /// True when a temporary written by `pid`, last modified at `modified` (seconds since 1970),
    /// cannot belong to a running save.
    public static func isStale(pid: pid_t, modified: Double) -> Bool {
        if kill(pid, 0) != 0, errno == ESRCH { return true }
        // Alive (or not ours to signal): stale only if that process is younger than the file.
        // One second of slack for the boot time's whole-second resolution.
        guard let started = startTime(of: pid) else { return false }
        return modified < started - 1
    }

    /// When process `pid` started, seconds since 1970, from /proc (Linux); `nil` elsewhere or
    /// when it cannot be read.
    public static func startTime(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let bootLine = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8))?
                .split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let boot = Double(bootLine.dropFirst(6).trimmingCharacters(in: .whitespaces)),
              let closing = stat.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3, starttime field 22 (clock ticks since boot).
        let fields = stat[stat.index(after: closing)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard perSecond > 0 else { return nil }
        return boot + ticks / perSecond
    }
}
