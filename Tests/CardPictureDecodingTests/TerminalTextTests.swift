import CardPictureDecoding
import Testing

@Suite("Terminal messages escape control characters (SPEC §11)")
struct TerminalTextTests {
    @Test func aNameCannotRetitleOrRecolorTheTerminal() {
        let name = "evil\u{1B}]0;x\u{07}.jpg"
        let error = PictureError.corrupt(path: name, reason: "bad")
        let line = TerminalText.escaped(error.description)
        #expect(line == "'evil\\u{1B}]0;x\\u{7}.jpg': corrupt (bad)")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func everyControlIsEscapedAndPlainTextIsKept() {
        #expect(TerminalText.escaped("a\u{9B}31m\u{7F}b\tc\nd") == "a\\u{9B}31m\\u{7F}b\\u{9}c\\u{A}d")
        #expect(TerminalText.escaped("line one\nline\u{1B}two", keepingNewlines: true) == "line one\nline\\u{1B}two")
        #expect(TerminalText.escaped("café 写真 C:\\x.jpg") == "café 写真 C:\\x.jpg")
        // Escaping twice changes nothing.
        let once = TerminalText.escaped("x\u{1B}[2J")
        #expect(TerminalText.escaped(once) == once)
    }
}

@Suite("Terminal messages show bytes of a name that are not UTF-8 as U+FFFD")
struct TerminalTextBytesTests {
    @Test func escapedBytesAreShownAsReplacementCharacters() {
        // "caf\xE9\x1B.jpg" as the file layer carries it: byte 0xE9 is the scalar U+10FFE9.
        let name = "caf\u{10FFE9}\u{1B}.jpg"
        #expect(TerminalText.escaped("cannot read '\(name)'") == "cannot read 'caf\u{FFFD}\\u{1B}.jpg'")
    }
}
