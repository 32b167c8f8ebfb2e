import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// The HUD (H): live numbers while frames are drawn, "at rest" and no frames when nothing
/// moves (SPEC §7). Frames are "drawn" here by a 60 Hz loop that reports chosen frame times.
@Suite struct HUDTests {
    /// The HUD's timing line.
    func timing(_ session: ViewerSession) -> String? {
        session.overlayPanels.first { $0.placement == .bottomLeft }?.lines.last
    }

    /// Draws frames every `interval` seconds (virtual) for `seconds`, each reported with that
    /// interval, while the session moves; returns the HUD timing lines seen, in order, deduplicated.
    func drawFrames(_ session: ViewerSession, interval: Double, for seconds: Double) -> [String] {
        var lines: [String] = []
        let end = session.time + seconds
        var first = true
        while session.time < end - 1e-9 {
            session.advance(to: session.time + interval)
            session.prepareFrame()
            session.recordFrame(interval: first ? nil : interval, layoutSeconds: 20e-6)
            first = false
            if let line = timing(session), line != lines.last { lines.append(line) }
        }
        return lines
    }

    /// A long fling in the pages layout: frames for several seconds.
    func fling(_ session: ViewerSession) {
        let t = session.time
        for i in 0...6 {
            let kind: PointerEvent.Kind = i == 0 ? .down : .move
            session.handle(.pointer(PointerEvent(kind, position: Vec2(640, 700 - Double(i) * 100), time: t + Double(i) / 100)))
        }
        session.handle(.pointer(PointerEvent(.up, position: Vec2(640, 100), time: t + 0.06)))
    }

    @Test("the numbers follow the frames while they are drawn, at least twice a second")
    func numbersAreLive() throws {
        let session = makeSession(.pages, cards: 2000)
        session.handle(.key(KeyEvent(key: .character("h"), isDown: true, time: 0.1)))
        #expect(timing(session) == "at rest: nothing drawn to measure")
        fling(session)
        let revision = session.overlayRevision
        let slow = drawFrames(session, interval: 0.020, for: 1.0)
        #expect(session.needsFrames)
        #expect(slow.last == "50.0 fps  20.00 ms/frame  layout 20 us", "\(slow)")
        let fast = drawFrames(session, interval: 0.010, for: 1.0)
        #expect(fast.last == "100.0 fps  10.00 ms/frame  layout 20 us", "\(fast)")
        // Published every 0.4 s: at least two new sets of numbers in each second.
        #expect(session.overlayRevision - revision >= 4)
        #expect(FrameStatistics.refreshInterval <= 0.5)
    }

    @Test("at rest the HUD says so, keeps the last numbers and asks for no frames")
    func atRestTheHUDCostsNothing() throws {
        let session = makeSession(.pages, cards: 2000)
        session.handle(.key(KeyEvent(key: .character("h"), isDown: true, time: 0.1)))
        fling(session)
        _ = drawFrames(session, interval: 0.020, for: 8)
        #expect(!session.needsFrames)
        #expect(timing(session) == "at rest, last: 50.0 fps  20.00 ms/frame  layout 20 us")
        // Nothing moves: the window sleeps, with the HUD on.
        #expect(session.waitBeforeNextFrame(now: session.time, canDraw: true) == nil)
        var loop = WindowLoopSimulation(session: session)
        try loop.play(script([], end: 10))
        #expect(loop.drawTimes.isEmpty)
        // Hidden and shown again: the same numbers, still at rest (once stuck at its first).
        session.handle(.key(KeyEvent(key: .character("h"), isDown: true, time: session.time + 0.1)))
        session.handle(.key(KeyEvent(key: .character("h"), isDown: true, time: session.time + 0.1)))
        #expect(timing(session) == "at rest, last: 50.0 fps  20.00 ms/frame  layout 20 us")
    }

    @Test("a frame after a pause has no interval: the pause is not a slow frame")
    func pausesAreNotFrames() {
        var statistics = FrameStatistics()
        statistics.beginMotion(at: 0)
        statistics.record(interval: nil, layoutSeconds: 1e-5)
        for _ in 0..<30 { statistics.record(interval: 1.0 / 60, layoutSeconds: 1e-5) }
        let refreshed = statistics.refresh(at: 0.5)
        #expect(refreshed)
        #expect(abs(statistics.framesPerSecond - 60) < 1e-9)
        // Nothing measured: nothing published.
        statistics.record(interval: nil, layoutSeconds: 1e-5)
        let published = statistics.publish(at: 1)
        #expect(!published)
        #expect(abs(statistics.framesPerSecond - 60) < 1e-9)
    }
}
