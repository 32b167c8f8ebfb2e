@testable import CardBenchmark
import CardInteraction
import CardLayout
import CardMath
import CardViewerCore
import CardImaging
import Testing

/// The scrolling scenario runs the viewer: its session, fed the fling through the replay path.
@Suite("The scrolling scenario")
struct ViewerScenarioTests {
    @Test("the fling, as pointer events through ReplayPlayer, scrolls the session along the script",
          arguments: LayoutKind.builtIn)
    func followsTheScript(kind: LayoutKind) {
        let viewport = Size(width: 1280, height: 800)
        let cards = 10_000
        let fling = FlingScript(layout: kind.makeLayout(), viewport: viewport, cardCount: cards)
        let warmup = 10, measured = 60
        let session = ViewerSession(deck: Deck(syntheticCount: cards), configuration: .init(layout: kind, viewport: viewport))
        var player = ReplayPlayer(script: FlingReplay.script(fling, warmup: warmup, measured: measured, viewport: viewport))
        for frame in 0..<(warmup + measured) {
            _ = player.playFrame(into: session)
            let expected = frame < warmup ? fling.offset(frame: frame, of: warmup) : fling.offset(frame: frame - warmup, of: measured)
            // The pan starts once the pointer moved past the slop (10 points): the content follows from there.
            #expect((session.offset - expected).length <= 10.001, "\(kind) frame \(frame): \(session.offset) vs \(expected)")
        }
    }
}

/// The benchmark draws what the viewer's own session and controllers lay out.
@Suite("The scrolling scenario draws the viewer's frame", .serialized)
struct ViewerScenarioDrawingTests {
    /// The last measured frame of a wheel run, with `prepare` applied to its session first.
    static func lastFrame(_ prepare: ((ViewerSession) -> Void)?) throws -> RGBAImage {
        let settings = BenchmarkSettings(layouts: [.wheel], cardCounts: [200], viewport: Size(width: 320, height: 200),
                                         warmupFrames: 2, measuredFrames: 8)
        let benchmark = try Benchmark(settings: settings, prepareSession: prepare)
        benchmark.capturesLastFrame = true
        let report = try benchmark.run()
        #expect(report.results.first?.viewerFrame == true)
        return try #require(benchmark.capturedFrame)
    }

    @Test("a change in a controller (the wheel's radius, `]`) changes what the benchmark draws")
    func controllerChange() throws {
        let plain = try Self.lastFrame(nil)
        let again = try Self.lastFrame(nil)
        #expect(plain == again)  // the run is deterministic
        let wider = try Self.lastFrame { session in
            session.handle(.key(KeyEvent(key: .character("]"), isDown: true, time: 0)))
            session.handle(.key(KeyEvent(key: .character("]"), isDown: false, time: 0)))
        }
        var differing = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain[x, y] != wider[x, y] { differing += 1 }
        }
        #expect(Double(differing) > 0.05 * Double(plain.width * plain.height), "\(differing) pixels differ")
    }
}
