import CardPictureDecoding

/// The warnings about pictures that cannot be read: one line per file per session (SPEC §11:
/// a file that fails again — another tier, a retry, the thumbnail cache's record — is not named
/// again), one each for the first `limit` files, then only a count, said once at the end
/// (`finish()`), so a folder of broken files does not flood the terminal.
final class PictureWarnings {
    /// Lines written one by one before the rest are only counted.
    static let limit = 20

    private let warn: (String) -> Void
    private(set) var written = 0
    private(set) var withheld = 0
    /// The files already warned about (or counted).
    private var named = Set<String>()

    init(warn: @escaping (String) -> Void) {
        self.warn = warn
    }

    /// Writes `line` about the file at `path` (control characters escaped, `TerminalText`), or
    /// counts it once `limit` lines were written; nothing when `path` was named before.
    func add(_ line: String, about path: String) {
        guard named.insert(path).inserted else { return }
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
