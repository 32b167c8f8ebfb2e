/// Where a byte of a text file is, as people count it: `line L, column C`, both 1-based. Lines
/// end at line feeds (so CR LF counts once); the column counts the characters (grapheme
/// clusters, not bytes) of the line before the byte, plus one. A UTF-8 byte order mark at the
/// start is not counted. Used by the JSON errors of the state, replay and layout-file parsers.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of the byte at `offset` of `bytes` (an offset past the end is the end).
    public init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        if lineStart == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lineStart = 3 }
        let before = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)
        self.init(line: line, column: before.count + 1)
    }

    /// The position of the byte at `offset` of `bytes`.
    public init(of offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { TextPosition(of: offset, in: $0) }
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}
