/// A pull parser over JSON bytes (RFC 8259) for readers that know the shape they expect: the
/// caller asks for an object, an array, a string or an integer and gets an error naming the line
/// and column (`TextPosition`) when something else is there. Values the caller does not want are skipped (nesting
/// bounded by `maximumDepth`, so hostile input cannot exhaust the stack). Used by the state,
/// replay scripts and layout files; `offset` and `position(of:)` let a reader name where a value
/// it refuses begins.
public struct JSONScanner {
    /// How deeply values may nest: hostile input cannot exhaust the stack.
    public static let maximumDepth = 256
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next byte to read.
    public private(set) var offset = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the text.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    // MARK: Structure

    /// Reads an object, calling `field` with each key; `field` must read the value.
    public mutating func object(_ field: (inout JSONScanner, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if try consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try field(&self, key)
        } while try consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Reads an array, calling `element` for each element with its index; `element` must read it.
    public mutating func array(_ element: (inout JSONScanner, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if try consume(UInt8(ascii: "]")) { return }
        var index = 0
        repeat {
            try element(&self, index)
            index += 1
        } while try consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// True (and consumed) when the next value is `null`.
    public mutating func null() throws -> Bool {
        try skipWhitespace()
        guard bytes.count - offset >= 4, bytes[offset] == UInt8(ascii: "n") else { return false }
        guard bytes[offset + 1] == UInt8(ascii: "u"), bytes[offset + 2] == UInt8(ascii: "l"),
              bytes[offset + 3] == UInt8(ascii: "l") else { throw unexpected() }
        offset += 4
        return true
    }

    /// The next byte that is not whitespace, without consuming it (nil at the end).
    public mutating func peek() throws -> UInt8? {
        try skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// Fails unless only whitespace is left.
    public mutating func end() throws {
        if try peek() != nil { throw unexpected() }
    }

    // MARK: Values

    /// A string value, unescaped; invalid UTF-8 is an error.
    public mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = offset
        var escaped = false, ascii = true
        while true {
            guard offset < bytes.count else { throw syntax("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw syntax("control character in a string") }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                offset += 1
            }
            offset += 1
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if escaped { return try unescape(raw, from: start) }
        guard let text = Self.text(raw, ascii: ascii) else { throw syntax("invalid UTF-8 in a string", at: start) }
        return text
    }

    /// The UTF-8 `raw` as a string; nil for invalid UTF-8. (`String(decoding:)` repairs
    /// invalid bytes: the text is valid exactly when it has the same bytes.)
    public static func text(_ raw: UnsafeBufferPointer<UInt8>, ascii: Bool) -> String? {
        let text = String(decoding: raw, as: UTF8.self)
        return ascii || text.utf8.elementsEqual(raw) ? text : nil
    }

    /// An integer value within `range` (no fraction, no exponent).
    ///
    /// A number beyond what a 64-bit integer (or, with a fraction or an exponent, a Double) holds
    /// is an error marked `isNumberOutOfRange` ("number 1e999 is out of range"); one that fits
    /// but lies outside `range`, or has a fraction or an exponent, is a plain syntax error the
    /// caller may reword.
    public mutating func integer(in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int {
        try skipWhitespace()
        let start = offset
        let isWhole = try scanNumber()
        guard isWhole else {
            try checkRange(from: start)
            throw syntax("expected a whole number", at: start)
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for index in (start + (negative ? 1 : 0))..<offset {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[index] - 0x30))
            guard !o1, !o2 else { throw outOfRange(from: start) }
            magnitude = plus
        }
        let value: Int
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw outOfRange(from: start) }
            value = magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        } else {
            guard magnitude <= UInt64(Int.max) else { throw outOfRange(from: start) }
            value = Int(magnitude)
        }
        guard range.contains(value) else { throw syntax("number \(value) is outside \(range.lowerBound)…\(range.upperBound)", at: start) }
        return value
    }

    /// A number value (JSON's grammar), as the nearest Double; finite (beyond ±1.8e308 is an
    /// error marked `isNumberOutOfRange`; a tiny one such as 1e-999 is 0).
    public mutating func number() throws -> Double {
        try skipWhitespace()
        let start = offset
        _ = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw outOfRange(from: start) }
        return value
    }

    /// A `true` or `false` value.
    public mutating func boolean() throws -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw unexpected()
        }
    }

    /// Skips any one value.
    public mutating func skipValue(depth: Int = 0) throws {
        guard depth < Self.maximumDepth else { throw syntax("nested too deeply") }
        switch try peek() {
        case UInt8(ascii: "{"): try object { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try array { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): _ = try null()
        default: try skipNumber()
        }
    }

    // MARK: Errors

    /// `what` at the byte `position` (default: the current one), as its line and column.
    public func syntax(_ what: String, at position: Int? = nil) -> JSONSyntaxError {
        let at = position ?? offset
        return JSONSyntaxError(reason: what, offset: at, position: TextPosition(of: at, in: bytes))
    }

    /// The line and column of the byte at `offset`.
    public func position(of offset: Int) -> TextPosition {
        TextPosition(of: offset, in: bytes)
    }

    /// The offset where the next value begins (whitespace skipped), without reading it.
    public mutating func valueStart() throws -> Int {
        _ = try peek()
        return offset
    }

    /// Moves to `offset` (one that an earlier `offset` or `valueStart()` gave): a reader that
    /// needs the keys in its own order notes where each value starts, then comes back to it.
    public mutating func seek(to offset: Int) {
        self.offset = min(max(offset, 0), bytes.count)
    }

    /// The bytes from `start` to the current offset (the raw text of a value just read).
    public func rawBytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[min(max(start, 0), offset)..<offset])
    }

    public func unexpected() -> JSONSyntaxError {
        guard offset < bytes.count else { return syntax("unexpected end") }
        let byte = bytes[offset]
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return syntax("unexpected \(shown)")
    }

    // MARK: Internals

    private mutating func skipWhitespace() throws {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try consume(byte) else { throw unexpected() }
    }

    private mutating func consume(_ byte: UInt8) throws -> Bool {
        try skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard bytes.count - offset >= count else { throw unexpected() }
        for i in 0..<count where bytes[offset + i] != word.utf8Start[i] { throw unexpected() }
        offset += count
    }

    /// Skips a number, refusing one beyond what a Double holds (as `number()` would).
    private mutating func skipNumber() throws {
        let start = offset
        _ = try scanNumber()
        try checkRange(from: start)
    }

    /// Moves past a number (JSON's grammar, leading zeros refused); true when it has neither a
    /// fraction nor an exponent.
    private mutating func scanNumber() throws -> Bool {
        let start = offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        func digits() -> Int {
            var n = 0
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 { offset += 1; n += 1 }
            return n
        }
        let first = offset
        let whole = digits()
        guard whole > 0 else { offset = start; throw unexpected() }
        // JSON has no leading zeros.
        if whole > 1, bytes[first] == 0x30 { throw syntax("leading zero", at: start) }
        var isWhole = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            isWhole = false
            guard digits() > 0 else { throw unexpected() }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            isWhole = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw unexpected() }
        }
        return isWhole
    }

    /// Fails when the number from `start` to the current offset is beyond what a Double holds.
    /// Only a number with an exponent or over 308 digits can be: the rest are not parsed.
    private func checkRange(from start: Int) throws {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        guard raw.count > 308 || raw.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { return }
        guard let value = Double(String(decoding: raw, as: UTF8.self)), value.isFinite else { throw outOfRange(from: start) }
    }

    /// "number TEXT is out of range" for the number from `start` to the current offset (its
    /// first 24 characters and "…" when longer: a hostile number is not copied whole).
    private func outOfRange(from start: Int) -> JSONSyntaxError {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        let shown = String(decoding: UnsafeBufferPointer(rebasing: raw.prefix(Self.shownNumberLength)), as: UTF8.self)
        var error = syntax("number \(shown)\(raw.count > Self.shownNumberLength ? "…" : "") is out of range", at: start)
        error.isNumberOutOfRange = true
        return error
    }

    /// How many characters of an out-of-range number a message shows.
    static let shownNumberLength = 24

    /// The text of an escaped string's bytes (between the quotes).
    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, from start: Int) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count else { throw syntax("bad \\u escape", at: start + at) }
            var value: UInt32 = 0
            for j in at..<(at + 4) {
                let c = raw[j] | 0x20
                let digit: UInt8
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x61...0x66: digit = c - 0x61 + 10
                default: throw syntax("bad \\u escape", at: start + j)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let code = raw[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(code)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else {
                        throw syntax("unpaired surrogate", at: start + i)
                    }
                    let low = try hex4(i + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw syntax("unpaired surrogate", at: start + i) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw syntax("unpaired surrogate", at: start + i) }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw syntax("bad escape", at: start + i - 1)
            }
        }
        guard let text = out.withUnsafeBufferPointer({ Self.text($0, ascii: false) }) else {
            throw syntax("invalid UTF-8 in a string", at: start)
        }
        return text
    }
}
