@testable import CardBenchmark
import CardInteraction
import CardLayout
import CardMath
import CardViewerCore
import Testing

/// The scrolling scenario runs the viewer: its session, fed the fling through the replay path.
@Suite("The scrolling scenario")
struct ViewerScenarioTests {
    @Test("the fling, as pointer events through ReplayPlayer, scrolls the session along the script",
          arguments: LayoutKind.allCases)
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
