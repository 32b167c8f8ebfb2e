import CardInteraction
import CardLayout
import CardTestSupport
import Foundation
import Testing

/// The deck: stable ids through every edit, undo of the last delete, and a saved state that
/// round-trips.
@Suite struct DeckTests {
    func fileDeck(_ names: [String]) -> Deck {
        Deck(names.map { (CardSource.file(name: $0), $0) })
    }

    /// The id ↔ index tables agree with the card order.
    func expectConsistent(_ deck: Deck, sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, card) in deck.cards.enumerated() {
            #expect(deck.id(at: i) == card.id, sourceLocation: sourceLocation)
            #expect(deck.index(of: card.id) == i, sourceLocation: sourceLocation)
        }
        #expect(Set(deck.cards.map(\.id)).count == deck.count, sourceLocation: sourceLocation)
    }

    @Test func idsStayWithTheirCardsThroughInsertDeleteAndMove() throws {
        var deck = fileDeck(["a", "b", "c", "d", "e"])
        let before = Dictionary(uniqueKeysWithValues: deck.cards.map { ($0.title, $0.id) })
        let inserted = deck.insert(source: .synthetic(number: 99), title: "x", at: 2)
        let x = try #require(inserted)
        #expect(deck.cards.map(\.title) == ["a", "b", "x", "c", "d", "e"])
        let deletedAt = deck.delete(before["b"]!)
        #expect(deletedAt == 1)
        let moved = deck.move(from: 0, to: 4)
        #expect(moved)
        #expect(deck.cards.map(\.title) == ["x", "c", "d", "e", "a"])
        let movedBack = deck.move(from: 3, to: 1)
        #expect(movedBack)
        #expect(deck.cards.map(\.title) == ["x", "e", "c", "d", "a"])
        for card in deck.cards where card.title != "x" { #expect(card.id == before[card.title]) }
        #expect(deck.card(x)?.title == "x" && deck.index(of: before["b"]!) == nil)
        expectConsistent(deck)
    }

    @Test func idsAreNeverReused() throws {
        var deck = fileDeck(["a", "b", "c"])
        var used = Set(deck.cards.map(\.id))
        for round in 0..<20 {
            let last = deck.id(at: deck.count - 1)!
            deck.delete(last)
            let appended = deck.append(source: .synthetic(number: round), title: "n\(round)")
            let new = try #require(appended)
            #expect(used.insert(new).inserted)
        }
        expectConsistent(deck)
    }

    @Test func undoRestoresTheLastDeletedCardAtItsPosition() throws {
        var deck = fileDeck(["a", "b", "c", "d"])
        let c = deck.id(at: 2)!, a = deck.id(at: 0)!
        deck.delete(a)
        deck.delete(c)
        #expect(deck.cards.map(\.title) == ["b", "d"])
        let undone = deck.undoDelete()
        let restored = try #require(undone)
        // c was at index 1 of [b, c, d] when it was deleted.
        #expect(restored.id == c && restored.index == 1)
        #expect(deck.cards.map(\.title) == ["b", "c", "d"])
        let again = deck.undoDelete()
        #expect(again == nil && !deck.canUndoDelete)
        #expect(deck.deleted.map(\.id) == [a])
        expectConsistent(deck)
    }

    @Test func undoAfterTheDeckShrankRestoresAtTheEnd() throws {
        var deck = fileDeck(["a", "b", "c", "d"])
        deck.delete(deck.id(at: 3)!)
        deck.move(from: 0, to: 2)
        let undone = deck.undoDelete()
        let restored = try #require(undone)
        #expect(restored.index == 3 && deck.cards.map(\.title) == ["b", "c", "a", "d"])
    }

    @Test func invalidEditsChangeNothing() {
        var deck = fileDeck(["a", "b"])
        let before = deck.state
        let results = [deck.move(from: 0, to: 2), deck.move(from: -1, to: 0)]
        #expect(results == [false, false])
        let inserted = [deck.insert(source: .synthetic(number: 1), title: "z", at: 3),
                        deck.insert(source: .synthetic(number: 1), title: "z", at: -1)]
        #expect(inserted == [nil, nil])
        let deletedAt = deck.delete(CardID(77))
        #expect(deletedAt == nil)
        #expect(deck.id(at: 2) == nil && deck.id(at: -1) == nil)
        #expect(deck.state == before)
    }

    @Test func theStateRoundTripsThroughJSON() throws {
        var deck = fileDeck(["a.png", "b.png", "c.png"])
        deck.append(source: .bundled(index: 4), title: "Bundled 4")
        deck.move(from: 3, to: 0)
        deck.delete(deck.id(at: 2)!)
        let data = try JSONEncoder().encode(deck)
        var restored = try JSONDecoder().decode(Deck.self, from: data)
        #expect(restored.state == deck.state)
        expectConsistent(restored)
        // Undo and new ids keep working after the round trip.
        let undone = restored.undoDelete()
        #expect(undone?.index == 2)
        let appended = restored.append(source: .synthetic(number: 1), title: "1")
        let new = try #require(appended)
        #expect(new.rawValue == 4)
    }

    @Test func aStateThatWouldReuseIdsIsRejected() {
        let card = DeckCard(id: CardID(3), source: .synthetic(number: 1), title: "1")
        #expect(throws: DeckStateError.duplicateID(CardID(3))) {
            try Deck(state: DeckState(cards: [card, card], deleted: [], nextID: 10, undoableDeletion: nil))
        }
        #expect(throws: DeckStateError.idNotBelowNextID(CardID(3))) {
            try Deck(state: DeckState(cards: [card], deleted: [], nextID: 3, undoableDeletion: nil))
        }
        #expect(throws: DeckStateError.unsupportedVersion(2)) {
            try Deck(state: DeckState(version: 2, cards: [], deleted: [], nextID: 0, undoableDeletion: nil))
        }
        let json = Data(#"{"version":1,"cards":[{"id":5,"source":{"synthetic":{"number":1}},"title":"1"}],"deleted":[],"nextID":2}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Deck.self, from: json) }
    }

    @Test func reconcilingWithTheImagesFolderDropsMissingFilesAndAddsNewOnes() {
        var deck = fileDeck(["a", "b", "c"])
        deck.append(source: .synthetic(number: 7), title: "7")
        deck.delete(deck.id(at: 0)!)
        let b = deck.id(at: 0)!
        // "b" vanished from the folder, "d" is new, "a" is still there but was deleted by the user.
        let available: [(source: CardSource, title: String)] = ["a", "c", "d"].map { (.file(name: $0), $0) }
        let change = deck.reconcile(available: available)
        #expect(change.dropped == [b] && change.added.count == 1)
        #expect(deck.cards.map(\.title) == ["c", "7", "d"])
        #expect(deck.canUndoDelete)
        expectConsistent(deck)
    }

    @Test func syntheticDecksAreNumberedFromOne() {
        let deck = Deck(syntheticCount: 3)
        #expect(deck.cards.map(\.title) == ["1", "2", "3"])
        #expect(deck.cards.map(\.source) == [.synthetic(number: 1), .synthetic(number: 2), .synthetic(number: 3)])
        #expect(deck.cards.map(\.id.rawValue) == [0, 1, 2])
        #expect(Deck(syntheticCount: -5).isEmpty)
    }
}
