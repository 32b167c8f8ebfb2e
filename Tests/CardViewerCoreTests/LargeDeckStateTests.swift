import CMallocCounter
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// A 1,000,000-card deck saves and loads round trip; the save is streamed (no per-card
/// allocation, no document in memory).
@Suite(.serialized) struct LargeDeckStateTests {
    @Test("1,000,000 cards round trip; the save allocates a fixed handful of times, not per card")
    func millionCards() throws {
        let dir = try TemporaryFolder("cardviewer-large")
        defer { dir.remove() }
        var deck = Deck(syntheticCount: 1_000_000)
        deck.move(from: 999_999, to: 0)
        deck.delete(CardID(500_000))
        deck.append(source: .file(name: "IMG_0001 — été.jpg"), title: "été")
        let store = DeckStore(path: dir.path("state.json"))
        let before = cv_malloc_thread_count()
        try store.save(deck)
        let allocations = cv_malloc_thread_count() - before
        // JSONEncoder allocated millions of times here (an object per card, then the document).
        if cv_malloc_counting() == 1 { #expect(allocations < 1000, "\(allocations) allocations") }
        let size = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int ?? 0
        #expect(size > 60_000_000 && size < 80_000_000)
        guard case .restored(let loaded, _) = try store.load() else {
            Issue.record("not restored")
            return
        }
        #expect(loaded == deck)
        #expect(loaded[0].id == CardID(999_999) && loaded.deleted.map(\.id) == [CardID(500_000)])
    }

    @Test("a state that would pass the store's size limit is not written: the file keeps its last state, which loads")
    func aStateOverTheLimitIsNotWritten() throws {
        let dir = try TemporaryFolder("cardviewer-large")
        defer { dir.remove() }
        // 20,000 cards take about 1.4 MB compactly; the store reads at most 1 MB.
        let store = DeckStore(path: dir.path("state.json"), maximumSize: 1 << 20)
        let small = Deck(syntheticCount: 100)
        try store.save(small)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(throws: DeckStoreError.self) { try store.save(Deck(syntheticCount: 20_000)) }
        do {
            try store.save(Deck(syntheticCount: 20_000))
        } catch let error as DeckStoreError {
            #expect(error.description.contains("passes the limit of 1048576 bytes"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["state.json"], "no temporary left")
        guard case .restored(let loaded, _) = try store.load() else {
            Issue.record("not restored")
            return
        }
        #expect(loaded == small)
        // Just under the limit it saves and loads (what the limit allows is really kept).
        let fits = Deck(syntheticCount: 13_000)
        try store.save(fits)
        guard case .restored(let reloaded, _) = try store.load() else {
            Issue.record("not restored")
            return
        }
        #expect(reloaded == fits)
    }
}
