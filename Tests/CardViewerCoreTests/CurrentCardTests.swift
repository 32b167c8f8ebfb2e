import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The current card in every layout (SPEC §10): what it is, how it follows the scroll, the
/// arrows, the focus ring, and what a click does in each layout.
@Suite struct CurrentCardTests {
    func key(_ name: String, at time: Double) -> String { #"{"time": \#(time), "type": "key", "key": "\#(name)"}"# }
    func click(_ p: Vec2, at time: Double) -> String { #"{"time": \#(time), "type": "click", "x": \#(p.x), "y": \#(p.y)}"# }
    func wheel(_ notches: Double, at time: Double) -> String { #"{"time": \#(time), "type": "scroll", "dx": 0, "dy": \#(notches)}"# }

    /// The card centred at the session's resting offset, computed from the layout's own
    /// `offset(showing:)` (the nearest), independently of the session.
    func nearestShown(_ session: ViewerSession) -> Int {
        let context = LayoutContext(viewport: testViewport, cardCount: session.deck.count, offset: session.offset)
        let controller = ViewerSession.makeController(session.layoutKind)
        return (0..<session.deck.count).min { a, b in
            let pa = controller.offset(showing: a, in: context), pb = controller.offset(showing: b, in: context)
            return abs(pa.x - session.offset.x) + abs(pa.y - session.offset.y) < abs(pb.x - session.offset.x) + abs(pb.y - session.offset.y)
        }!
    }

    @Test func theCenteredCardFollowsTheScrollInTasksSlideBoxWheelAndCarousels() throws {
        for kind in [LayoutKind.tasks, .slidebox, .wheel, .coverflow] {
            let session = makeSession(kind, cards: 20)
            #expect(session.currentCardIndex == 0)
            try play(script([wheel(-3, at: 0.1), wheel(-2, at: 0.5)], end: 2.5), into: session)
            #expect(!session.needsFrames)
            #expect(session.currentCardIndex != 0, "\(kind.name): the scroll moved the current card")
            #expect(session.currentCardIndex == nearestShown(session), "\(kind.name)")
            #expect(session.focusedCard == nil)  // no key or click yet: no ring
        }
    }

    @Test func pagesAndTheGridKeepTheirCurrentCardWhileScrolling() throws {
        for kind in [LayoutKind.pages, .grid] {
            let session = makeSession(kind, cards: 40)
            try play(script([wheel(-10, at: 0.1)], end: 2), into: session)
            #expect(session.offset.y > 100)
            #expect(session.currentCardIndex == 0, "\(kind.name)")
        }
    }

    @Test func arrowsMoveTheCurrentCardByOneAndTheGridByARowAndScrollItIntoView() throws {
        let grid = makeSession(.grid, cards: 60)
        let columns = GridLayout().columns(viewportWidth: testViewport.width)
        try play(script([key("right", at: 0.1), key("down", at: 0.2)], end: 0.8), into: grid)
        #expect(grid.currentCardIndex == 1 + columns)
        #expect(grid.focusedCard == grid.currentCardID)
        let downs = (0..<12).map { key("down", at: 0.1 + 0.05 * Double($0)) }
        try play(script(downs, end: 2), into: grid)
        let index = try #require(grid.currentCardIndex)
        #expect(index == min(1 + 13 * columns, 59))
        // In view: its slot lies within the viewport at the resting offset.
        let frame = GridLayout().slotFrame(at: index, viewport: testViewport)
        #expect(frame.origin.y >= grid.offset.y - 0.5 && frame.origin.y + frame.size.height <= grid.offset.y + 800.5)

        let wheelSession = makeSession(.wheel, cards: 20)
        try play(script([key("right", at: 0.1), key("right", at: 0.2), key("left", at: 0.3), key("right", at: 0.4)], end: 2), into: wheelSession)
        #expect(wheelSession.currentCardIndex == 2)
        #expect(nearestShown(wheelSession) == 2)  // brought to the centre, and it stays current there

        let tasks = makeSession(.tasks, cards: 20)
        try play(script((0..<19).map { key("down", at: 0.1 + 0.1 * Double($0)) }, end: 4), into: tasks)
        #expect(tasks.currentCardIndex == 19)  // the last, even where the scroll's end clamps
    }

    @Test func deleteTakesTheCurrentCardWhenNothingIsUnderThePointerAndItsNeighborTakesOver() throws {
        let grid = makeSession(.grid, cards: 12)
        // No ring yet: Delete over empty space deletes nothing.
        try play(script([#"{"time": 0.1, "type": "move", "x": 1270, "y": 790}"#, key("delete", at: 0.2)], end: 0.3), into: grid)
        #expect(grid.deck.count == 12)
        // After an arrow the current card (1) carries the ring; Delete over empty space deletes it.
        try play(script([key("right", at: 0.1), key("delete", at: 0.2)], end: 1), into: grid)
        #expect(grid.deck.count == 11 && grid.deck.index(of: CardID(1)) == nil)
        #expect(grid.currentCardID == CardID(2))  // the card now at its place
        #expect(grid.focusedCard == CardID(2))
    }

    @Test func aLayoutSwitchKeepsTheCurrentCardCurrentAndInView() throws {
        let session = makeSession(.wheel, cards: 60)
        session.makeCurrent(CardID(40))
        try play(script([key("4", at: 0.1)], end: 1), into: session)  // the grid
        #expect(session.layoutKind == .grid && session.currentCardIndex == 40)
        let frame = GridLayout().slotFrame(at: 40, viewport: testViewport)
        #expect(frame.origin.y >= session.offset.y - 0.5 && frame.origin.y + frame.size.height <= session.offset.y + 800.5)
        try play(script([key("2", at: 0.1)], end: 1.5), into: session)  // tasks: it follows the scroll, and stays
        #expect(session.layoutKind == .tasks && session.currentCardIndex == 40)
    }

    @Test func makeCurrentBringsTheCardIntoViewAtOnce() {
        let session = makeSession(.grid, cards: 200)
        #expect(session.makeCurrent(CardID(150)))
        #expect(session.currentCardIndex == 150)
        #expect(!session.needsFrames)  // no animation
        let frame = GridLayout().slotFrame(at: 150, viewport: testViewport)
        #expect(frame.origin.y >= session.offset.y - 0.5 && frame.origin.y + frame.size.height <= session.offset.y + 800.5)
        #expect(!session.makeCurrent(CardID(9999)))
        #expect(session.currentCardIndex == 150)

        let wheelSession = makeSession(.wheel, cards: 30)
        #expect(wheelSession.makeCurrent(CardID(17)))
        #expect(closeEnough(wheelSession.offset.x, WheelController().offset(showing: 17, in: LayoutContext(viewport: testViewport, cardCount: 30)).x))
        wheelSession.advance(to: 0.1)
        #expect(wheelSession.currentCardIndex == 17)
    }

    @Test func clicksDoWhatTheirLayoutSays() throws {
        // The grid: a click focuses, a double-click opens.
        let grid = makeSession(.grid, cards: 30)
        let slot = GridLayout().slotFrame(at: 5, viewport: testViewport)
        let p = Vec2(slot.origin.x + slot.size.width / 2, slot.origin.y + slot.size.height / 2)
        try play(script([click(p, at: 0.1)], end: 0.8), into: grid)
        #expect(grid.currentCardIndex == 5 && grid.photoCard == nil)
        #expect(grid.focusedCard == CardID(5))
        try play(script([click(p, at: 0.1), click(p, at: 0.2)], end: 0.8), into: grid)
        #expect(grid.photoCard == CardID(5))

        // Pages: a click opens the page under it in the photo view.
        let pages = makeSession(.pages, cards: 10)
        try play(script([click(Vec2(640, 700), at: 0.1)], end: 0.8), into: pages)
        let opened = try #require(pages.photoCard)
        #expect(pages.currentCardID == opened)
        #expect(pages.highlightedCard == nil)

        // The wheel: a side card comes to the centre (and is current); the centre card opens.
        let spinning = makeSession(.wheel, cards: 20)
        spinning.prepareFrame()
        let side = try #require(spinning.frameCards.filter { $0.index == 2 && !$0.isHidden }.first)
        let corners = projectedCorners(side, offset: spinning.offset)
        let center = corners.reduce(Vec2.zero) { $0 + $1 } / Double(corners.count)
        try play(script([click(center, at: 0.1)], end: 1.5), into: spinning)
        #expect(spinning.currentCardIndex == 2 && spinning.photoCard == nil)
        spinning.prepareFrame()
        let top = try #require(spinning.frameCards.first { $0.index == 2 })
        let topCorners = projectedCorners(top, offset: spinning.offset)
        let topCenter = topCorners.reduce(Vec2.zero) { $0 + $1 } / Double(topCorners.count)
        try play(script([click(topCenter, at: 0.1)], end: 0.8), into: spinning)
        #expect(spinning.photoCard == CardID(2))

        // The wheel: a double-click on a side card opens that card.
        let twice = makeSession(.wheel, cards: 20)
        twice.prepareFrame()
        let other = try #require(twice.frameCards.filter { $0.index == 1 && !$0.isHidden }.first)
        let otherCorners = projectedCorners(other, offset: twice.offset)
        let otherCenter = otherCorners.reduce(Vec2.zero) { $0 + $1 } / Double(otherCorners.count)
        try play(script([click(otherCenter, at: 0.1), click(otherCenter, at: 0.2)], end: 1), into: twice)
        #expect(twice.photoCard == CardID(1))

        // SlideBox: a click opens the front photo.
        let slidebox = makeSession(.slidebox, cards: 10)
        try play(script([wheel(-2, at: 0.1)], end: 1.5), into: slidebox)
        let front = try #require(slidebox.currentCardID)
        try play(script([click(Vec2(640, 400), at: 0.1)], end: 0.8), into: slidebox)
        #expect(slidebox.photoCard == front)
    }
}
