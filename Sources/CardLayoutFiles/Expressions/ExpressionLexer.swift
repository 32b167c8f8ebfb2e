/// One token of an expression, with the byte offset where it starts.
struct ExpressionToken: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case identifier(String)
        /// An operator or punctuation: `+ - * / ^ ( ) , ? : < <= > >= == != && || !`.
        case symbol(String)
        case end
    }

    var kind: Kind
    /// Byte offset in the expression's text.
    var offset: Int
}

/// Splits an expression's text (UTF-8) into tokens. Numbers are decimal, with an optional
/// fraction and exponent (`2`, `0.25`, `.5`, `1e-05`); identifiers are ASCII letters, digits and
/// `_`, not starting with a digit; whitespace separates.
struct ExpressionLexer {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Every token, ending with `.end`.
    mutating func tokens() throws(ExpressionError) -> [ExpressionToken] {
        var out: [ExpressionToken] = []
        while true {
            let token = try next()
            out.append(token)
            if token.kind == .end { return out }
        }
    }

    private static let twoByteSymbols: Set<String> = ["<=", ">=", "==", "!=", "&&", "||"]
    private static let oneByteSymbols: Set<UInt8> = Set("+-*/^(),?:<>!".utf8)

    private mutating func next() throws(ExpressionError) -> ExpressionToken {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0A || bytes[offset] == 0x0D {
            offset += 1
        }
        let start = offset
        guard offset < bytes.count else { return ExpressionToken(kind: .end, offset: start) }
        let byte = bytes[offset]
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && offset + 1 < bytes.count && Self.isDigit(bytes[offset + 1])) {
            return ExpressionToken(kind: .number(try number()), offset: start)
        }
        if Self.isLetter(byte) {
            while offset < bytes.count, Self.isLetter(bytes[offset]) || Self.isDigit(bytes[offset]) { offset += 1 }
            return ExpressionToken(kind: .identifier(String(decoding: bytes[start..<offset], as: UTF8.self)), offset: start)
        }
        if offset + 1 < bytes.count {
            let pair = String(decoding: bytes[offset..<(offset + 2)], as: UTF8.self)
            if Self.twoByteSymbols.contains(pair) {
                offset += 2
                return ExpressionToken(kind: .symbol(pair), offset: start)
            }
        }
        if Self.oneByteSymbols.contains(byte) {
            offset += 1
            return ExpressionToken(kind: .symbol(String(UnicodeScalar(byte))), offset: start)
        }
        if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "=") {
            let single = String(UnicodeScalar(byte))
            throw ExpressionError(offset: start, "'\(single)' is not an operator; did you mean '\(single)\(byte == UInt8(ascii: "=") ? "=" : single)'?")
        }
        throw ExpressionError(offset: start, "unexpected \(Self.character(at: start, in: bytes))")
    }

    /// The character that starts at `offset`, for a message: `'#'`, `'π' (U+03C0)` for a
    /// character outside ASCII written in UTF-8, `byte 0xcf` for a byte that starts none.
    static func character(at offset: Int, in bytes: [UInt8]) -> String {
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
        if length > 0, offset + length <= bytes.count,
           let text = String(validating: bytes[offset..<(offset + length)], as: UTF8.self), let scalar = text.unicodeScalars.first {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "'\(text)' (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
        }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func number() throws(ExpressionError) -> Double {
        let start = offset
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                throw ExpressionError(offset: offset, "a number with a second '.'")
            }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            var end = offset + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            guard end < bytes.count, Self.isDigit(bytes[end]) else {
                throw ExpressionError(offset: offset, "a number's exponent needs digits")
            }
            offset = end
            while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        }
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), value.isFinite else {
            throw ExpressionError(offset: start, "number out of range")
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }
}
