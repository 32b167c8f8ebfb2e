import CardFiles
import CardInteraction
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// File names of any bytes in the state (SPEC §11): kept percent-encoded in `nameBytes` beside a
/// readable `name`, and read back to the same bytes.
@Suite struct StateFileNameTests {
    static let latin1 = PathBytes.string(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))

    @Test func aNameThatIsNotUTF8RoundTripsThroughTheStateFile() throws {
        let dir = try TemporaryFolder("cardviewer-names")
        defer { dir.remove() }
        let store = DeckStore(path: dir.path("state.json"))
        let deck = Deck([(.file(name: Self.latin1), "caf\u{FFFD}"), (.file(name: "plain%20.png"), "plain%20")])
        try store.save(deck)
        let text = String(decoding: try FileBytes.readAll(store.path, maximumSize: 1 << 20), as: UTF8.self)
        #expect(text.contains(#""name" : "caf\#u{FFFD}.jpg","#), "\(text)")
        #expect(text.contains(#""nameBytes" : "caf%E9.jpg""#), "\(text)")
        // A UTF-8 name is written as it is, without nameBytes ("%20" is part of the name).
        #expect(text.components(separatedBy: "nameBytes").count == 2, "\(text)")
        guard case .restored(let restored, _) = try store.load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == deck)
        #expect(restored.cards.map(\.source) == [.file(name: Self.latin1), .file(name: "plain%20.png")])
    }

    @Test func nameBytesWinsAndABadOneIsAWrongValue() throws {
        func state(_ file: String) -> [UInt8] {
            Array(#"{"version": 1, "cards": [{"id": 0, "source": {"file": \#(file)}, "title": "t"}], "deleted": [], "nextID": 1}"#.utf8)
        }
        let deck = try DeckStore.decodeState(state(#"{"nameBytes": "caf%E9.jpg", "name": "other.jpg"}"#))
        #expect(deck.cards.first?.source == .file(name: Self.latin1))
        #expect(throws: DeckStateSyntaxError(description: "wrong value at 'cards.0.source.file.nameBytes'")) {
            try DeckStore.decodeState(state(#"{"nameBytes": "caf%E.jpg"}"#))
        }
        #expect(throws: DeckStateSyntaxError(description: "missing field 'name'")) { try DeckStore.decodeState(state("{}")) }
    }
}
