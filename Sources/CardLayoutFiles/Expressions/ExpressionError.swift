/// Why an expression's text is not an expression: what is wrong and where, as a UTF-8 byte
/// offset into the text (the file's error turns it into a line and column).
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset in the expression's text.
    public var offset: Int
    /// What is wrong, one sentence without the place.
    public var message: String

    public init(offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "column \(offset + 1): \(message)" }
}

/// The caps on an expression (SPEC §11): hostile or mistaken text cannot take the stack or the
/// time of the frame loop.
public enum ExpressionLimits {
    /// The longest expression, in bytes: a formula a person writes fits in far less; a megabyte
    /// string cannot make the parser or the per-card program large.
    public static let maximumLength = 4096
    /// The deepest nesting (parentheses, operators, calls): the parser recurses once a level, so
    /// this bounds its stack (about 200 bytes a level).
    public static let maximumDepth = 64
    /// The deepest tree (a chain `1+1+…+1` of n terms is n deep): compiling and printing
    /// recurse once a level.
    public static let maximumTreeDepth = 256
}
