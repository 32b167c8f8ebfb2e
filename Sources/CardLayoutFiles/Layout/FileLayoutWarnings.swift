import Foundation

/// Warns once per expression when it gives NaN or ±∞ (SPEC §9): the card is hidden for that
/// frame and the user is told which expression and at which `o`, once, not every frame.
/// Shared by every `FileLayout` made from one loaded file (options changed or not).
public final class FileLayoutWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var warned: Set<Int> = []
    private let sink: @Sendable (String) -> Void

    /// - Parameter sink: where a warning goes (the command line prints it; the window shows it).
    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// A value as the warnings write it: `NaN`, `inf`, `-inf` or the number.
    public static func text(_ value: Double) -> String {
        value.isNaN ? "NaN" : value == .infinity ? "inf" : value == -.infinity ? "-inf" : "\(value)"
    }

    /// Sends `message()` the first time `key` is reported; later reports cost a lock.
    public func warnOnce(_ key: Int, _ message: () -> String) {
        let first = lock.withLock { warned.insert(key).inserted }
        if first { sink(message()) }
    }
}
