import CardFiles
import CardTestSupport
import Foundation
import Testing

/// File names of any bytes (SPEC §11): carried in strings without losing a byte, opened by
/// their real bytes, shown with U+FFFD, stored percent-encoded.
@Suite struct PathBytesTests {
    /// Byte strings that are not UTF-8, or are UTF-8 of the escapes' own scalars.
    static let awkward: [[UInt8]] = [
        Array("caf".utf8) + [0xE9] + Array(".jpg".utf8),  // Latin-1
        [0xFF, 0xFE, 0x80, 0xBF],  // bytes that never start UTF-8, lone continuations
        [0xC0, 0xAF, 0xE0, 0x80, 0xAF],  // overlong forms of "/"
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        Array("x".utf8) + [0xE6, 0x9D],  // cut short at the end
        [0xF4, 0x8F, 0xBF, 0xBD, 0x41],  // a real U+10FFFD, then "A"
        [0xF4, 0x8F, 0xBE, 0x80],  // a real U+10FF80, the first escape scalar
    ]

    @Test(arguments: awkward)
    func everyByteStringRoundTrips(bytes: [UInt8]) {
        let path = PathBytes.string(bytes)
        #expect(PathBytes.bytes(path) == bytes)
        #expect(PathBytes.hasEscapes(path))
        #expect(PathBytes.displayed(path) == String(decoding: bytes, as: UTF8.self))
        #expect(PathBytes.percentDecoded(PathBytes.percentEncoded(path)).map(PathBytes.bytes) == bytes)
    }

    @Test func randomByteStringsRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 1...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) }
            let path = PathBytes.string(bytes)
            #expect(PathBytes.bytes(path) == bytes, "\(bytes)")
            #expect(PathBytes.percentDecoded(PathBytes.percentEncoded(path)) == path, "\(bytes)")
        }
    }

    @Test func utf8NamesAreTheirOwnText() {
        for name in ["plain.png", "東京の夏.jpg", "Жук Ünïcødé", "emoji 😀.png", "\u{1B}[31m"] {
            #expect(PathBytes.string(Array(name.utf8)) == name)
            #expect(!PathBytes.hasEscapes(name))
            #expect(PathBytes.displayed(name) == name)
            #expect(PathBytes.bytes(name) == Array(name.utf8))
        }
        #expect(PathBytes.displayed(PathBytes.string(Array("caf".utf8) + [0xE9])) == "caf\u{FFFD}")
        // A real U+10FFFD is shown as itself.
        #expect(PathBytes.displayed(PathBytes.string([0xF4, 0x8F, 0xBF, 0xBD])) == "\u{10FFFD}")
    }

    @Test func percentEncodingKeepsPrintableASCII() {
        #expect(PathBytes.percentEncoded(PathBytes.string(Array("a b%c/".utf8) + [0xE9, 0x1B])) == "a%20b%25c/%E9%1B")
        #expect(PathBytes.percentDecoded("caf%e9.jpg").map(PathBytes.bytes) == Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        for bad in ["%", "%4", "%G0", "a%00b"] { #expect(PathBytes.percentDecoded(bad) == nil, "\(bad)") }
    }

    @Test func environmentVariablesKeepTheirBytes() {
        let raw = Array("/home/".utf8) + [0xE9, 0x41]
        (raw + [0]).withUnsafeBufferPointer { value in
            value.withMemoryRebound(to: CChar.self) { _ = setenv("CARDVIEWER_TEST_PATH_BYTES", $0.baseAddress!, 1) }
        }
        defer { unsetenv("CARDVIEWER_TEST_PATH_BYTES") }
        #expect(PathBytes.environment("CARDVIEWER_TEST_PATH_BYTES").map(PathBytes.bytes) == raw)
        #expect(PathBytes.environment("CARDVIEWER_TEST_PATH_BYTES_UNSET") == nil)
    }

    @Test("a folder entry that is not UTF-8 is listed with its bytes and opened by them; files are written under them")
    func listedOpenedAndWritten() throws {
        let dir = try TemporaryFolder("cardfiles")
        let raw = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
        // Made with the C library directly, from the bytes.
        let fd = (Array((dir.path + "/").utf8) + raw + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        try #require(fd >= 0)
        _ = write(fd, "bytes", 5)
        close(fd)
        let names = try Folder.names(in: dir.path)
        #expect(names.map(PathBytes.bytes) == [raw])
        let path = dir.path + "/" + names[0]
        #expect(try FileBytes.readAll(path, maximumSize: 100) == Array("bytes".utf8))
        #expect(try FileInfo.at(path).size == 5)
        // Written through the file layer: the name on disk is the bytes, not their U+FFFD form.
        let otherRaw: [UInt8] = [0xC3, 0xFF, 0x2E, 0x6A]  // a lead byte, then one that is never UTF-8
        try AtomicFile.replace(dir.path + "/" + PathBytes.string(otherRaw), with: [1, 2, 3])
        #expect(Set(try Folder.names(in: dir.path).map(PathBytes.bytes)) == [otherRaw, raw])
        #expect(dir.names().count == 2)
    }
}
