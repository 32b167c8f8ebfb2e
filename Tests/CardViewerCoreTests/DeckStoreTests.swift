import CardFiles
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The state file: atomic saves, restore, corrupt files moved aside (never overwritten).
@Suite struct DeckStoreTests {
    @Test func savesAndRestoresOrderDeletionsAndAddedCards() throws {
        let dir = try TemporaryFolder("cardviewer-store")
        defer { dir.remove() }
        let store = DeckStore(path: dir.path("state.json"))
        #expect(try { if case .missing = try store.load() { true } else { false } }())
        var deck = Deck([(.file(name: "a.png"), "a"), (.file(name: "b.png"), "b"), (.file(name: "c.png"), "c")])
        deck.delete(CardID(1))
        deck.move(from: 1, to: 0)
        deck.append(source: .synthetic(number: 4), title: "New card 4")
        try store.save(deck)
        guard case .restored(let restored, _) = try store.load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == deck)
        #expect(restored.cards.map(\.id) == [CardID(2), CardID(0), CardID(3)])
        #expect(restored.deleted.map(\.id) == [CardID(1)])
        #expect(restored.canUndoDelete)
        // Only the state file is left: the temporary file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["state.json"])
    }

    @Test func replacingKeepsOneCompleteFile() throws {
        let dir = try TemporaryFolder("cardviewer-store")
        defer { dir.remove() }
        let path = dir.path("state.json")
        let store = DeckStore(path: path)
        for n in 1...20 {
            try store.save(Deck(syntheticCount: n))
            let data = try #require(FileManager.default.contents(atPath: path))
            #expect(try JSONDecoder().decode(Deck.self, from: data).count == n)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 1)
    }

    @Test(arguments: ["", "{", "[1, 2]", "{\"version\": 1}", "null",
                      #"{"version": 2, "cards": [], "deleted": [], "nextID": 0}"#,
                      #"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 0}"#])
    func corruptFilesAreMovedAsideNeverOverwritten(text: String) throws {
        let dir = try TemporaryFolder("cardviewer-store")
        defer { dir.remove() }
        let path = dir.path("state.json")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        // A file of the name the corrupt one would get already exists: it must survive.
        let stamp = ExclusiveFile.timestamp(date)
        let earlier = path + ".corrupt-" + stamp
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: earlier))
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .corrupt(let reason, let movedTo) = try DeckStore(path: path).load(now: date) else {
            Issue.record("not reported corrupt")
            return
        }
        #expect(!reason.isEmpty && !reason.contains("\n"))
        #expect(movedTo == earlier + "-2")
        #expect(FileManager.default.contents(atPath: movedTo) == Data(text.utf8))
        #expect(FileManager.default.contents(atPath: earlier) == Data("earlier".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func unusablePathsAreRefusedUpFront() throws {
        let dir = try TemporaryFolder("cardviewer-store")
        defer { dir.remove() }
        #expect(throws: DeckStoreError.self) { try DeckStore(path: dir.path).checkUsable() }
        #expect(throws: DeckStoreError.self) { try DeckStore(path: dir.path("no/such/state.json")).checkUsable() }
        try DeckStore(path: dir.path("state.json")).checkUsable()
    }

    @Test func newFilesNeverOverwrite() throws {
        let dir = try TemporaryFolder("cardviewer-store")
        defer { dir.remove() }
        let path = dir.path("x.png")
        #expect(try ExclusiveFile.createNew(path, with: [1, 2, 3]))
        #expect(try !ExclusiveFile.createNew(path, with: [9]))
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        // Screenshots: same second, new names.
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try ScreenshotFile.writeNew([1], in: dir.path, date: date)
        let second = try ScreenshotFile.writeNew([2], in: dir.path, date: date)
        #expect(first != second)
        #expect(URL(fileURLWithPath: first).lastPathComponent == "cardviewer-\(ExclusiveFile.timestamp(date)).png")
        #expect(URL(fileURLWithPath: second).lastPathComponent == "cardviewer-\(ExclusiveFile.timestamp(date))-2.png")
        #expect(FileManager.default.contents(atPath: first) == Data([1]))
    }
}
