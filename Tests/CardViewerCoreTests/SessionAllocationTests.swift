import CMallocCounter
import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// A warm frame of the session — advancing the clock (physics, gestures, animations) and laying
/// out what can be visible — allocates nothing: counted by the test executable's malloc
/// (CMallocCounter) on this thread, in the unoptimized test build.
@Suite("session frames allocate nothing once warm", .serialized,
       .enabled(if: cv_malloc_counting() == 1, "allocations are counted on Linux with glibc only"))
struct SessionAllocationTests {
    /// Allocations of `measured` 60 Hz frames after `warm` frames, each `advance` + `prepareFrame`.
    func allocations(_ kind: LayoutKind, cards: Int = 10_000, prepare: (ViewerSession) -> Void = { _ in },
                     warm: Int = 5, measured: Int = 60) -> UInt64 {
        let session = ViewerSession(deck: Deck(syntheticCount: cards),
                                    configuration: .init(layout: kind, viewport: Size(width: 1280, height: 800)))
        prepare(session)
        func frame() {
            session.advance(to: session.time + 1.0 / 60)
            session.prepareFrame()
        }
        for _ in 0..<warm { frame() }
        let start = cv_malloc_thread_count()
        for _ in 0..<measured { frame() }
        return cv_malloc_thread_count() - start
    }

    @Test("at rest", arguments: LayoutKind.builtIn)
    func atRest(kind: LayoutKind) {
        #expect(allocations(kind) == 0)
    }

    @Test("while a fling decelerates", arguments: LayoutKind.builtIn)
    func fling(kind: LayoutKind) {
        var moved = false
        let count = allocations(kind, prepare: { session in
            let horizontal = kind.makeLayout().scrollAxis == .horizontal
            let from = Vec2(900, 600), to = horizontal ? Vec2(300, 600) : Vec2(900, 100)
            for i in 0...6 {
                let kind: PointerEvent.Kind = i == 0 ? .down : .move
                session.handle(.pointer(PointerEvent(kind, position: from + (to - from) * (Double(i) / 6), time: Double(i) / 60)))
            }
            session.handle(.pointer(PointerEvent(.up, position: to, time: 6.0 / 60)))
            let start = session.offset
            session.advance(to: 0.2)
            moved = session.offset != start
        }, warm: 2, measured: 20)
        #expect(moved)
        #expect(count == 0)
    }

    @Test("while a drag moves the content: a pointer move handled each frame", arguments: LayoutKind.builtIn)
    func drag(kind: LayoutKind) {
        let session = ViewerSession(deck: Deck(syntheticCount: 10_000),
                                    configuration: .init(layout: kind, viewport: Size(width: 1280, height: 800)))
        let horizontal = kind.makeLayout().scrollAxis == .horizontal
        let start = Vec2(900, 600), step = horizontal ? Vec2(-2, 0) : Vec2(0, -2)
        var frame = 0
        func move() {
            frame += 1
            let time = Double(frame) / 60
            session.handle(.pointer(PointerEvent(.move, position: start + step * Double(frame), time: time)))
            session.advance(to: time)
            session.prepareFrame()
        }
        session.handle(.pointer(PointerEvent(.down, position: start, time: 0)))
        // Warm: past the velocity tracker's first trim of old samples (at 0.2 s), whose first run
        // instantiates runtime metadata once.
        for _ in 0..<20 { move() }
        let offset = session.offset
        let before = cv_malloc_thread_count()
        for _ in 0..<30 { move() }
        let count = cv_malloc_thread_count() - before
        #expect(session.offset != offset, "the drag did not move the content")
        #expect(count == 0, "\(count) allocations in 30 frames")
    }

    @Test("the counter counts")
    func counterCounts() {
        let start = cv_malloc_thread_count()
        let arrays = (0..<10).map { [$0] }
        #expect(cv_malloc_thread_count() - start >= 10)
        #expect(arrays.count == 10)
    }
}
