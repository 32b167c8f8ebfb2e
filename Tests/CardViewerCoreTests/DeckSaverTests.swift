import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The background saver: writes happen on another thread, a slow write never delays the caller,
/// snapshots waiting behind a running save coalesce to the latest, finish waits for the last.
@Suite struct DeckSaverTests {
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var decks: [Deck] = []
        private var threads: [pthread_t] = []

        func record(_ deck: Deck) {
            lock.lock()
            decks.append(deck)
            threads.append(pthread_self())
            lock.unlock()
        }

        var written: [Deck] {
            lock.lock()
            defer { lock.unlock() }
            return decks
        }

        var writerThreads: [pthread_t] {
            lock.lock()
            defer { lock.unlock() }
            return threads
        }
    }

    @Test("the write runs on another thread, and a slow write does not delay the caller")
    func offTheCallersThread() {
        let recorder = Recorder()
        let saver = DeckSaver { deck in
            usleep(600_000)
            recorder.record(deck)
        }
        let clock = ContinuousClock(), start = clock.now
        saver.save(Deck(syntheticCount: 3))
        let handOver = start.duration(to: clock.now)
        // Far less than the write's 600 ms (generous: the machine may be busy).
        #expect(handOver < .milliseconds(300), "save() took \(handOver)")
        #expect(recorder.written.isEmpty)
        saver.finish()
        #expect(recorder.written == [Deck(syntheticCount: 3)])
        let caller = pthread_self()
        #expect(recorder.writerThreads.count == 1 && recorder.writerThreads.allSatisfy { pthread_equal($0, caller) == 0 })
    }

    @Test("finish (quit) waits for the last save to be written")
    func finishWaits() {
        let recorder = Recorder()
        let saver = DeckSaver { deck in
            usleep(200_000)
            recorder.record(deck)
        }
        let clock = ContinuousClock(), start = clock.now
        saver.save(Deck(syntheticCount: 1))
        saver.finish()
        #expect(start.duration(to: clock.now) >= .milliseconds(190))
        #expect(recorder.written.count == 1)
        #expect(saver.counts.written == 1)
        saver.finish()  // nothing pending: returns at once
    }

    @Test("snapshots handed over while a save runs coalesce: only the latest is written next")
    func coalescing() {
        let recorder = Recorder()
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let saver = DeckSaver { deck in
            if deck.count == 1 {
                started.signal()
                gate.wait()
            }
            recorder.record(deck)
        }
        saver.save(Deck(syntheticCount: 1))
        #expect(started.wait(timeout: .now() + 10) == .success)
        for count in 2...10 { saver.save(Deck(syntheticCount: count)) }
        gate.signal()
        saver.finish()
        #expect(recorder.written.map(\.count) == [1, 10])
        #expect(saver.counts == (written: 2, coalesced: 8))
    }

    @Test("a failed save becomes one line for the frame thread, reported once")
    func failures() {
        struct Full: Error, CustomStringConvertible { var description: String { "cannot write 'x': No space\nleft" } }
        let saver = DeckSaver { _ in throw Full() }
        saver.save(Deck(syntheticCount: 2))
        saver.finish()
        #expect(saver.takeFailures() == ["cannot write 'x': No space left"])
        #expect(saver.takeFailures().isEmpty)
        #expect(saver.counts.written == 0)
    }

    @Test("with a real store: the saved file holds the last deck handed over")
    func realStore() throws {
        let dir = try TemporaryFolder("cardviewer-saver")
        defer { dir.remove() }
        let store = DeckStore(path: dir.path("state.json"))
        let saver = DeckSaver(store: store)
        var deck = Deck(syntheticCount: 50)
        for step in 0..<20 {
            deck.delete(CardID(UInt32(step)))
            saver.save(deck)
        }
        saver.finish()
        guard case .restored(let restored, _) = try store.load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == deck)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["state.json"])
    }
}

extension DeckSaverTests {
    @Test("idle until a snapshot is handed over, busy while it is written")
    func idleness() {
        let gate = DispatchSemaphore(value: 0)
        let saver = DeckSaver { _ in gate.wait() }
        #expect(saver.isIdle)
        saver.save(Deck(syntheticCount: 1))
        #expect(!saver.isIdle)
        gate.signal()
        saver.finish()
        #expect(saver.isIdle)
    }
}
