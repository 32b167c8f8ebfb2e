import CardEvents
import CardMath
import Testing

/// The plain events windows and replay scripts deliver: their time, and the same event later.
@Suite struct ViewerEventTests {
    static let events: [ViewerEvent] = [
        .pointer(PointerEvent(.down, position: Vec2(10, 20), time: 1, button: .secondary)),
        .scroll(ScrollEvent(delta: Vec2(0, -1), time: 2, isPrecise: true)),
        .key(KeyEvent(key: .character("g"), isDown: true, time: 3)),
        .resize(Size(width: 640, height: 400), time: 4),
        .close(time: 5),
        .redraw(time: 6),
    ]

    @Test func eachEventKeepsItsTime() {
        #expect(Self.events.map(\.time) == [1, 2, 3, 4, 5, 6])
    }

    @Test func delayingShiftsOnlyTheTime() {
        for event in Self.events {
            let later = event.delayed(by: 0.5)
            #expect(later.time == event.time + 0.5)
            #expect(later != event)
            #expect(later.delayed(by: -0.5) == event)
            #expect(event.delayed(by: 0) == event)
        }
        guard case let .pointer(moved) = Self.events[0].delayed(by: 2) else {
            Issue.record("a pointer event stays a pointer event")
            return
        }
        #expect(moved.kind == .down && moved.position == Vec2(10, 20) && moved.button == .secondary)
    }
}
