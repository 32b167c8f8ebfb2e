import CardLayout
import CardMath
import CardTestSupport
import Foundation
import Testing

/// The reorderable grid (SPEC §2.4): slots, the lifted card, slot lookup and auto-scroll.
@Suite struct GridLayoutTests {
    let layout = GridLayout()
    let viewport = LayoutTestSupport.viewport

    /// Independent slot geometry: margin 40, spacing 20, cards at least 240 wide, 3:4.
    struct Geometry {
        var columns: Int
        var card: Size
        init(width: Double) {
            columns = max(1, Int(floor((width - 80 + 20) / 260)))
            let w = (width - 80 - Double(columns - 1) * 20) / Double(columns)
            card = Size(width: w, height: 0.75 * w)
        }
        func center(_ i: Int) -> Vec2 {
            let row = i / columns, column = i % columns
            return Vec2(40 + Double(column) * (card.width + 20) + card.width / 2,
                        40 + Double(row) * (card.height + 20) + card.height / 2)
        }
    }

    @Test(arguments: [(1280.0, 4), (1920, 7), (800, 2), (300, 1), (1, 1), (7680, 29)])
    func columnsFollowTheViewportWidth(width: Double, columns: Int) {
        #expect(layout.columns(viewportWidth: width) == columns)
        #expect(Geometry(width: width).columns == columns)
    }

    @Test(arguments: [0, 1, 2, 4, 5, 30, 1001])
    func slotsAndContentHeight(count: Int) {
        let g = Geometry(width: viewport.width)
        let rows = (count + g.columns - 1) / g.columns
        let expected = 80 + Double(rows) * g.card.height + Double(max(rows - 1, 0)) * 20
        #expect(closeEnough(layout.contentSize(viewport: viewport, cardCount: count).height, expected))
        let context = LayoutContext(viewport: viewport, cardCount: count)
        for i in [0, 1, count / 2, count - 1] where i >= 0 {
            let card = layout.attributes(at: i, in: context)
            #expect(card.size == g.card)
            #expect(closeEnough(LayoutTestSupport.world(card, .zero, offset: .zero), Vec3(g.center(i).x, g.center(i).y, 0)))
            #expect(card.transform == .identity)
        }
    }

    @Test(arguments: [0.0, 117, 1000, 2345.5, -300, 9000])
    func cullingMatchesBruteForce(offsetY: Double) {
        let count = 45
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: Vec2(0, offsetY))
        let visible = layout.visibleAttributes(in: context).map(\.index)
        #expect(visible == LayoutTestSupport.bruteForceVisible(layout, context, among: 0..<count))
        #expect(layout.candidateRange(in: context).count <= 4 * 7)
    }

    @Test(arguments: [Vec2(640, 400), Vec2(100, 950), Vec2(1270, 1210)])
    func liftedCardFollowsThePointer(pointer: Vec2) {
        var lifting = layout
        let offset = Vec2(0, 500)
        lifting.lifted = (index: 6, position: pointer)
        let context = LayoutContext(viewport: viewport, cardCount: 30, offset: offset)
        let lifted = lifting.attributes(at: 6, in: context)
        // Its center shows exactly under the pointer, raised toward the viewer, 1.1 times bigger.
        let center = LayoutTestSupport.world(lifted, .zero, offset: offset)
        let seen = try! #require(LayoutTestSupport.project(center, viewport: viewport))
        #expect(closeEnough(seen, pointer - offset, absolute: 1e-9))
        #expect(center.z > 0)
        let x = lifted.localToWorld(offset: offset).transformVector(Vec3(1, 0, 0))
        #expect(closeEnough(x.x, 1.1, absolute: 1e-12))
        #expect(lifted.zIndex > (0..<30).map { lifting.attributes(at: $0, in: context) }.filter { $0.index != 6 }.map(\.zIndex).max()!)
        // Every other card keeps its slot; nothing else sits in the lifted card's slot.
        for i in 0..<30 where i != 6 {
            #expect(lifting.attributes(at: i, in: context) == layout.attributes(at: i, in: context))
        }
        // The lifted card is drawn (when on screen), in index order with the others.
        let visible = lifting.visibleAttributes(in: context)
        #expect(visible.contains { $0.index == 6 && $0 == lifted })
        #expect(visible.map(\.index) == visible.map(\.index).sorted())
    }

    @Test func liftedCardFarFromItsSlotIsStillLaidOut() {
        var lifting = layout
        lifting.lifted = (index: 2, position: Vec2(640, 100_400))  // scrolled far below its slot
        let context = LayoutContext(viewport: viewport, cardCount: 100_000, offset: Vec2(0, 100_000))
        let visible = lifting.visibleAttributes(in: context)
        #expect(visible.first?.index == 2)
        #expect(visible.count < 30)
    }

    @Test func slotIndexFindsTheCellUnderAPoint() {
        let g = Geometry(width: viewport.width)
        let context = LayoutContext(viewport: viewport, cardCount: 10)
        for i in 0..<10 {
            let c = g.center(i)
            #expect(layout.slotIndex(at: c, in: context) == i)
            #expect(layout.slotIndex(at: c + Vec2(g.card.width / 2 - 0.5, g.card.height / 2 - 0.5), in: context) == i)
            #expect(layout.slotIndex(at: c - Vec2(g.card.width / 2 - 0.5, g.card.height / 2 - 0.5), in: context) == i)
        }
        #expect(layout.slotIndex(at: g.center(0) + Vec2(g.card.width / 2 + 10, 0), in: context) == nil)  // gap
        #expect(layout.slotIndex(at: Vec2(20, 20), in: context) == nil)                                  // margin
        #expect(layout.slotIndex(at: g.center(10), in: context) == nil)                                  // past the last card
        #expect(layout.slotIndex(at: Vec2(-50, 100), in: context) == nil)
        #expect(layout.slotIndex(at: Vec2(.nan, 100), in: context) == nil)
        #expect(layout.slotIndex(at: Vec2(100, 1e300), in: context) == nil)
    }

    @Test func autoScrollsNearTheEdges() {
        let h = viewport.height
        for y in stride(from: 50.0, through: h - 50, by: 10) {
            #expect(layout.autoScrollSpeed(pointerY: y, viewportHeight: h) == 0)
        }
        #expect(closeEnough(layout.autoScrollSpeed(pointerY: 0, viewportHeight: h), -300))
        #expect(closeEnough(layout.autoScrollSpeed(pointerY: h, viewportHeight: h), 300))
        #expect(closeEnough(layout.autoScrollSpeed(pointerY: 25, viewportHeight: h), -150))
        #expect(closeEnough(layout.autoScrollSpeed(pointerY: h - 10, viewportHeight: h), 240))
        #expect(closeEnough(layout.autoScrollSpeed(pointerY: -40, viewportHeight: h), -300))  // past the edge
        // Faster the closer to the edge.
        let speeds = stride(from: h - 50, through: h, by: 5).map { layout.autoScrollSpeed(pointerY: $0, viewportHeight: h) }
        #expect(zip(speeds, speeds.dropFirst()).allSatisfy { $0 < $1 })
        #expect(layout.autoScrollSpeed(pointerY: .nan, viewportHeight: h) == 0)
        #expect(layout.autoScrollSpeed(pointerY: 10, viewportHeight: 0) == 0)
    }

    @Test func targetOffsetIsTheProposalClamped() {
        let context = LayoutContext(viewport: viewport, cardCount: 40)
        let maximum = layout.contentSize(viewport: viewport, cardCount: 40).height - viewport.height
        let cases: [(Double, Double)] = [(-200, 0), (333.3, 333.3), (maximum + 500, maximum), (.infinity, maximum), (.nan, 0)]
        for (proposed, expected) in cases {
            let release = ScrollRelease(current: Vec2(0, 100), proposed: Vec2(0, proposed), velocity: Vec2(0, 700))
            #expect(layout.targetOffset(for: release, in: context) == Vec2(0, expected))
        }
    }
}
