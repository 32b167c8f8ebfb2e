import CardInteraction
import Foundation

extension DeckStore {
    /// Parses the bytes of a state file into a deck, checked as `load()` checks it (the shape,
    /// the version, no id handed out twice). The one entry point for untrusted state bytes: the
    /// fuzzers call it.
    ///
    /// - Throws: a `DecodingError` (see `DeckStore.reason(_:)` for its one-line form).
    public static func decodeState(_ bytes: [UInt8]) throws -> Deck {
        try JSONDecoder().decode(Deck.self, from: Data(bytes))
    }
}
