import CardFiles
import Foundation

/// `cardviewer run --log-frames FILE`: one line per presented frame, so that what users see —
/// the first frame, the first screen of pictures complete, an opened picture, background
/// progress — can be timed without watching the screen (SPEC §10 "Measured as users see it";
/// the format: docs/formats/frame-log.md).
///
/// A line: `TIME IN_VIEW FINAL OPEN` — seconds since the process started (3 decimals), the
/// cards in view that show a picture, those of them showing their final picture (or their
/// unreadable mark), and the index of the open card in the deck or `none`. Kept in memory
/// (about 25 bytes a frame) and written when the viewer ends, atomically.
final class FrameLog {
    let path: String
    /// Seconds from the process's start to `clockStart`.
    private let startOffset: Double
    private let clockStart = ContinuousClock.now
    private var bytes: [UInt8] = []

    /// A log to write to `path` (checked beforehand with `OutputPath`).
    init(path: String) {
        self.path = path
        startOffset = Self.secondsSinceProcessStart()
        bytes.reserveCapacity(1 << 16)
    }

    /// Seconds since the process started now, on the clock of the frame lines.
    var now: Double {
        let elapsed = clockStart.duration(to: .now).components
        return startOffset + Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// Appends the line of a frame presented now.
    func record(inView: Int, final: Int, open: Int?) {
        let line = String(format: "%.3f %d %d %@\n", now, inView, final, open.map(String.init) ?? "none")
        bytes.append(contentsOf: Array(line.utf8))
    }

    /// The frame lines so far (tests).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the file (replacing it atomically). - Throws: `FileWriteError`.
    func write() throws {
        try AtomicFile.replace(path, with: bytes, options: .durable)
    }

    /// Seconds since this process started: the boot-time clock now less the process's start
    /// time from `/proc/self/stat` (field 22, in clock ticks since boot); 0 where either cannot
    /// be read (the log's times then count from when it was made).
    static func secondsSinceProcessStart() -> Double {
        var now = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &now) == 0, let stat = processStat(),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name (which may hold spaces): state is field 3, start time 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return 0 }
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
        return max(0, uptime - ticks / ticksPerSecond)
    }

    /// `/proc/self/stat` through the file layer: a positional read until its end (a proc file's
    /// `fstat` size is 0), at most 4 KiB; `nil` where it cannot be read.
    private static func processStat() -> String? {
        do {
            let file = try ReadableFile(opening: "/proc/self/stat")
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = try bytes.withUnsafeMutableBytes { try file.read(at: 0, into: $0) }
            return String(decoding: bytes[..<count], as: UTF8.self)
        } catch {
            return nil
        }
    }
}
