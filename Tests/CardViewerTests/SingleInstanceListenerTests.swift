import CardFiles
import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardRendering
import CardTestSupport
@testable import CardViewerApp
import CardViewerCore
import CardViewerFrame
import Foundation
import Glibc
import Testing

/// The real listener (`SingleInstanceListener`) on a socket in a temporary `$XDG_RUNTIME_DIR`:
/// a client's path reaches a viewer's session (offscreen), garbage is refused with a warning and
/// no crash, a stale socket is replaced, a live one left to its viewer (SPEC §14).
@Suite("single instance: the listener, a client, the session's current card", .serialized)
struct SingleInstanceListenerTests {
    /// A warning sink the listener's thread may write to.
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// A runtime folder short enough for the socket's 107 bytes.
    static func runtimeFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cv-rt")
        chmod(folder.path, 0o700)
        return folder
    }

    /// The canonical path of `path`.
    static func canonical(_ path: String) throws -> String {
        try #require(CanonicalPath.of(path))
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > end { return false }
            usleep(10_000)
        }
        return true
    }

    @Test("a second client sends a picture of the folder: the session's current card becomes it; the socket goes at stop")
    func pathReachesTheSession() throws {
        let runtime = try Self.runtimeFolder()
        defer { runtime.remove() }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 8, in: folder.url)
        var builder = ViewerBuilder(deck: .folder(path: images.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        builder.drawsOverlay = true
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 640, height: 400)
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 640, height: 400))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport)
        let driver = ViewerDriver(viewer: viewer, store: nil, screenshotDirectory: folder.path, report: { _ in }, warn: { _ in })
        defer { driver.saveOnQuit() }
        let session = driver.session
        #expect(session.currentCardIndex == 0)

        let wakes = Warnings()
        let inbox = SingleInstanceInbox(wake: { wakes.add("wake") })
        let warnings = Warnings()
        let started = SingleInstance.listen(canonicalPaths: loaded.catalog.canonicalPaths, inbox: inbox,
                                            warn: { warnings.add($0) }, runtimeDirectory: runtime.path)
        let listener = try #require(started)
        driver.openRequests = inbox
        var raised = 0
        driver.raiseWindow = { raised += 1 }
        let canonicalImages = try Self.canonical(images.path)
        let socket = try #require(SingleInstanceMessage.socketPath(canonicalFolder: canonicalImages, runtimeDirectory: runtime.path))
        #expect(listener.socketPath == socket)

        // The socket and its folder: 0600 and 0700.
        var info = stat()
        #expect(stat(socket, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK && info.st_mode & 0o777 == 0o600)
        #expect(stat(runtime.path("cardviewer"), &info) == 0 && info.st_mode & 0o777 == 0o700)

        // The client, as `cardviewer images/06-card.png` runs it (the path as given, relative
        // to nothing: its folder canonical plus its name).
        let line = try #require(SingleInstance.handOver([images.path + "/06-card.png"], runtimeDirectory: runtime.path))
        #expect(line.contains("06-card.png"))
        #expect(wakes.all == ["wake"])  // the event loop was woken
        #expect(session.currentCardIndex == 0)  // nothing changes off the frame thread
        driver.followSession()
        #expect(session.currentCardIndex == 5)
        #expect(raised == 1)
        #expect(inbox.isEmpty)

        // In the photo view the picture sent is shown there.
        session.openPhoto(try #require(session.deck.id(at: 5)))
        #expect(SingleInstance.handOver([images.path + "/02-card.png"], runtimeDirectory: runtime.path) != nil)
        driver.followSession()
        #expect(session.photoCard == session.deck.id(at: 1))
        #expect(session.currentCardIndex == 1)

        // A picture made after the listing is appended, and current.
        try PNGCodec.write(RGBAImage(width: 32, height: 20, fill: (1, 2, 3, 255)), to: images.path + "/99-new.png")
        #expect(SingleInstance.handOver([images.path + "/99-new.png"], runtimeDirectory: runtime.path) != nil)
        driver.followSession()
        #expect(session.deck.count == 9)
        #expect(session.currentCardIndex == 8)
        #expect(warnings.all.isEmpty, "\(warnings.all)")

        listener.stop()
        #expect(!FileInfo.exists(socket))
        #expect(SingleInstance.handOver([images.path + "/03-card.png"], runtimeDirectory: runtime.path) == nil)
    }

    /// Connects to `socket`, sends `bytes`, closes the writing half; the answer (at most 16 bytes).
    static func exchange(_ bytes: [UInt8], with socket: String) throws -> [UInt8] {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socket.utf8.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(connected == 0)
        SingleInstanceSocket.setTimeouts(fd, seconds: 5)
        _ = SingleInstanceSocket.writeAll(fd, bytes)
        shutdown(fd, Int32(SHUT_WR))
        return SingleInstanceSocket.readUpTo(fd, limit: 16) { _ in false }
    }

    @Test("garbage, an oversized length and an empty connection are answered NO with a warning each; the listener goes on")
    func garbageIsRefused() throws {
        let runtime = try Self.runtimeFolder()
        defer { runtime.remove() }
        let warnings = Warnings()
        let inbox = SingleInstanceInbox()
        let started = SingleInstance.listen(canonicalPaths: ["/nowhere/photos"], inbox: inbox,
                                            warn: { warnings.add($0) }, runtimeDirectory: runtime.path)
        let listener = try #require(started)
        defer { listener.stop() }
        let no = SingleInstanceMessage.refused
        #expect(try Self.exchange(Array("GET / HTTP/1.0\r\n\r\n".utf8), with: listener.socketPath) == no)
        // A 2 GiB length: refused from the header, nothing more read.
        #expect(try Self.exchange(Array("CVO1".utf8) + [0x7F, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 64 * 1024),
                                  with: listener.socketPath) == no)
        #expect(try Self.exchange([], with: listener.socketPath) == no)
        #expect(try Self.exchange(Array("CVO1".utf8) + [0, 0, 0, 5] + Array("a.jpg".utf8), with: listener.socketPath) == no)
        #expect(warnings.all.count == 4, "\(warnings.all)")
        #expect(warnings.all.allSatisfy { $0.hasPrefix("ignored a request on ") }, "\(warnings.all)")
        #expect(inbox.isEmpty)
        // Still listening: a good request goes through.
        let good = try #require(SingleInstanceMessage.encode(path: "/nowhere/photos/a.jpg"))
        #expect(try Self.exchange(good, with: listener.socketPath) == SingleInstanceMessage.accepted)
        #expect(inbox.take() == ["/nowhere/photos/a.jpg"])
    }

    @Test("a stale socket (no one listening) is replaced; a live one is left to its viewer, silently")
    func staleAndTaken() throws {
        let runtime = try Self.runtimeFolder()
        defer { runtime.remove() }
        let socket = try #require(SingleInstanceMessage.socketPath(canonicalFolder: "/nowhere/photos", runtimeDirectory: runtime.path))
        // A crashed viewer's socket: bound, never listened on, its file left.
        guard case .success = SingleInstanceSocket.preparedFolder(runtime.path("cardviewer")) else {
            Issue.record("folder")
            return
        }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socket.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        try #require(bound == 0 && FileInfo.exists(socket))

        let warnings = Warnings()
        let started = SingleInstance.listen(canonicalPaths: ["/nowhere/photos"], inbox: SingleInstanceInbox(),
                                            warn: { warnings.add($0) }, runtimeDirectory: runtime.path)
        let first = try #require(started)
        defer { first.stop() }
        #expect(SingleInstance.listen(canonicalPaths: ["/nowhere/photos"], inbox: SingleInstanceInbox(),
                                      warn: { warnings.add($0) }, runtimeDirectory: runtime.path) == nil)
        #expect(warnings.all.isEmpty, "\(warnings.all)")
        // Several PATHs: not one folder, no socket.
        #expect(SingleInstance.listen(canonicalPaths: ["/a", "/b"], inbox: SingleInstanceInbox(), warn: { _ in },
                                      runtimeDirectory: runtime.path) == nil)
        // No runtime folder: no socket, nothing said.
        #expect(SingleInstance.listen(canonicalPaths: ["/nowhere/other"], inbox: SingleInstanceInbox(), warn: { warnings.add($0) },
                                      runtimeDirectory: nil) == nil)
        #expect(warnings.all.isEmpty)
    }

    @Test("a sockets folder open to others is refused with a warning, and not used")
    func openFolderRefused() throws {
        let runtime = try Self.runtimeFolder()
        defer { runtime.remove() }
        try runtime.folder("cardviewer")
        chmod(runtime.path("cardviewer"), 0o755)
        let warnings = Warnings()
        #expect(SingleInstance.listen(canonicalPaths: ["/nowhere/photos"], inbox: SingleInstanceInbox(), warn: { warnings.add($0) },
                                      runtimeDirectory: runtime.path) == nil)
        #expect(warnings.all.count == 1 && warnings.all[0].contains("mode 755"), "\(warnings.all)")
    }
}
