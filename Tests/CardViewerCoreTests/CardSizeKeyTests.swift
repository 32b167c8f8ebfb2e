import CardEvents
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// `+` (`=`) and `-` in the layout view (SPEC §10's key table): larger and smaller cards through
/// the layout's size option — the grid's `minimumCardWidth`, the carousels' `itemWidth` — by
/// `ViewerSession.cardSizeStep` a press; a layout without one says so.
@Suite struct CardSizeKeyTests {
    func press(_ key: Key, _ session: ViewerSession) {
        session.handle(.key(KeyEvent(key: key, isDown: true, time: session.time)))
        session.handle(.key(KeyEvent(key: key, isDown: false, time: session.time)))
    }

    @Test func plusAndMinusStepTheGridsCardWidth() {
        let session = makeSession(.grid, cards: 30)
        let start = session.layoutOptionValues["minimumCardWidth"]
        press(.character("+"), session)
        #expect(abs(session.layoutOptionValues["minimumCardWidth"] - (start * 1.1).rounded()) < 1e-9)
        #expect(session.messageText == "minimumCardWidth: \(Int((start * 1.1).rounded())) points")
        press(.character("="), session)
        press(.character("-"), session)
        press(.character("-"), session)
        // Rounded to whole points each press: back within a point of the start.
        #expect(abs(session.layoutOptionValues["minimumCardWidth"] - start) <= 1)
        #expect(session.layoutRevision > 0)  // the state saves it
    }

    @Test func aCarouselsAutomaticWidthStartsFromTheCardAsLaidOut() {
        let session = makeSession(.linear, cards: 12)
        #expect(session.layoutOptionValues["itemWidth"] == 0)  // auto
        session.advance(to: 1)
        let index = session.anchorIndex()
        let card = session.controller.attributes(at: index, in: session.scene.context, deck: session.deck)
        press(.character("+"), session)
        #expect(abs(session.layoutOptionValues["itemWidth"] - (card.size.width * 1.1).rounded()) < 1e-9)
    }

    @Test func pagesHasNoCardSizeAndSaysSo() {
        let session = makeSession(.pages, cards: 12)
        let before = session.layoutOptionValues
        press(.character("+"), session)
        #expect(session.layoutOptionValues == before)
        #expect(session.messageText?.contains("no card size") == true)
    }

    @Test func theSizeStopsAtItsRange() throws {
        let session = makeSession(.grid, cards: 30)
        let option = try #require(LayoutKind.grid.descriptor.options.first { $0.name == "minimumCardWidth" })
        for _ in 0..<80 { press(.character("-"), session) }
        #expect(session.layoutOptionValues["minimumCardWidth"] == option.range.lowerBound)
        #expect(session.messageText?.contains("smallest") == true)
    }
}
