@testable import CardBenchmark
import CardInteraction
import CardLayout
import CardMath
import CardViewerCore
import Testing

/// The photo benchmark's finger: both scroll passes and the end-to-end screens must put the
/// content exactly where the script says, through the session's own gesture handling.
@Suite("bench --images: the drag")
struct PhotoDragTests {
    @Test("a held drag puts the content at each offset exactly, there and back, in every scrolling layout",
          arguments: [LayoutKind.grid, .pages, .tasks, .slidebox])
    func exactOffsets(layout: LayoutKind) {
        let viewport = Size(width: 1280, height: 800)
        let session = ViewerSession(deck: Deck(syntheticCount: 500), configuration: .init(layout: layout, viewport: viewport))
        let end = PhotoDrag.maximumOffset(layout, viewport: viewport, cards: 500)
        #expect(end > 2 * PhotoDrag.screenLength(layout, viewport: viewport))
        var drag = PhotoDrag(layout: layout, viewport: viewport)
        drag.press(session, time: 0)
        let axis = layout.makeLayout().scrollAxis
        var time = 0.0
        for offset in [0.0, 333.25, 1600, end / 2, 10.5, 0] {
            time += 1.0 / 60
            drag.move(session, to: offset, time: time)
            let along = axis == .horizontal ? session.offset.x : session.offset.y
            #expect(abs(along - offset) < 1e-6, "\(layout): \(along) for \(offset)")
        }
    }

    @Test("let go and taken again, the content stays (or snaps) and moves to absolute offsets",
          arguments: [LayoutKind.grid, .pages, .tasks])
    func placeAndPressAgain(layout: LayoutKind) {
        let viewport = Size(width: 1280, height: 800)
        let session = ViewerSession(deck: Deck(syntheticCount: 500), configuration: .init(layout: layout, viewport: viewport))
        let axis = layout.makeLayout().scrollAxis
        func along() -> Double { axis == .horizontal ? session.offset.x : session.offset.y }
        var drag = PhotoDrag(layout: layout, viewport: viewport)
        drag.place(session, at: 1200, time: 0)
        #expect(!drag.isPressed)
        session.advance(to: 2)  // anything the release set moving has stopped
        // Grid and pages rest where they were let go; tasks snaps to a card (a few points).
        let tolerance = layout == .tasks ? 40.0 : 1e-6
        #expect(abs(along() - 1200) < tolerance, "\(layout): \(along()) after letting go at 1200")
        drag.press(session, time: 3)
        #expect(drag.base == along())
        drag.move(session, to: 400, time: 3.1)
        #expect(abs(along() - 400) < 1e-6, "\(layout): \(along()) for 400")
    }

    @Test("screen length and maximum offset follow the layout's axis")
    func axisLengths() {
        let viewport = Size(width: 1280, height: 800)
        #expect(PhotoDrag.screenLength(.grid, viewport: viewport) == 800)
        #expect(PhotoDrag.screenLength(.slidebox, viewport: viewport) == 1280)
        let limit = GridLayout().maximumOffset(viewport: viewport, cardCount: 100)
        #expect(PhotoDrag.maximumOffset(.grid, viewport: viewport, cards: 100) == limit.y)
        #expect(PhotoDrag.maximumOffset(.grid, viewport: viewport, cards: 0) == 0)
    }
}
