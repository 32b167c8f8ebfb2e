import CardPictureDecoding

/// The warnings about pictures that cannot be read: one line each for the first `limit`, then
/// only a count, said once at the end (`finish()`), so a folder of broken files does not flood
/// the terminal.
final class PictureWarnings {
    /// Lines written one by one before the rest are only counted.
    static let limit = 20

    private let warn: (String) -> Void
    private(set) var written = 0
    private(set) var withheld = 0

    init(warn: @escaping (String) -> Void) {
        self.warn = warn
    }

    /// Writes `line` (control characters escaped, `TerminalText`: it names a file), or counts it
    /// once `limit` lines were written.
    func add(_ line: String) {
        if written < Self.limit {
            written += 1
            warn(TerminalText.escaped(line))
        } else {
            withheld += 1
        }
    }

    /// Writes the count of the lines withheld, if any (once).
    func finish() {
        guard withheld > 0 else { return }
        warn("\(withheld) more pictures cannot be read (not listed; the first \(Self.limit) are above)")
        withheld = 0
    }
}
