import CardFiles
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The state file remembers the layout and the options the user set; at start they are looked
/// up in the registry: an unknown layout or option is left out, never a crash or a lost deck.
@Suite struct SavedLayoutTests {
    @Test("the layout and its options are written and read back, ±∞ as strings, in both forms")
    func roundTrip() throws {
        let dir = try TemporaryFolder("cardviewer-layout-state")
        defer { dir.remove() }
        let path = dir.path("state.json")
        let saved = SavedLayout(name: "wheel", options: ["radius": 700, "fadeMax": .infinity, "fadeMin": -.infinity, "tilt": 0.25])
        let deck = Deck(syntheticCount: 3)
        try DeckStore(path: path).save(deck, layout: saved)
        let text = String(decoding: try FileBytes.readAll(path, maximumSize: .max), as: UTF8.self)
        #expect(text.contains(#""fadeMax" : "inf""#) && text.contains(#""fadeMin" : "-inf""#), "\(text)")
        guard case .restored(let restored, let layout) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == deck && layout == saved)
        // Compact (as for large decks), and still what JSONDecoder reads as a deck.
        let bytes = try compact(deck, layout: saved)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\n  "))
        let parsed = try bytes.withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
        #expect(parsed.layout == saved)
        #expect(try JSONDecoder().decode(DeckState.self, from: Data(bytes)).cards == deck.cards)
    }

    func compact(_ deck: Deck, layout: SavedLayout) throws -> [UInt8] {
        let dir = try TemporaryFolder("cardviewer-layout-state")
        defer { dir.remove() }
        let path = dir.path("compact.json")
        try AtomicFile.replace(path) { sink in
            var writer = DeckStateWriter(readable: false)
            try writer.write(deck, layout: layout, to: &sink)
        }
        return try FileBytes.readAll(path, maximumSize: .max)
    }

    @Test("a file without a layout, or with null, restores the deck alone")
    func noLayout() throws {
        for text in [#"{"cards": [], "deleted": [], "nextID": 0, "version": 1}"#,
                     #"{"cards": [], "deleted": [], "layout": null, "nextID": 0, "version": 1}"#] {
            let parsed = try Array(text.utf8).withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
            #expect(parsed.layout == nil)
        }
    }

    @Test("a malformed layout field is a syntax error naming it", arguments: [
        #"{"cards": [], "deleted": [], "layout": 3, "nextID": 0, "version": 1}"#,
        #"{"cards": [], "deleted": [], "layout": {"options": {}}, "nextID": 0, "version": 1}"#,
        #"{"cards": [], "deleted": [], "layout": {"name": "wheel", "options": {"radius": "big"}}, "nextID": 0, "version": 1}"#,
        #"{"cards": [], "deleted": [], "layout": {"name": "wheel", "options": {"radius": 1e999}}, "nextID": 0, "version": 1}"#,
        #"{"cards": [], "deleted": [], "layout": {"name": "wheel", "options": [1]}, "nextID": 0, "version": 1}"#,
    ])
    func malformed(text: String) {
        #expect(throws: DeckStateSyntaxError.self) {
            try Array(text.utf8).withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
        }
    }

    @Test("resolving: through the registry; unknown layouts are nil, unknown or out-of-range options dropped")
    func resolving() throws {
        let wheel = try #require(SavedLayout(name: "wheel", options: ["radius": 700, "spin": 3, "zz": 1]).resolved())
        #expect(wheel.kind == .wheel && wheel.values["radius"] == 700 && wheel.dropped == ["spin", "zz"])
        let range = try #require(SavedLayout(name: "wheel", options: ["radius": 99_999]).resolved())
        #expect(range.values["radius"] == 500 && range.dropped == ["radius"])
        #expect(SavedLayout(name: "no-such-layout").resolved() == nil)
    }

    @Test("the session reports its layout and options, and counts switches and radius changes")
    func sessionRevision() throws {
        let options = try LayoutDescriptor.grid.values(setting: ["spacing=5"])
        let session = ViewerSession(deck: Deck(syntheticCount: 12),
                                    configuration: .init(layout: .grid, layoutOptions: options, viewport: testViewport))
        #expect(session.savedLayout == SavedLayout(name: "grid", options: ["spacing": 5]))
        let before = session.stateRevision
        _ = try play(#"{"events": [{"time": 0.1, "type": "key", "key": "5"}, {"time": 0.9, "type": "key", "key": "]"}], "end": 1.6}"#,
                     into: session)
        #expect(session.layoutKind == .wheel && session.stateRevision == before + 2)
        #expect(session.savedLayout == SavedLayout(name: "wheel", options: ["radius": 625]))
        // Back to the grid: its options are the ones it was given.
        _ = try play(#"{"events": [{"time": 0.1, "type": "key", "key": "4"}], "end": 0.8}"#, into: session)
        #expect(session.savedLayout == SavedLayout(name: "grid", options: ["spacing": 5]))
    }
}
