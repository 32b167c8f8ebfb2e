import CardFiles
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The state file's format: the streamed writer's output is the JSON `JSONEncoder` would write
/// (readable or compact), files the previous version wrote still load, and the parser behind
/// `DeckStore.decodeState` accepts what `Codable` accepts and refuses the rest in one line.
@Suite struct StateFileFormatTests {
    /// A deck with every kind of source, an awkward title, a move, deletions and an undo.
    static func sampleDeck() -> Deck {
        var deck = Deck([(.file(name: "a \"quoted\" \\ name.png"), "tab\there, newline\nthere, bell\u{7}"),
                         (.bundled(index: 3), "Crème brûlée — Ελλάδα 東京 🏔"),
                         (.file(name: "Cre\u{300}me.jpg"), "decomposed"),
                         (.synthetic(number: 9), "9")])
        deck.move(from: 3, to: 0)
        deck.delete(CardID(2))
        deck.delete(CardID(0))
        deck.append(source: .synthetic(number: 10), title: "")
        return deck
    }

    func written(_ deck: Deck) throws -> [UInt8] {
        let dir = try TemporaryFolder("cardviewer-format")
        defer { dir.remove() }
        let path = dir.path("state.json")
        try DeckStore(path: path).save(deck)
        return try FileBytes.readAll(path, maximumSize: .max)
    }

    @Test("the written file reads back through the parser and through JSONDecoder")
    func roundTrip() throws {
        let deck = Self.sampleDeck()
        let bytes = try written(deck)
        #expect(try DeckStore.decodeState(bytes) == deck)
        #expect(try JSONDecoder().decode(Deck.self, from: Data(bytes)) == deck)
        // The same document JSONEncoder makes: equal as parsed JSON values.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let reference = try JSONSerialization.jsonObject(with: encoder.encode(deck)) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
        #expect(reference != nil && reference == ours)
    }

    @Test("small decks are written readable, large ones compact")
    func layout() throws {
        let small = String(decoding: try written(Deck(syntheticCount: 2)), as: UTF8.self)
        #expect(small.hasPrefix("{\n  \"cards\" : [\n    {\n      \"id\" : 0,\n      \"source\" : {\n"))
        #expect(small.hasSuffix("\n  \"version\" : 1\n}\n"))
        let large = try written(Deck(syntheticCount: DeckStore.readableCardLimit + 1))
        #expect(large.filter { $0 == 0x0A }.count == 1 && large.last == 0x0A)
        #expect(large.starts(with: Array(#"{"cards":[{"id":0,"source":{"synthetic":{"number":1}},"title":"1"},"#.utf8)))
    }

    @Test("files written by the previous version (JSONEncoder, readable and compact) still load")
    func previousVersionFiles() throws {
        let deck = Self.sampleDeck()
        for formatting: JSONEncoder.OutputFormatting in [[.prettyPrinted, .sortedKeys], [.sortedKeys], []] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            let bytes = [UInt8](try encoder.encode(deck)) + [0x0A]
            #expect(try DeckStore.decodeState(bytes) == deck)
        }
    }

    @Test("the parser accepts any field order, unknown fields, null deletion, escaped keys, a BOM")
    func lenientWhereCodableIs() throws {
        let text = """
        \u{FEFF}{ "nextID" : 3, "extra": {"nested": [1, 2.5e3, true, false, null, "x"]},
          "deleted": [], "undoableDeletion": null, "version": 1,
          "cards": [ {"title": "b", "\\u0069d": 1, "source": {"file": {"name": "b\\u00e9\\ud83d\\ude00.png", "more": 1}}},
                     {"source": {"synthetic": {"number": 2}}, "id": 2, "title": "\\"two\\"\\/\\b\\f\\n\\r\\t"} ] }
        """
        let deck = try DeckStore.decodeState(Array(text.utf8))
        #expect(deck.cards.map(\.id) == [CardID(1), CardID(2)])
        #expect(deck[0].source == .file(name: "bé😀.png"))
        #expect(deck[1].title == "\"two\"/\u{8}\u{C}\n\r\t")
        #expect(deck.nextID == 3 && !deck.canUndoDelete)
    }

    @Test("bad state bytes are refused with one line", arguments: [
        ("", "unexpected end"),
        ("{", "unexpected end"),
        ("[1, 2]", "wrong value at 'the top level'"),
        ("nul", "unexpected"),
        ("{\"version\": 1}", "missing field 'cards'"),
        (#"{"version": 1, "cards": [], "deleted": []}"#, "missing field 'nextID'"),
        (#"{"version": 1, "cards": [{"id": "0", "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.id'"),
        (#"{"version": 1, "cards": [{"id": -1, "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.id'"),
        (#"{"version": 1, "cards": [{"id": 4294967296, "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.id'"),
        (#"{"version": 1, "cards": [{"id": 0.5, "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.id'"),
        (#"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}, "file": {"name": "a"}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.source'"),
        (#"{"version": 1, "cards": [{"id": 0, "source": {"video": {"name": "a"}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.source'"),
        (#"{"version": 1, "cards": [{"id": 0, "source": {"file": {"name": 5}}, "title": "1"}], "deleted": [], "nextID": 1}"#, "wrong value at 'cards.0.source.file.name'"),
        (#"{"version": 1, "cards": [], "deleted": {}, "nextID": 1}"#, "wrong value at 'deleted'"),
        (#"{"version": 1, "cards": [], "deleted": [], "nextID": 1} x"#, "unexpected 'x'"),
        (#"{"version": 1, "cards": [], "deleted": [], "nextID": 01}"#, "wrong value at 'nextID'"),
        ("{\"version\": 1, \"cards\": [{\"id\": 0, \"source\": {\"synthetic\": {\"number\": 1}}, \"title\": \"a\u{1}\"}], \"deleted\": [], \"nextID\": 1}", "control character"),
        (#"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}}, "title": "\ud800"}], "deleted": [], "nextID": 1}"#, "unpaired surrogate"),
        (#"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}}, "title": "\q"}], "deleted": [], "nextID": 1}"#, "bad escape"),
        (#"{"version": 2, "cards": [], "deleted": [], "nextID": 0}"#, "version 2 is not supported"),
        (#"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}}, "title": "1"}], "deleted": [], "nextID": 0}"#, "next id is not above it"),
    ])
    func refused(text: String, reason: String) {
        do {
            let deck = try DeckStore.decodeState(Array(text.utf8))
            Issue.record("accepted: \(deck)")
        } catch {
            let line = "\(error)"
            #expect(line.contains(reason), "\(line)")
            #expect(!line.contains("\n"))
        }
    }

    @Test("invalid UTF-8 and hostile nesting are refused, not crashed on")
    func hostileBytes() {
        var bytes = Array(#"{"version": 1, "cards": [{"id": 0, "source": {"synthetic": {"number": 1}}, "title": "#.utf8)
        bytes += [0xC3, 0x28] + Array(#""}], "deleted": [], "nextID": 1}"#.utf8)
        #expect(throws: DeckStateSyntaxError.self) { try DeckStore.decodeState(bytes) }
        let deep = Array(#"{"x": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: DeckStateSyntaxError.self) { try DeckStore.decodeState(deep) }
    }
}
