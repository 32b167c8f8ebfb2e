import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SlideBox between appends (SPEC §10 "Adding cards"): pressing A again and again on a
/// generated deck never leaves the window without a card at its centre.
@Suite struct SlideBoxAppendTests {
    /// The drawn card under the viewport's centre at the frame `session` last prepared, if any
    /// (hidden cards are not in the frame; transparent ones do not count).
    func cardAtCenter(_ session: ViewerSession) -> CardID? {
        let drawn = session.frameCards.filter { $0.alpha > 0.5 && !$0.isHidden }
        return expectedHit(Vec2(testViewport.width / 2, testViewport.height / 2), cards: drawn, offset: session.offset)
    }

    @Test(arguments: [0.25, 0.6, 1.2])
    func repeatedAppendsAlwaysShowACard(interval: Double) throws {
        let session = makeSession(.slidebox, cards: 5)
        var blank: [Double] = []
        var events: [String] = []
        for i in 0..<4 { events.append(#"{"time": \#(0.1 + Double(i) * interval), "type": "key", "key": "a"}"#) }
        try play(script(events, end: 0.1 + 4 * interval + 6), into: session) { t in
            if cardAtCenter(session) == nil { blank.append(t) }
        }
        #expect(session.deck.count == 9)
        #expect(blank.isEmpty, "no card at the centre at \(blank.count) frames, from \(blank.first ?? 0) s")
        // At rest the new last card is the front card.
        #expect(cardAtCenter(session) == session.deck.id(at: 8))
        #expect(!session.needsFrames)
    }
}
