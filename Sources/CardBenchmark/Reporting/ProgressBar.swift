import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal
/// (`isatty`), so that logs and pipes get no control characters. Redraws at most once per
/// percent.
public final class ProgressBar {
    /// True when standard error is a terminal.
    public let isActive: Bool
    private var lastPercent = -1
    private let width = 30

    public init(isActive: Bool = isatty(STDERR_FILENO) != 0) {
        self.isActive = isActive
    }

    /// Shows `done` of `total` with a label (built only when the bar is redrawn, so an
    /// update that draws nothing allocates nothing).
    public func update(done: Int, total: Int, label: @autoclosure () -> String) {
        guard isActive, total > 0 else { return }
        let percent = min(100, max(0, done * 100 / total))
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        write("\r\u{1B}[2K[\(bar)] \(percent)% \(label())")
    }

    /// Clears the line.
    public func finish() {
        guard isActive, lastPercent >= 0 else { return }
        write("\r\u{1B}[2K")
        lastPercent = -1
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
