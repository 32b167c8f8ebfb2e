import CardFiles
import CardTestSupport
@testable import CardViewerApp
import Foundation
import Glibc
import Testing

/// A viewer's claim at start (`SingleInstance.claim`, issue 35): it hands its picture to the
/// viewer on its folder or listens there itself, before its window opens and under the lock of
/// the sockets' folder, so two viewers started together on one folder make one window; and which
/// command lines hand over at all (`handsOver(arguments:)`).
@Suite("single instance: the claim at start, the race of two starts, the options a hand-over leaves aside", .serialized)
struct SingleInstanceClaimTests {
    typealias Warnings = SingleInstanceListenerTests.Warnings

    @Test("PATHs alone, or with --size, hand over; any other option, before or after the PATH, opens a window of its own")
    func commandLinesThatHandOver() {
        let handing: [[String]] = [
            ["a.jpg"], ["run", "a.jpg"], ["--", "-odd.jpg"], ["run", "--", "a.jpg"], ["--size", "640x400", "a.jpg"],
            ["a.jpg", "--size=800x600"], ["file:///p/a%20b.jpg"], ["a.jpg", "b.jpg"], ["--", "--layout"], [],
        ]
        for arguments in handing {
            #expect(SingleInstance.handsOver(arguments: arguments), "\(arguments)")
        }
        let own: [[String]] = [
            ["--layout", "grid", "a.jpg"], ["a.jpg", "--layout=grid"], ["run", "--no-state", "a.jpg"], ["-r", "a.jpg"],
            ["--state", "s.json", "a.jpg"], ["--sort", "time", "a.jpg"], ["--set", "spacing=2", "a.jpg"],
            ["--size", "640x400", "--screenshot", "x.png", "a.jpg"], ["a.jpg", "--log-frames", "f.txt"], ["--sizes", "a.jpg"],
            ["a.jpg", "--layout", "grid", "--", "b.jpg"],
        ]
        for arguments in own {
            #expect(!SingleInstance.handsOver(arguments: arguments), "\(arguments)")
        }
        #expect(SingleInstance.optionsLeftAsideByHandOver == ["--size"])
    }

    /// A folder of pictures and a runtime folder for one test.
    struct Setup {
        let runtime: TemporaryFolder
        let folder: TemporaryFolder
        let images: URL

        init() throws {
            runtime = try SingleInstanceListenerTests.runtimeFolder()
            folder = try TemporaryFolder("cardviewer-e2e")
            images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        }

        func remove() {
            runtime.remove()
            folder.remove()
        }

        func picture(_ number: Int) -> String { images.path + String(format: "/%02d-card.png", number) }
    }

    @Test("a first claim listens (before any window), a second on the folder hands its picture over, one with options does neither")
    func claimListensThenHandsOver() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let warnings = Warnings()
        let inbox = SingleInstanceInbox()
        guard case .listening(let listener) = SingleInstance.claim([setup.picture(2)], offering: true, inbox: inbox,
                                                                   warn: { warnings.add($0) }, runtimeDirectory: setup.runtime.path) else {
            Issue.record("the first claim does not listen")
            return
        }
        defer { listener.stop() }
        // Posted with no wake set (no window yet): kept for the window's first frame.
        let second = SingleInstanceInbox()
        guard case .handedOver(let line) = SingleInstance.claim([setup.picture(5)], offering: true, inbox: second,
                                                                warn: { warnings.add($0) }, runtimeDirectory: setup.runtime.path) else {
            Issue.record("the second claim did not hand over")
            return
        }
        #expect(line.contains("05-card.png"), "\(line)")
        let canonical = try SingleInstanceListenerTests.canonical(setup.images.path)
        #expect(inbox.take() == [canonical + "/05-card.png"])
        // The wake set once the window is open: the next post wakes it.
        let wakes = Warnings()
        inbox.setWake { wakes.add("wake") }
        #expect(SingleInstance.handOver([setup.picture(3)], runtimeDirectory: setup.runtime.path) != nil)
        #expect(wakes.all == ["wake"])
        #expect(inbox.take() == [canonical + "/03-card.png"])

        // `cardviewer --layout grid FILE`: no hand-over, and no listening (the socket is the first's).
        #expect(isNeither(SingleInstance.claim([setup.picture(4)], offering: false, inbox: second, warn: { warnings.add($0) },
                                               runtimeDirectory: setup.runtime.path)))
        #expect(inbox.isEmpty && second.isEmpty)
        // The folder itself (not a picture): nothing to offer, the socket taken: neither.
        #expect(isNeither(SingleInstance.claim([setup.images.path], offering: true, inbox: second, warn: { warnings.add($0) },
                                               runtimeDirectory: setup.runtime.path)))
        // Two PATHs, a missing PATH, no $XDG_RUNTIME_DIR: neither, silently.
        #expect(isNeither(SingleInstance.claim([setup.picture(1), setup.picture(2)], offering: true, inbox: second,
                                               warn: { warnings.add($0) }, runtimeDirectory: setup.runtime.path)))
        #expect(isNeither(SingleInstance.claim([setup.images.path + "/missing.png"], offering: true, inbox: second,
                                               warn: { warnings.add($0) }, runtimeDirectory: setup.runtime.path)))
        #expect(isNeither(SingleInstance.claim([setup.picture(1)], offering: true, inbox: second, warn: { warnings.add($0) },
                                               runtimeDirectory: nil)))
        #expect(warnings.all.isEmpty, "\(warnings.all)")
    }

    func isNeither(_ claim: SingleInstance.Claim) -> Bool {
        if case .neither = claim { return true }
        return false
    }

    @Test("a claim waits while another process holds the sockets' folder, then claims")
    func claimWaitsForTheLock() throws {
        let setup = try Setup()
        defer { setup.remove() }
        guard case .success(let sockets) = SingleInstanceSocket.preparedFolder(setup.runtime.path("cardviewer")) else {
            Issue.record("no socket folder")
            return
        }
        let holder = Holder(try #require(FileLock.lockFolder(sockets, waitingUpTo: 0)))
        Thread { usleep(400_000); holder.release() }.start()
        let start = Date()
        let claim = SingleInstance.claim([setup.picture(1)], offering: true, inbox: SingleInstanceInbox(), warn: { _ in },
                                         runtimeDirectory: setup.runtime.path)
        let waited = Date().timeIntervalSince(start)
        guard case .listening(let listener) = claim else {
            Issue.record("no listening after the wait")
            return
        }
        listener.stop()
        #expect(waited >= 0.35 && waited < SingleInstance.claimWait, "\(waited) s")
    }

    @Test("eight claims at once on one folder: exactly one listens, the seven others hand their pictures to it")
    func claimsAtOnce() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let pictures = (0..<8).map { setup.picture($0 % 6 + 1) }
        let runtimePath = setup.runtime.path
        for round in 0..<5 {
            let inboxes = (0..<8).map { _ in SingleInstanceInbox() }
            let results = Results()
            let group = DispatchGroup()
            for index in 0..<8 {
                group.enter()
                Thread {
                    let claim = SingleInstance.claim([pictures[index]], offering: true, inbox: inboxes[index],
                                                     warn: { _ in }, runtimeDirectory: runtimePath)
                    results.add(index, claim)
                    group.leave()
                }.start()
            }
            #expect(group.wait(timeout: .now() + 30) == .success)
            let listening = results.listeners
            #expect(listening.count == 1, "round \(round): \(listening.count) listening")
            #expect(results.handedOver == 7, "round \(round): \(results.handedOver) handed over")
            if let (index, listener) = listening.first {
                #expect(inboxes[index].take().count == 7, "round \(round)")
                listener.stop()
            }
            listening.dropFirst().forEach { $0.1.stop() }
        }
    }

    /// A lock another thread releases.
    final class Holder: @unchecked Sendable {
        private let lock = NSLock()
        private var held: FileLock?
        init(_ held: FileLock) { self.held = held }
        func release() { lock.withLock { held = nil } }
    }

    /// What the threads of `claimsAtOnce` came to.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var claims: [(Int, SingleInstance.Claim)] = []
        func add(_ index: Int, _ claim: SingleInstance.Claim) { lock.withLock { claims.append((index, claim)) } }
        var listeners: [(Int, SingleInstanceListener)] {
            lock.withLock {
                claims.compactMap { index, claim in
                    if case .listening(let listener) = claim { return (index, listener) }
                    return nil
                }
            }
        }
        var handedOver: Int {
            lock.withLock {
                claims.filter {
                    if case .handedOver = $0.1 { return true }
                    return false
                }.count
            }
        }
    }
}
