import CMallocCounter
import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// The options panel costs the hot path nothing: with it open, a drag that scrolls the cards
/// (off the panel) allocates nothing per frame, as without it.
@Suite("the options panel open: drag frames allocate nothing", .serialized,
       .enabled(if: cv_malloc_counting() == 1, "allocations are counted on Linux with glibc only"))
struct OptionsPanelAllocationTests {
    @Test(arguments: [LayoutKind.grid, .pages])
    func dragWithThePanelOpen(kind: LayoutKind) {
        let session = ViewerSession(deck: Deck(syntheticCount: 10_000),
                                    configuration: .init(layout: kind, viewport: Size(width: 1280, height: 800)))
        session.handle(.key(KeyEvent(key: .character("o"), isDown: true, time: 0)))
        #expect(session.showsOptionsPanel)
        let start = Vec2(300, 700), step = Vec2(0, -2)
        var frame = 0
        func move() {
            frame += 1
            let time = Double(frame) / 60
            session.handle(.pointer(PointerEvent(.move, position: start + step * Double(frame), time: time)))
            session.advance(to: time)
            session.prepareFrame()
        }
        session.handle(.pointer(PointerEvent(.down, position: start, time: 0)))
        for _ in 0..<20 { move() }
        let offset = session.offset
        let before = cv_malloc_thread_count()
        for _ in 0..<30 { move() }
        let count = cv_malloc_thread_count() - before
        #expect(session.offset != offset, "the drag did not move the content")
        #expect(count == 0, "\(count) allocations in 30 frames")
    }
}
