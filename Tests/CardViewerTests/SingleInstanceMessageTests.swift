import CardFiles
import CardTestSupport
@testable import CardViewerApp
import Foundation
import Testing

/// The single-instance hand-over's protocol, socket path and decisions (SPEC §14): a second
/// `cardviewer FILE` sends a length-prefixed path to the window on FILE's folder.
@Suite("single instance: the message, the socket's path, who is served")
struct SingleInstanceMessageTests {
    @Test("a path encodes as CVO1, its length big-endian, its bytes; and decodes back, bytes that are not UTF-8 kept")
    func roundTrip() throws {
        let path = "/photos/2026/a b.jpg"
        let bytes = try #require(SingleInstanceMessage.encode(path: path))
        #expect(Array(bytes[0..<4]) == Array("CVO1".utf8))
        #expect(Array(bytes[4..<8]) == [0, 0, 0, UInt8(path.utf8.count)])
        #expect(Array(bytes[8...]) == Array(path.utf8))
        #expect(SingleInstanceMessage.decode(bytes) == .path(path))

        let latin1 = PathBytes.string([0x2F, 0x74, 0xE9, 0x2E, 0x6A, 0x70, 0x67])  // "/t\xE9.jpg"
        let encoded = try #require(SingleInstanceMessage.encode(path: latin1))
        #expect(encoded.count == 8 + 7)
        guard case .path(let decoded) = SingleInstanceMessage.decode(encoded) else {
            Issue.record("not decoded")
            return
        }
        #expect(PathBytes.bytes(decoded) == [0x2F, 0x74, 0xE9, 0x2E, 0x6A, 0x70, 0x67])

        // 4096 bytes is the longest: 256 × 16 bytes.
        let longest = "/" + String(repeating: "a", count: 4095)
        #expect(SingleInstanceMessage.decode(try #require(SingleInstanceMessage.encode(path: longest))) == .path(longest))
    }

    @Test("encode refuses what no viewer could take: relative, empty, over 4096 bytes, NUL")
    func encodeRefuses() {
        #expect(SingleInstanceMessage.encode(path: "a.jpg") == nil)
        #expect(SingleInstanceMessage.encode(path: "") == nil)
        #expect(SingleInstanceMessage.encode(path: "/" + String(repeating: "a", count: 4096)) == nil)
        #expect(SingleInstanceMessage.encode(path: "/a\u{0}b") == nil)
    }

    @Test("every prefix of a request is incomplete, never refused; the whole is the path")
    func prefixesAreIncomplete() throws {
        let bytes = try #require(SingleInstanceMessage.encode(path: "/x/y.png"))
        for count in 0..<bytes.count {
            #expect(SingleInstanceMessage.decode(Array(bytes[..<count])) == .incomplete, "\(count)")
        }
        #expect(SingleInstanceMessage.decode(bytes) == .path("/x/y.png"))
    }

    @Test("garbage, an oversized length (refused from the header alone), trailing bytes, relative and NUL are refused")
    func garbageRefused() {
        func refused(_ bytes: [UInt8]) -> Bool {
            if case .refused = SingleInstanceMessage.decode(bytes) { return true }
            return false
        }
        #expect(refused(Array("GET / HTTP/1.0\r\n".utf8)))
        #expect(refused([0x43]) == false)  // "C": may still be CVO1
        #expect(refused([0x00]))
        #expect(refused(Array("CVO2".utf8)))
        let magic = Array("CVO1".utf8)
        #expect(refused(magic + [0, 0, 0, 0]))  // empty
        #expect(refused(magic + [0, 0, 0x10, 0x01]))  // 4097 bytes
        #expect(refused(magic + [0xFF, 0xFF, 0xFF, 0xFF]))
        #expect(refused(magic + [0, 0, 0, 2] + Array("/a".utf8) + [0x0A]))  // a byte after the path
        #expect(refused(magic + [0, 0, 0, 5] + Array("a.jpg".utf8)))
        #expect(refused(magic + [0, 0, 0, 3] + [0x2F, 0, 0x61]))
        #expect(SingleInstanceMessage.maximumCount == 8 + 4096)
    }

    @Test("the socket: $XDG_RUNTIME_DIR/cardviewer/MD5(folder).sock; none without a runtime folder or past 107 bytes")
    func socketPath() throws {
        let path = try #require(SingleInstanceMessage.socketPath(canonicalFolder: "/home/ann/photos", runtimeDirectory: "/run/user/1000"))
        #expect(path.hasPrefix("/run/user/1000/cardviewer/"))
        let name = String(path.dropFirst("/run/user/1000/cardviewer/".count))
        #expect(name.count == 32 + 5 && name.hasSuffix(".sock"))
        #expect(name.dropLast(5).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        // MD5("/home/ann/photos"), as the state file's name hashes a deck's one folder.
        #expect(name == String(DeckStateLocation.fileName(canonicalPaths: ["/home/ann/photos"], recursive: false).dropLast(5)) + ".sock")
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/home/ann/photos", runtimeDirectory: "/run/user/1000/") == path)
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/home/ann/other", runtimeDirectory: "/run/user/1000") != path)
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/a", runtimeDirectory: nil) == nil)
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/a", runtimeDirectory: "") == nil)
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/a", runtimeDirectory: "run/user") == nil)
        // 107 bytes fit sockaddr_un's path: a runtime folder of 58 bytes does, of 59 does not.
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/a", runtimeDirectory: "/" + String(repeating: "r", count: 57)) != nil)
        #expect(SingleInstanceMessage.socketPath(canonicalFolder: "/a", runtimeDirectory: "/" + String(repeating: "r", count: 58)) == nil)
    }

    @Test("the folder is used only when it is this user's own real folder, mode 700; only this user's processes are served")
    func decisions() {
        let me: UInt32 = 1000
        #expect(SingleInstanceMessage.folderProblem(isFolder: true, isLink: false, owner: me, mode: 0o040700, ownUID: me) == nil)
        #expect(SingleInstanceMessage.folderProblem(isFolder: true, isLink: false, owner: 0, mode: 0o040700, ownUID: me) != nil)
        #expect(SingleInstanceMessage.folderProblem(isFolder: true, isLink: false, owner: me, mode: 0o040750, ownUID: me) != nil)
        #expect(SingleInstanceMessage.folderProblem(isFolder: true, isLink: false, owner: me, mode: 0o040701, ownUID: me) != nil)
        #expect(SingleInstanceMessage.folderProblem(isFolder: false, isLink: true, owner: me, mode: 0o120777, ownUID: me) != nil)
        #expect(SingleInstanceMessage.folderProblem(isFolder: false, isLink: false, owner: me, mode: 0o100600, ownUID: me) != nil)
        #expect(SingleInstanceMessage.acceptsPeer(uid: me, ownUID: me))
        #expect(!SingleInstanceMessage.acceptsPeer(uid: 1001, ownUID: me))
        #expect(!SingleInstanceMessage.acceptsPeer(uid: 0, ownUID: me))
    }

    @Test("file:// URIs (a desktop's %U) are the paths they name; anything else is kept as given")
    func fileURIs() {
        #expect(FileURIArgument.path("file:///home/ann/a%20b.jpg") == "/home/ann/a b.jpg")
        #expect(FileURIArgument.path("file://localhost/home/ann/a.jpg") == "/home/ann/a.jpg")
        #expect(PathBytes.bytes(FileURIArgument.path("file:///t%E9.jpg")) == [0x2F, 0x74, 0xE9, 0x2E, 0x6A, 0x70, 0x67])
        #expect(FileURIArgument.path("/home/ann/a%20b.jpg") == "/home/ann/a%20b.jpg")
        #expect(FileURIArgument.path("a.jpg") == "a.jpg")
        #expect(FileURIArgument.path("file://otherhost/a.jpg") == "file://otherhost/a.jpg")
        #expect(FileURIArgument.path("file:///a%2.jpg") == "file:///a%2.jpg")
        #expect(FileURIArgument.path("file:///a%00.jpg") == "file:///a%00.jpg")
    }

    @Test("only a single picture file is offered, as its folder's canonical path and its name")
    func offered() throws {
        let folder = try TemporaryFolder("cv-offer")
        defer { folder.remove() }
        let file = try folder.write("a.png", [0x89, 0x50, 0x4E, 0x47])
        try folder.folder("sub")
        let canonical = try #require(CanonicalPath.of(folder.path))
        let offer = try #require(SingleInstance.offered([file]))
        #expect(offer.canonicalFolder == canonical)
        #expect(offer.path == canonical + "/a.png")
        #expect(SingleInstance.offered([folder.path]) == nil)
        #expect(SingleInstance.offered([file, file]) == nil)
        #expect(SingleInstance.offered([folder.path("missing.png")]) == nil)
        #expect(SingleInstance.offered(nil) == nil)
        // No runtime folder: nothing is tried, the window starts.
        #expect(SingleInstance.handOver([file], runtimeDirectory: nil) == nil)
        #expect(SingleInstance.handOver([file], runtimeDirectory: folder.path) == nil)  // no viewer listens
    }
}

/// `cardviewer run a.png c.png` of one folder, end to end (a replay): SPEC §12's "folders and
/// files make one deck" holds for a desktop's `%F` too — the deck is the two files, the first
/// named current, as `list` lists them; only a single file opens its folder.
@Suite("a selection of one folder's files is a deck of those files")
struct SelectionOpensFolderTests {
    @Test("run with two files of a folder of 6: the two cards, the first named current; list lists the two")
    func selection() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: dir.url)
        let state = dir.url("state.json")
        let files = [images.path + "/04-card.png", images.path + "/02-card.png"]
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.2}"#, in: dir.url,
                                            arguments: ["--size", "320x200", "--state", state.path] + files)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try ViewerTest.state(at: state)
        #expect(saved.cards.map(\.title) == ["04-card.png", "02-card.png"])
        let list = try ChildProcess.runViewer(["list", "--no-state"] + files)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 2, "\(list.stdout)")
    }
}
