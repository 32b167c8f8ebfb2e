#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names of any bytes carried in a `String` without losing a byte (SPEC §11).
///
/// Linux file names are bytes, not text: `caf\xE9.jpg` (Latin-1) is a valid name that is not
/// UTF-8. Decoding it as UTF-8 with replacement characters (what `String(decoding:as:)` and
/// `CommandLine.arguments` do) loses the byte, and opening the decoded name fails with "No such
/// file or directory". So the program keeps paths as strings in a reversible encoding, as
/// Python's `surrogateescape` does (Swift strings cannot hold lone surrogates, so the escapes
/// live in the last 128 code points of plane 16, a private-use area):
///
/// - the bytes that form valid UTF-8 are their characters, so ordinary names are unchanged;
/// - every other byte `b` (always ≥ 0x80) is the scalar U+10FF00 + `b` (U+10FF80…U+10FFFF);
/// - a name that really holds one of those 128 scalars has its four UTF-8 bytes escaped the
///   same way, so decoding never confuses the two and every byte string round-trips.
///
/// Where a path meets the system (`open`, `stat`, `opendir`, …, all in this target) it is turned
/// back into its exact bytes (`withCString`); where it meets a person, escapes show as U+FFFD
/// (`displayed`); where it is stored as text, its bytes are percent-encoded (`percentEncoded`).
public enum PathBytes {
    /// The first escape scalar: byte `b` is `escapeBase + b`.
    static let escapeBase: UInt32 = 0x10FF00
    /// The escapes' scalars, U+10FF80…U+10FFFF (only bytes ≥ 0x80 are ever escaped).
    static let escapes: ClosedRange<UInt32> = 0x10FF80...0x10FFFF
    /// Every escape scalar's UTF-8 starts with this byte (F4 8F BE xx / F4 8F BF xx): a string
    /// without it has no escape, which makes the common case a single scan.
    private static let escapeLead: UInt8 = 0xF4

    /// `bytes` (a file name or path as the system gives it, without NUL) as the string the
    /// program carries: valid UTF-8 as its characters, every other byte escaped.
    ///
    /// - Complexity: O(bytes); one scan and no decoding work for ASCII.
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index), !escapes.contains(scalar.value) {
                scalars.append(scalar)
                index += length
            } else if let (_, length) = scalar(in: bytes, at: index) {
                // A real U+10FF80…U+10FFFF: its bytes escaped one by one, so it is not read back as escapes.
                for byte in bytes[index..<(index + length)] { scalars.append(escape(byte)) }
                index += length
            } else {
                scalars.append(escape(bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The exact bytes `path` stands for (the inverse of `string(_:)`).
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// True when `path` holds bytes that are not UTF-8 (escapes): it cannot be shown or stored
    /// as the text it is.
    public static func hasEscapes(_ path: String) -> Bool {
        path.utf8.contains(escapeLead) && path.unicodeScalars.contains { escapes.contains($0.value) }
    }

    /// `text` for people: its bytes decoded as UTF-8 with a U+FFFD (the replacement character)
    /// for each run of bytes that is not UTF-8, as every program shows such names; a name that
    /// really holds one of the escapes' scalars shows it. Titles, messages and warnings naming
    /// files go through this (terminal messages through `TerminalText.escaped`, which also
    /// escapes control characters).
    public static func displayed(_ text: String) -> String {
        guard hasEscapes(text) else { return text }
        return String(decoding: bytes(text), as: UTF8.self)
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the system expects: the exact bytes
    /// of the name, escapes undone. Every path this target hands to the C library goes through it.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasEscapes(path) else { return try path.withCString(body) }
        let bytes = self.bytes(path) + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path's bytes as ASCII text: `%` and every byte outside printable ASCII (controls,
    /// space, DEL, ≥ 0x80) written `%XX` (uppercase hex); the state file keeps names of any
    /// bytes this way.
    public static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in bytes(path) {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// The path `percentEncoded(_:)` wrote: `%XX` is the byte XX, other characters their UTF-8.
    /// Nil for a `%` not followed by two hexadecimal digits, or a `%00` (no path holds NUL).
    public static func percentDecoded(_ text: String) -> String? {
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]),
                      high | low != 0 else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(utf8[index])
                index += 1
            }
        }
        return string(out)
    }

    /// The command line's arguments (without the program's name) from `argv` as bytes:
    /// `CommandLine.arguments` decodes them with replacement characters, which loses a name that
    /// is not UTF-8; these keep every byte (`string(_:)`).
    public static func commandLineArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return string(UnsafeBufferPointer(start: argument, count: strlen(argument)).lazy.map { UInt8(bitPattern: $0) })
        }
    }

    /// The environment variable `name` with its bytes kept (a `HOME` that is not UTF-8 still
    /// names its folder), nil when it is not set.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return string(UnsafeBufferPointer(start: value, count: strlen(value)).lazy.map { UInt8(bitPattern: $0) })
    }

    // MARK: UTF-8, strictly

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// The scalar whose well-formed UTF-8 starts at `index` and its length, or nil when the bytes
    /// there are not well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF are
    /// not, as the Unicode standard's table 3-7 says).
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard offset == 1 || (0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
