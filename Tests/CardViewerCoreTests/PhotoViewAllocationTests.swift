import CMallocCounter
import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// The photo view's warm frames allocate nothing: a drag panning a zoomed picture, each frame
/// a pointer move, `advance` and `prepareFrame` (counted as `SessionAllocationTests` count).
@Suite("photo view frames allocate nothing once warm", .serialized,
       .enabled(if: cv_malloc_counting() == 1, "allocations are counted on Linux with glibc only"))
struct PhotoViewAllocationTests {
    @Test func aPanningDragAllocatesNothing() throws {
        let session = ViewerSession(deck: Deck(syntheticCount: 1000), configuration: .init(layout: .grid, viewport: testViewport))
        session.pictureSize = { _ in Size(width: 4000, height: 3000) }
        session.handle(.key(KeyEvent(key: .enter, isDown: true, time: 0.1)))
        session.handle(.key(KeyEvent(key: .character("1"), isDown: true, time: 0.5)))
        session.advance(to: 0.6)
        session.prepareFrame()
        #expect(session.photoCard != nil && !session.needsFrames)
        let start = Vec2(900, 600)
        var frame = 0
        func move() {
            frame += 1
            let time = 1 + Double(frame) / 60
            session.handle(.pointer(PointerEvent(.move, position: start + Vec2(-2, -1) * Double(frame), time: time)))
            session.advance(to: time)
            session.prepareFrame()
        }
        session.handle(.pointer(PointerEvent(.down, position: start, time: 1)))
        for _ in 0..<20 { move() }
        let center = try #require(session.photoGeometry).center
        let before = cv_malloc_thread_count()
        for _ in 0..<30 { move() }
        let count = cv_malloc_thread_count() - before
        #expect(try #require(session.photoGeometry).center != center, "the drag did not pan")
        #expect(count == 0, "\(count) allocations in 30 frames")
    }
}
