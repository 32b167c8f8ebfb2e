import CardJSON

/// Why a layout file cannot be used: `FILE:LINE:COLUMN: what is wrong` (the form compilers
/// use, so editors jump to the place). Lines and columns are 1-based; columns count characters.
public struct LayoutFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as named to the user.
    public var file: String
    /// Where the problem is; `nil` for the file as a whole (it cannot be read).
    public var position: TextPosition?
    /// What is wrong, one sentence.
    public var message: String

    public init(file: String, position: TextPosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String {
        guard let position else { return "\(file): \(message)" }
        return "\(file):\(position.line):\(position.column): \(message)"
    }
}

/// The caps on a layout file (SPEC §11): a hostile or broken file is refused with one line,
/// never allowed to take the memory or the frame loop's time. Listed in docs/LIMITS.md.
public enum LayoutFileLimits {
    /// The largest file read, bytes (checked from its size before reading): a layout is a few
    /// kilobytes; 1 MiB leaves room for comments in long strings and nothing more.
    public static let maximumFileSize = 1 << 20
    /// The most transform steps: each is a matrix product per card; real layouts use 1–6.
    public static let maximumSteps = 32
    /// The most options a file declares (each a register and a line in `cardviewer layouts`).
    public static let maximumOptions = 32
    /// The longest layout or option name, characters.
    public static let maximumNameLength = 64
    /// The most cards a file layout lays out per frame (its `visible` range, or all cards when
    /// it has none): every candidate costs a program run, and iCarousel's own cap is 30 visible.
    public static let maximumCandidates = 256
}
