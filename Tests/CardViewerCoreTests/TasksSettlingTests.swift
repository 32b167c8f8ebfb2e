import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The task switcher comes to rest as iOS's does (SPEC §2.2, §2.6): snapped to a card,
/// 0.3–0.5 s after a short drag is let go (it took 1.2–1.5 s in the window, 0.55–0.95 s of
/// virtual time: a soft spring held until its last hundredths of a point stopped).
@Suite struct TasksSettlingTests {
    @Test(arguments: [(60.0, 0.3), (100.0, 0.2), (90.0, 0.5), (150.0, 0.25)])
    func aShortDragRestsWithinHalfASecondOfTheRelease(distance: Double, duration: Double) throws {
        let session = makeSession(.tasks, cards: 30)
        var lastMove = 0.0, last = session.offset.y
        let release = 0.1 + duration
        try play(script([#"{"time": 0.1, "type": "drag", "x": 640, "y": 600, "toX": 640, "toY": \#(600 - distance), "duration": \#(duration)}"#],
                        end: 3), into: session) { t in
            if session.offset.y != last { lastMove = t }
            last = session.offset.y
        }
        let layout = TasksLayout()
        let s = layout.slotHeight(viewport: testViewport)
        let k = (session.offset.y + s / 1.8) / s
        #expect(closeEnough(k, k.rounded(), absolute: 1e-6))
        #expect(!session.needsFrames)
        let settling = lastMove - release
        #expect(settling <= 0.5 + 1e-9, "rested \(settling) s after the release")
        #expect(settling >= 0.2, "rested \(settling) s after the release")
    }
}
