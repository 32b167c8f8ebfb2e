import CardCulling
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// Sidecars that are broken or hostile: each reads as unmarked, without a crash, a hang or the
/// memory of the file's claims (SPEC §11).
@Suite struct HostileSidecarTests {
    /// A store's reading of `text` as `x.jpg.xmp`, beside a picture with an embedded 5-star
    /// packet (which must not be used: the sidecar was found first).
    static func read(sidecar bytes: [UInt8]) throws -> CullMark {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("x.jpg", EmbeddingPictures.jpeg([0xFF, 0xD8, 0xFF, 0xD9], embedding: xmpPacket(rating: "5")))
        try folder.write("x.jpg.xmp", bytes)
        return XMPSidecarStore().mark(ofPicture: picture)
    }

    @Test("truncated XML, at every tenth byte of a valid sidecar, is unmarked or the mark it states")
    func truncated() throws {
        let whole = xmpPacket(rating: "3", pickLabel: "3")
        for length in stride(from: 0, to: whole.count, by: 10) {
            let mark = XMPSidecarStore.mark(fromPacket: Array(whole[..<length]))
            #expect(mark == .unmarked || mark == CullMark(stars: 3, flag: .picked), "\(length)")
        }
        #expect(try Self.read(sidecar: Array(whole.prefix(whole.count / 2))) == .unmarked)
    }

    @Test("a billion-laughs entity bomb is refused (unmarked), without expanding it")
    func billionLaughs() throws {
        var entities = "<!ENTITY lol0 \"lollollollollollollollollollol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE x:xmpmeta [
        \(entities)]>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="4" xmp:Label="&lol9;"/>
        </rdf:RDF></x:xmpmeta>
        """
        #expect(try Self.read(sidecar: Array(bomb.utf8)) == .unmarked)
    }

    @Test("a sidecar nested a million deep is refused before the XML parser")
    func deepNesting() throws {
        let open = String(repeating: "<a>", count: 1_000_000), close = String(repeating: "</a>", count: 1_000_000)
        let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">" + open + close + "</x:xmpmeta>"
        #expect(XMPDocument.nestingDepth(of: Array(text.utf8)) == 1_000_001)
        #expect(try Self.read(sidecar: Array(text.utf8)) == .unmarked)
        #expect(XMPDocument.nestingDepth(of: Array("<a x='/>'><b/><c></c></a>".utf8)) == 2)
    }

    @Test("a 20 MB sidecar (over the 16 MiB cap) is unmarked, refused before reading")
    func oversized() throws {
        let padding = [UInt8](repeating: 0x20, count: 20_000_000)
        #expect(try Self.read(sidecar: xmpPacket(rating: "4") + padding) == .unmarked)
        // Just under the cap, it is read.
        let under = [UInt8](repeating: 0x20, count: XMPSidecarStore.maximumSidecarSize - 4096)
        #expect(try Self.read(sidecar: xmpPacket(rating: "4") + under) == CullMark(stars: 4))
    }

    @Test("a FIFO named x.jpg.xmp: unmarked at once (never waits for a writer), never written")
    func fifo() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("x.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        #expect(mkfifo(folder.path("x.jpg.xmp"), 0o644) == 0)
        #expect(XMPSidecarStore().mark(ofPicture: picture) == .unmarked)
        #expect(throws: CullMarkStoreError.unwritable(path: picture + ".xmp", reason: "it is not a regular file (a FIFO, a device or a socket)")) {
            try XMPSidecarStore().store(CullMark(stars: 1), forPicture: picture)
        }
        var status = stat()
        #expect(lstat(folder.path("x.jpg.xmp"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a folder named x.jpg.xmp, a dangling link, binary noise: unmarked")
    func otherJunk() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("x.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        try FileManager.default.createDirectory(atPath: folder.path("x.jpg.xmp"), withIntermediateDirectories: false)
        #expect(XMPSidecarStore().mark(ofPicture: picture) == .unmarked)
        try FileManager.default.createSymbolicLink(atPath: folder.path("y.jpg.xmp"), withDestinationPath: "nowhere")
        #expect(XMPSidecarStore().mark(ofPicture: folder.path("y.jpg")) == .unmarked)
        #expect(throws: CullMarkStoreError.unwritable(path: picture + ".xmp", reason: "it is a directory")) {
            try XMPSidecarStore().store(CullMark(stars: 1), forPicture: picture)
        }
        // A dangling link: nothing is written at its target (SPEC §11, issue 31), the link kept.
        #expect(throws: CullMarkStoreError.self) { try XMPSidecarStore().store(CullMark(stars: 2), forPicture: folder.path("y.jpg")) }
        #expect(folder.contents("nowhere") == nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("y.jpg.xmp")) == "nowhere")
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(try Self.read(sidecar: noise) == .unmarked)
        #expect(try Self.read(sidecar: []) == .unmarked)
    }
}

/// What Exempi would print: nothing reaches the process's standard error.
@Suite(.serialized) struct QuietLibraryTests {
    @Test("broken sidecars print nothing (Exempi's std::cerr messages are turned off)")
    func brokenSidecarsAreQuiet() throws {
        let captured = try Self.standardError {
            for broken in ["<x:xmpmeta", "<?xml version=\"1.0\"?><a><b></a>", "\u{0}\u{1}garbage",
                           "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description><rdf:li/></rdf:Description></rdf:RDF></x:xmpmeta>"] {
                #expect(XMPSidecarStore.mark(fromPacket: Array(broken.utf8)) == .unmarked)
            }
        }
        // The test library's own progress lines (tests running beside this one) are not ours.
        let ours = captured.split(separator: "\n").filter { line in
            !["◇", "✔", "✘", "↳", "⚠", "⊘", "􀟈", "\u{1B}", "Test Suite", "Test Case"].contains { line.hasPrefix($0) }
        }
        #expect(ours.isEmpty, "\(captured)")
        #expect(!captured.contains("XML parsing failure"), "\(captured)")
        // Descriptor 2 still works afterwards (only std::cerr was turned off, and back on).
        let after = try Self.standardError { _ = "still here\n".withCString { write(2, $0, 11) } }
        #expect(after == "still here\n")
    }

    /// What `body` writes to file descriptor 2 (through C's stderr or C++'s std::cerr).
    static func standardError(_ body: () -> Void) throws -> String {
        let pipe = Pipe()
        fflush(nil)
        let saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
