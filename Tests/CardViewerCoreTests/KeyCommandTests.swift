import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The keys that work in every layout.
@Suite struct KeyCommandTests {
    func key(_ name: String, at time: Double) -> String {
        #"{"time": \#(time), "type": "key", "key": "\#(name)"}"#
    }

    @Test func numberKeysSwitchLayoutsAnimatingEveryCard() throws {
        let session = makeSession(.pages, cards: 30)
        var inBetween = 0
        try play(script([key("4", at: 0.1)], end: 1), into: session) { time in
            guard time > 0.15, time < 0.55 else { return }
            // Mid-switch every card is on its way: none is at its grid place yet.
            let grid = GridLayout()
            let context = LayoutContext(viewport: testViewport, cardCount: 30, offset: session.offset)
            let moving = session.frameCards.filter { card in
                guard let index = session.deck.index(of: card.id) else { return false }
                return !closeEnough(card.center, grid.attributes(at: index, in: context).center, absolute: 0.5)
            }
            if !moving.isEmpty, moving.count == session.frameCards.count { inBetween += 1 }
        }
        #expect(session.layoutKind == .grid)
        #expect(inBetween > 10)
        // At rest: exactly the grid's resting attributes.
        let context = LayoutContext(viewport: testViewport, cardCount: 30, offset: session.offset)
        let expected = GridLayout().visibleAttributes(in: context)
        #expect(session.frameCards.count == expected.count)
        for (card, rest) in zip(session.frameCards.sorted { $0.index < $1.index }, expected) {
            #expect(card.id == CardID(UInt32(rest.index)))
            #expect(closeEnough(card.center, rest.center))
        }
        for (digit, kind) in [("1", LayoutKind.pages), ("2", .tasks), ("3", .slidebox), ("5", .wheel)] {
            try play(script([key(digit, at: 0.05)], end: 0.7), into: session)
            #expect(session.layoutKind == kind)
            #expect(!session.needsFrames)
        }
    }

    @Test func zHQuestionSAndQ() throws {
        let session = makeSession(.pages)
        #expect(session.ordering == .depth)
        try play(script([key("z", at: 0.1)], end: 0.2), into: session)
        #expect(session.ordering == .zindex)
        // At rest the two orderings draw the same pixels: Z says what it did.
        #expect(session.messageText == "ordering: zindex (Core Animation)")
        #expect(session.overlayPanels.map(\.placement) == [.bottomCenter])
        try play(script([key("h", at: 0.1)], end: 0.2), into: session)
        #expect(session.showsHUD)
        #expect(session.overlayPanels.first?.placement == .bottomLeft)
        #expect(session.overlayPanels.first?.lines.first?.contains("pages") == true)
        #expect(session.overlayPanels.first?.lines.first?.contains("zindex") == true)
        try play(script([key("?", at: 0.1)], end: 0.2), into: session)
        #expect(session.showsHelp)
        #expect(session.overlayPanels.filter { $0.placement != .bottomCenter }.count == 2)
        try play(script([key("escape", at: 0.1), key("h", at: 0.15)], end: 0.2), into: session)
        #expect(!session.showsHelp && !session.showsHUD)
        #expect(session.overlayPanels.allSatisfy { $0.placement == .bottomCenter })
        // The message fades out 1.6 s after Z, over 0.4 s; then nothing is left.
        try play(script([], end: 1.5), into: session)
        #expect(session.messageText == nil && session.overlayPanels.isEmpty)
        try play(script([key("z", at: 0.1)], end: 0.2), into: session)
        #expect(session.messageText == "ordering: depth (depth buffer)")
        try play(script([key("s", at: 0.1), key("s", at: 0.15)], end: 0.2), into: session)
        #expect(session.takeScreenshotRequests() == 2)
        #expect(session.takeScreenshotRequests() == 0)
        try play(script([key("q", at: 0.1), key("a", at: 0.2)], end: 5), into: session)
        #expect(session.shouldQuit)
        #expect(session.deck.count == 12)  // nothing after Q
    }

    @Test func deleteUnderThePointerThenUndo() throws {
        let session = makeSession(.grid, cards: 30)
        let layout = GridLayout()
        let point = layout.slotFrame(at: 5, viewport: testViewport).center
        try play(script([#"{"time": 0.1, "type": "move", "x": \#(point.x), "y": \#(point.y)}"#,
                         key("delete", at: 0.2)], end: 1), into: session)
        #expect(session.deck.count == 29)
        #expect(session.deck.index(of: CardID(5)) == nil)
        #expect(session.deck.deleted.map(\.id) == [CardID(5)])
        #expect(session.deckRevision == 1)
        // Backspace deletes too; U brings back the last one, with its id, at its place.
        try play(script([key("backspace", at: 0.1)], end: 1), into: session)
        #expect(session.deck.index(of: CardID(6)) == nil)
        try play(script([key("u", at: 0.1)], end: 1), into: session)
        #expect(session.deck.index(of: CardID(6)) == 5)
        #expect(session.deck.count == 29)
        #expect(session.deckRevision == 3)
        let card = try #require(frameCard(session, CardID(6)))
        #expect(closeEnough(Vec2(card.center.x, card.center.y), point))
        #expect(card.alpha == 1)
        // Nothing under the pointer: nothing deleted.
        try play(script([#"{"time": 0.1, "type": "move", "x": 5, "y": 5}"#, key("delete", at: 0.2)], end: 1), into: session)
        #expect(session.deck.count == 29)
    }

    @Test func resizeKeepsThePageAndMinimizingStopsNothingElse() throws {
        let session = makeSession(.slidebox, cards: 10)
        try play(script([key("right", at: 0.1), key("right", at: 0.15)], end: 1.5), into: session)
        let page = SlideBoxLayout().pageDistance(viewport: testViewport)
        #expect(closeEnough(session.offset.x, 2 * page, absolute: 1e-6))
        try play(script([#"{"time": 0.1, "type": "resize", "width": 800, "height": 600}"#], end: 0.2), into: session)
        #expect(session.viewport == Size(width: 800, height: 600))
        #expect(closeEnough(session.offset.x, 2 * SlideBoxLayout().pageDistance(viewport: session.viewport), absolute: 1e-6))
        try play(script([#"{"time": 0.1, "type": "resize", "width": 0, "height": 0}"#], end: 0.2), into: session)
        #expect(session.isMinimized)
        #expect(session.viewport == Size(width: 800, height: 600))
        try play(script([#"{"time": 0.1, "type": "resize", "width": 800, "height": 600}"#], end: 0.2), into: session)
        #expect(!session.isMinimized)
    }
}
